import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listModels } from "../../../common/api/ai-models";
import {
  catalogReviewQueue,
  createCatalogModel,
  getCatalogModel,
  listCatalogModels,
  restoreCatalogModel,
  retireCatalogModel,
  updateCatalogModel,
  verifyCatalogModel,
} from "../../../common/api/catalog";
import type { CatalogModelInput, CatalogStatus } from "../../../common/catalog";
import { call, routeKey } from "../../api/client";

export const catalogKeys = {
  all: routeKey(listCatalogModels),
  list: (search: string, status: CatalogStatus) => routeKey(listCatalogModels, "list", search, status),
  queue: routeKey(listCatalogModels, "queue"),
  model: (id: number) => routeKey(getCatalogModel, id),
};

const PAGE = 20;

/** The editor's list of models by name (listed, retired or all), a keyset page at a time. */
export function useCatalogList(search: string, status: CatalogStatus) {
  return useInfiniteQuery({
    queryKey: catalogKeys.list(search, status),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listCatalogModels, {
        query: {
          status,
          limit: PAGE,
          ...(search ? { search } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Models whose facts were never verified or not in the last 90 days, oldest first. */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: catalogKeys.queue,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(catalogReviewQueue, { query: pageParam ? { limit: PAGE, cursor: pageParam } : { limit: PAGE } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The model the editor opens: read afresh each time it opens (nothing kept once the dialog
 * closes), so the form starts from the current facts and the current `updatedAt`.
 */
export const useCatalogModel = (id: number | null) =>
  useQuery({
    queryKey: catalogKeys.model(id ?? 0),
    queryFn: () => call(getCatalogModel, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    gcTime: 0,
  });

/** After any change: the editor's lists and the directory's pages (a model joined, moved or left). */
function useCatalogMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.all }),
        qc.invalidateQueries({ queryKey: routeKey(getCatalogModel) }),
        qc.invalidateQueries({ queryKey: routeKey(listModels) }),
      ]),
  });
}

export const useCreateModel = () =>
  useCatalogMutation((body: CatalogModelInput) => call(createCatalogModel, { body }));

export const useUpdateModel = () =>
  useCatalogMutation(({ id, body }: { id: number; body: CatalogModelInput }) =>
    call(updateCatalogModel, { params: { id }, body }),
  );

export const useRetireModel = () =>
  useCatalogMutation(({ id, reason }: { id: number; reason: string }) =>
    call(retireCatalogModel, { params: { id }, body: reason ? { reason } : {} }),
  );

export const useRestoreModel = () =>
  useCatalogMutation((id: number) => call(restoreCatalogModel, { params: { id } }));

export const useVerifyModel = () =>
  useCatalogMutation((id: number) => call(verifyCatalogModel, { params: { id } }));
