import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listSavedItems, saveItem, savedWhich } from "../../../common/api/saved";
import type { SavedKind } from "../../../common/saved";
import { call, routeKey } from "../../api/client";

export const savedItemKeys = {
  list: (kind: SavedKind) => routeKey(listSavedItems, kind),
  state: (kind: SavedKind, id: number) => routeKey(savedWhich, kind, id),
};

/**
 * The Save toggles of one screen ask together: the ids asked in the same tick go in one request
 * per kind (a feed of 20 posts makes one call, not 20).
 */
const pending = new Map<SavedKind, Map<number, Array<(saved: boolean) => void>>>();
const failures = new Map<SavedKind, Map<number, Array<(error: unknown) => void>>>();

function flush(kind: SavedKind) {
  const waiting = pending.get(kind);
  const failing = failures.get(kind);
  pending.delete(kind);
  failures.delete(kind);
  if (!waiting || !failing) return;
  const ids = [...waiting.keys()];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    call(savedWhich, { params: { kind }, query: { ids: chunk.join(",") } }).then(
      (r) => {
        const saved = new Set(r.ids);
        for (const id of chunk) for (const done of waiting.get(id) ?? []) done(saved.has(id));
      },
      (err) => {
        for (const id of chunk) for (const fail of failing.get(id) ?? []) fail(err);
      },
    );
  }
}

function isSaved(kind: SavedKind, id: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let waiting = pending.get(kind);
    let failing = failures.get(kind);
    if (!waiting || !failing) {
      waiting = new Map();
      failing = new Map();
      pending.set(kind, waiting);
      failures.set(kind, failing);
      setTimeout(() => flush(kind), 0);
    }
    waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
    failing.set(id, [...(failing.get(id) ?? []), reject]);
  });
}

export function useIsSaved(kind: SavedKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: savedItemKeys.state(kind, id),
    enabled,
    staleTime: 60_000,
    queryFn: () => isSaved(kind, id),
  });
}

export function useToggleSaved(kind: SavedKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (saved: boolean) => call(saveItem, { params: { kind, id }, body: { saved } }),
    onSuccess: ({ saved }) => {
      qc.setQueryData(savedItemKeys.state(kind, id), saved);
      return qc.invalidateQueries({ queryKey: savedItemKeys.list(kind) });
    },
  });
}

/** One tab of /saved, newest saved first, a page at a time. */
export function useSavedItems(kind: SavedKind, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: savedItemKeys.list(kind),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listSavedItems, {
        params: { kind },
        query: pageParam ? { cursor: pageParam, limit: 20 } : { limit: 20 },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
