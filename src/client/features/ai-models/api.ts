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
  AiModelDetail,
  ModelComment,
  ModelPricing,
  ModelReview,
  ModelSort,
  RateInput,
  ReviewSort,
} from "../../../common/ai-models";
import {
  bookmarkModel,
  commentOnModel,
  compareModels,
  deleteModelComment,
  getModel,
  likeModel,
  likeModelComment,
  listModelComments,
  listModelReviews,
  listModels,
  markReviewHelpful,
  rateModel,
} from "../../../common/api/ai-models";
import { listSaved } from "../../../common/api/saved";
import type { Generation } from "../../../common/constants";
import { call, routeKey } from "../../api/client";
import { patchQueries } from "../../api/patch-queries";

export interface ModelListParams {
  search?: string;
  category?: string;
  pricing?: ModelPricing[];
  sort?: ModelSort;
}

/** The review list's order and filters, as in the page's address. */
export interface ReviewFilter {
  sort: ReviewSort;
  generation?: Generation;
  version?: string;
}

export const MODEL_PAGE_SIZE = 24;
const COMMENT_PAGE_SIZE = 10;
const REVIEW_PAGE_SIZE = 10;

/** Typed query keys: everything under `modelKeys.all` is the directory's cache. */
export const modelKeys = {
  all: routeKey(listModels),
  lists: () => routeKey(listModels, "list"),
  list: (p: ModelListParams) => routeKey(listModels, "list", p),
  detail: (slug: string) => routeKey(listModels, slug),
  comments: (slug: string) => routeKey(listModels, slug, "comments"),
  reviews: (slug: string, filter?: ReviewFilter) =>
    filter ? routeKey(listModels, slug, "reviews", filter) : routeKey(listModels, slug, "reviews"),
  compare: (ids: number[]) => routeKey(listModels, "compare", ids.join(",")),
};
export const savedKeys = { all: routeKey(listSaved) };

/** The directory's pages for `params`: the screen and the server's render share it (one key, one fetch). */
export function modelListQuery(params: ModelListParams) {
  return infiniteQueryOptions({
    queryKey: modelKeys.list(params),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listModels, {
        query: {
          search: params.search,
          category: params.category,
          pricing: params.pricing?.join(","),
          sort: params.sort,
          limit: MODEL_PAGE_SIZE,
          cursor: pageParam,
        },
      }),
    getNextPageParam: (last) => (last.length === MODEL_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function useModelList(params: ModelListParams) {
  return useInfiniteQuery(modelListQuery(params));
}

export function modelQuery(slug: string) {
  return queryOptions({
    queryKey: modelKeys.detail(slug),
    queryFn: () => call(getModel, { params: { slug } }),
  });
}

export function useModel(slug: string) {
  return useQuery(modelQuery(slug));
}

function usePaged<T extends { id: number }>(
  key: readonly unknown[],
  fetchPage: (query: { limit: number; cursor: number | undefined }) => Promise<T[]>,
  size: number,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => fetchPage({ limit: size, cursor: pageParam }),
    getNextPageParam: (last) => (last.length === size ? last[last.length - 1]?.id : undefined),
  });
}

export const useComments = (slug: string) =>
  usePaged(
    modelKeys.comments(slug),
    (query) => call(listModelComments, { params: { slug }, query }),
    COMMENT_PAGE_SIZE,
  );

export const useReviews = (slug: string, filter: ReviewFilter, enabled: boolean) =>
  usePaged(
    modelKeys.reviews(slug, filter),
    (query) => call(listModelReviews, { params: { slug }, query: { ...query, ...filter } }),
    REVIEW_PAGE_SIZE,
    enabled,
  );

/** Marks a review helpful (or takes the mark back); every cached page of the model's reviews follows. */
export function useHelpfulVote(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; helpful: boolean }) =>
      call(markReviewHelpful, { params: { id: v.id }, body: { helpful: v.helpful } }),
    onSuccess: (r, v) => {
      patchQueries<InfiniteData<ModelReview[]>>(qc, { queryKey: modelKeys.reviews(slug) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((x) =>
                  x.id === v.id ? { ...x, helpful: r.helpfulCount, votedHelpful: r.helpful } : x,
                ),
              ),
            }
          : data,
      );
    },
  });
}

export function compareQuery(ids: number[]) {
  return queryOptions({
    queryKey: modelKeys.compare(ids),
    enabled: ids.length > 0,
    queryFn: () => call(compareModels, { query: { models: ids.join(",") } }),
  });
}

export function useCompare(ids: number[]) {
  return useQuery(compareQuery(ids));
}

export function useSaved(enabled: boolean) {
  return useQuery({ queryKey: savedKeys.all, enabled, queryFn: () => call(listSaved, {}) });
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
    mutationFn: (liked: boolean) => call(likeModel, { params: { id: model.id }, body: { liked } }),
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
      call(bookmarkModel, { params: { id: model.id }, body: { bookmarked } }),
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
      call(bookmarkModel, { params: { id: model.id }, body: { bookmarked: false } }),
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
    mutationFn: (input: RateInput) => call(rateModel, { params: { id: model.id }, body: input }),
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
        // The star distribution and the score.
        qc.invalidateQueries({ queryKey: modelKeys.detail(model.slug), exact: true }),
        qc.invalidateQueries({ queryKey: modelKeys.comments(model.slug) }),
        qc.invalidateQueries({ queryKey: modelKeys.lists() }),
      ]);
    },
  });
}

export function usePostComment(model: AiModelDetail) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(commentOnModel, { params: { id: model.id }, body: { content } }),
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
      call(likeModelComment, { params: { id: c.id }, body: { liked: c.liked } }),
    onSuccess: (r, c) => patch(c.id, r),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(deleteModelComment, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: modelKeys.comments(slug) }),
  });
  return { like, remove };
}
