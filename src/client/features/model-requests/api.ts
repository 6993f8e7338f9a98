import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  acceptModelRequest,
  createModelRequest,
  declineModelRequest,
  listModelRequests,
  mergeModelRequest,
  publishModelDraft,
  saveModelDraft,
  upvoteModelRequest,
} from "../../../common/api/model-requests";
import type {
  DraftInput,
  ModelRequestInput,
  ModelRequestSort,
  ModelRequestStatus,
} from "../../../common/model-requests";
import { call, routeKey } from "../../api/client";

type ListStatus = Exclude<ModelRequestStatus, "merged">;

export const requestKeys = {
  all: routeKey(listModelRequests),
  list: (status: ListStatus, sort: ModelRequestSort) => routeKey(listModelRequests, status, sort),
};

const PAGE = 20;

/** One list of requests (open by default), a keyset page at a time. */
export function useModelRequests(status: ListStatus, sort: ModelRequestSort) {
  return useInfiniteQuery({
    queryKey: requestKeys.list(status, sort),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listModelRequests, {
        query: pageParam ? { status, sort, limit: PAGE, cursor: pageParam } : { status, sort, limit: PAGE },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useRequestMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export const useCreateRequest = () =>
  useRequestMutation((body: ModelRequestInput) => call(createModelRequest, { body }));

export const useUpvoteRequest = () =>
  useRequestMutation(({ id, upvoted }: { id: number; upvoted: boolean }) =>
    call(upvoteModelRequest, { params: { id }, body: { upvoted } }),
  );

export const useAcceptRequest = () =>
  useRequestMutation((id: number) => call(acceptModelRequest, { params: { id }, body: {} }));

export const useDeclineRequest = () =>
  useRequestMutation(({ id, reason }: { id: number; reason: string }) =>
    call(declineModelRequest, { params: { id }, body: { reason } }),
  );

export const useMergeRequest = () =>
  useRequestMutation(({ id, intoId }: { id: number; intoId: number }) =>
    call(mergeModelRequest, { params: { id }, body: { intoId } }),
  );

export const useSaveDraft = () =>
  useRequestMutation(({ id, draft }: { id: number; draft: DraftInput }) =>
    call(saveModelDraft, { params: { id }, body: draft }),
  );

export const usePublishDraft = () =>
  useRequestMutation((id: number) => call(publishModelDraft, { params: { id } }));
