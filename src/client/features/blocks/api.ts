import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { blockUser, listBlocks, muteTarget, unblockUser, unmuteTarget } from "../../../common/api/blocks";
import type { MuteKind } from "../../../common/blocks";
import { call, routeKey } from "../../api/client";

/** The member's blocks and mutes: small, read once and shared by every menu and the settings page. */
export const blocksQuery = () =>
  queryOptions({ queryKey: routeKey(listBlocks), queryFn: () => call(listBlocks), staleTime: 60_000 });

export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQuery(), enabled });
}

/**
 * After a block or mute every list may change (feeds, comments, threads, search): all queries
 * are refetched when next shown, the blocks list at once.
 */
function useRefreshAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

export function useBlockMember(id: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (block: boolean) => call(block ? blockUser : unblockUser, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useMute() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ kind, target, mute }: { kind: MuteKind; target: string; mute: boolean }) =>
      mute ? call(muteTarget, { body: { kind, target } }) : call(unmuteTarget, { params: { kind, target } }),
    onSuccess: refresh,
  });
}
