import { useInfiniteQuery } from "@tanstack/react-query";
import { getHistory } from "../../../common/api/history";
import type { HistoryKind } from "../../../common/history";
import { call, routeKey } from "../../api/client";

/** An item's revisions, newest first, a page at a time; a new edit (`editedAt`) reads afresh. */
export function useHistory(kind: HistoryKind, id: number, editedAt: string) {
  return useInfiniteQuery({
    queryKey: routeKey(getHistory, kind, id, editedAt),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(getHistory, {
        params: { kind, id },
        query: pageParam ? { cursor: pageParam, limit: 20 } : { limit: 20 },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
