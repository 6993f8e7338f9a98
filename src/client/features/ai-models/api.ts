import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AiModel,
  AiModelDetail,
  ModelComment,
  ModelPricing,
  ModelReview,
  ModelSort,
  ModelSummary,
  RateResult,
  SavedItems,
} from "../../../common/ai-models";
import { apiRequest, getJson, withQuery } from "../../api/http";

export interface ModelListParams {
  search?: string;
  category?: string;
  pricing?: ModelPricing[];
  sort?: ModelSort;
}

export const MODEL_PAGE_SIZE = 24;
const COMMENT_PAGE_SIZE = 10;
const REVIEW_PAGE_SIZE = 10;

/** Typed query keys; the detail key doubles as its URL (default query function). */
export const modelKeys = {
  all: ["/api/ai-models"] as const,
  lists: () => ["/api/ai-models", "list"] as const,
  list: (p: ModelListParams) => ["/api/ai-models", "list", p] as const,
  detail: (slug: string) => ["/api/ai-models", slug] as const,
  comments: (slug: string) => ["/api/ai-models", slug, "comments"] as const,
  reviews: (slug: string) => ["/api/ai-models", slug, "reviews"] as const,
  compare: (ids: number[]) => ["/api/ai-models", "compare", ids.join(",")] as const,
};
export const savedKeys = { all: ["/api/saved"] as const };

/** The directory's pages for `params`: the screen and the server's render share it (one key, one fetch). */
export function modelListQuery(params: ModelListParams) {
  return infiniteQueryOptions({
    queryKey: modelKeys.list(params),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<ModelSummary[]>(
        withQuery("/api/ai-models", {
          search: params.search,
          category: params.category,
          pricing: params.pricing?.join(","),
          sort: params.sort,
          limit: MODEL_PAGE_SIZE,
          cursor: pageParam,
        }),
      ),
    getNextPageParam: (last) => (last.length === MODEL_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function useModelList(params: ModelListParams) {
  return useInfiniteQuery(modelListQuery(params));
}

export function modelQuery(slug: string) {
  return queryOptions({
    queryKey: modelKeys.detail(slug),
    queryFn: () => getJson<AiModelDetail>(`/api/ai-models/${encodeURIComponent(slug)}`),
  });
}

export function useModel(slug: string) {
  return useQuery(modelQuery(slug));
}

function usePaged<T extends { id: number }>(
  key: readonly unknown[],
  url: string,
  size: number,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => getJson<T[]>(withQuery(url, { limit: size, cursor: pageParam })),
    getNextPageParam: (last) => (last.length === size ? last[last.length - 1]?.id : undefined),
  });
}

export const useComments = (slug: string) =>
  usePaged<ModelComment>(
    modelKeys.comments(slug),
    `/api/ai-models/${encodeURIComponent(slug)}/comments`,
    COMMENT_PAGE_SIZE,
  );

export const useReviews = (slug: string, enabled: boolean) =>
  usePaged<ModelReview>(
    modelKeys.reviews(slug),
    `/api/ai-models/${encodeURIComponent(slug)}/reviews`,
    REVIEW_PAGE_SIZE,
    enabled,
  );

export function compareQuery(ids: number[]) {
  return queryOptions({
    queryKey: modelKeys.compare(ids),
    enabled: ids.length > 0,
    queryFn: () => getJson<AiModel[]>(`/api/ai-models/compare?models=${ids.join(",")}`),
  });
}

export function useCompare(ids: number[]) {
  return useQuery(compareQuery(ids));
}

export function useSaved(enabled: boolean) {
  return useQuery({ queryKey: savedKeys.all, enabled, queryFn: () => getJson<SavedItems>("/api/saved") });
}

/** Applies a change to the cached detail of `slug` (no refetch, so no extra view). */
function useUpdateDetail(slug: string) {
  const qc = useQueryClient();
  return (update: (d: AiModelDetail) => AiModelDetail) =>
    qc.setQueryData<AiModelDetail>(modelKeys.detail(slug), (d) => (d ? update(d) : d));
}

export function useToggleLike(model: AiModelDetail) {
  const qc = useQueryClient();
  const update = useUpdateDetail(model.slug);
  return useMutation({
    mutationFn: (liked: boolean) =>
      apiRequest<{ liked: boolean; likes: number }>("POST", `/api/ai-models/${model.id}/like`, { liked }),
    onSuccess: ({ liked, likes }) => {
      update((d) => ({ ...d, likes, viewer: d.viewer ? { ...d.viewer, liked } : d.viewer }));
      return qc.invalidateQueries({ queryKey: modelKeys.lists() });
    },
  });
}

export function useToggleBookmark(model: AiModelDetail) {
  const qc = useQueryClient();
  const update = useUpdateDetail(model.slug);
  return useMutation({
    mutationFn: (bookmarked: boolean) =>
      apiRequest<{ bookmarked: boolean; bookmarks: number }>("POST", `/api/ai-models/${model.id}/bookmark`, {
        bookmarked,
      }),
    onSuccess: ({ bookmarked }) => {
      update((d) => ({ ...d, viewer: d.viewer ? { ...d.viewer, bookmarked } : d.viewer }));
      return qc.invalidateQueries({ queryKey: savedKeys.all });
    },
  });
}

/** Removes a bookmark from the Saved page. */
export function useRemoveBookmark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: { id: number; slug: string }) =>
      apiRequest("POST", `/api/ai-models/${model.id}/bookmark`, { bookmarked: false }),
    onSuccess: (_data, model) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: savedKeys.all }),
        qc.invalidateQueries({ queryKey: modelKeys.detail(model.slug), exact: true }),
      ]),
  });
}

export function useRateModel(model: AiModelDetail) {
  const qc = useQueryClient();
  const update = useUpdateDetail(model.slug);
  return useMutation({
    mutationFn: (input: { rating: number; review?: string }) =>
      apiRequest<RateResult>("POST", `/api/ai-models/${model.id}/rate`, input),
    onSuccess: (r) => {
      update((d) => ({
        ...d,
        rating: r.averageRating,
        reviewCount: r.reviewCount,
        ratingsByGeneration: r.ratingsByGeneration,
        viewer: d.viewer ? { ...d.viewer, rating: r.rating, review: r.review } : d.viewer,
      }));
      return Promise.all([
        qc.invalidateQueries({ queryKey: modelKeys.reviews(model.slug) }),
        qc.invalidateQueries({ queryKey: modelKeys.comments(model.slug) }),
        qc.invalidateQueries({ queryKey: modelKeys.lists() }),
      ]);
    },
  });
}

export function usePostComment(model: AiModelDetail) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<ModelComment>("POST", `/api/ai-models/${model.id}/comments`, { content }),
    onSuccess: () => qc.invalidateQueries({ queryKey: modelKeys.comments(model.slug) }),
  });
}

export function useCommentActions(slug: string) {
  const qc = useQueryClient();
  const patch = (id: number, change: Partial<ModelComment>) =>
    qc.setQueryData<InfiniteData<ModelComment[]>>(modelKeys.comments(slug), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => page.map((c) => (c.id === id ? { ...c, ...change } : c))),
          }
        : data,
    );
  const like = useMutation({
    mutationFn: (c: { id: number; liked: boolean }) =>
      apiRequest<{ liked: boolean; likes: number }>("POST", `/api/ai-models/comments/${c.id}/like`, {
        liked: c.liked,
      }),
    onSuccess: (r, c) => patch(c.id, r),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/ai-models/comments/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: modelKeys.comments(slug) }),
  });
  return { like, remove };
}
