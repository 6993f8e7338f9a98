import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  createPrompt,
  deletePrompt,
  downloadPrompt,
  getPrompt,
  likePrompt,
  listPrompts,
  updatePrompt,
  votePromptModel,
} from "../../../common/api/prompts";
import { getStats } from "../../../common/api/stats";
import type { ModelVoteInput, Prompt, PromptCreateInput, PromptDetail } from "../../../common/prompts";
import { call, routeKey } from "../../api/client";
import { patchQueries } from "../../api/patch-queries";

export const PROMPTS_PAGE_SIZE = 24;

export interface PromptFilters {
  category: string;
  search: string;
  aiModel: string;
  difficulty: string;
  sort: string;
}

/** Typed query keys: everything under `promptKeys.all` is the library's cache. */
export const promptKeys = {
  all: routeKey(listPrompts),
  lists: routeKey(listPrompts, "list"),
  list: (f: PromptFilters) =>
    routeKey(listPrompts, "list", f.category, f.search, f.aiModel, f.difficulty, f.sort),
  detail: (id: number) => routeKey(listPrompts, id),
};
const statsKey = routeKey(getStats);

export function promptsQuery(filters: PromptFilters) {
  return infiniteQueryOptions({
    queryKey: promptKeys.list(filters),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listPrompts, {
        query: {
          category: filters.category || undefined,
          search: filters.search || undefined,
          aiModel: filters.aiModel || undefined,
          difficulty: filters.difficulty || undefined,
          sort: filters.sort === "newest" ? undefined : filters.sort,
          limit: PROMPTS_PAGE_SIZE,
          cursor: pageParam,
        },
      }),
    getNextPageParam: (last) => (last.length === PROMPTS_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function usePrompts(filters: PromptFilters) {
  return useInfiniteQuery(promptsQuery(filters));
}

export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptKeys.detail(id ?? 0),
    queryFn: () => call(getPrompt, { params: { id: id ?? 0 } }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** Applies `fn` to every cached copy of prompt `id` (list pages and detail). */
function updateCachedPrompt(qc: QueryClient, id: number, fn: (p: Prompt) => Prompt | null): void {
  patchQueries<InfiniteData<Prompt[]>>(qc, { queryKey: promptKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.flatMap((p) => (p.id === id ? (fn(p) ?? []) : [p]))) }
      : data,
  );
  patchQueries<PromptDetail>(qc, { queryKey: promptKeys.detail(id), exact: true }, (p) => {
    if (!p) return p;
    const next = fn(p);
    return next ? { ...p, ...next } : p;
  });
}

export function useSharePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptCreateInput) => call(createPrompt, { body: input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: promptKeys.lists });
      void qc.invalidateQueries({ queryKey: statsKey });
    },
  });
}

/** The author's edit: the answer replaces every cached copy (list pages and detail). */
export function useUpdatePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PromptCreateInput & { id: number }) =>
      call(updatePrompt, { params: { id }, body: input }),
    onSuccess: (updated) => {
      updateCachedPrompt(qc, updated.id, () => updated);
      void qc.invalidateQueries({ queryKey: promptKeys.lists });
    },
  });
}

/** The liked boolean and the count come from the server. */
export function useLikePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(likePrompt, { params: { id } }),
    onSuccess: (res, id) => updateCachedPrompt(qc, id, (p) => ({ ...p, liked: res.liked, likes: res.likes })),
  });
}

export function useRecordDownload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(downloadPrompt, { params: { id } }),
    onSuccess: (res, id) =>
      updateCachedPrompt(qc, id, (p) => ({ ...p, downloaded: true, downloads: res.downloads })),
  });
}

export function useModelVote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelVoteInput) => call(votePromptModel, { params: { id }, body: input }),
    onSuccess: (modelVotes) =>
      qc.setQueryData<PromptDetail>(promptKeys.detail(id), (p) => (p ? { ...p, modelVotes } : p)),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deletePrompt, { params: { id } }),
    onSuccess: (_res, id) => {
      updateCachedPrompt(qc, id, () => null);
      qc.removeQueries({ queryKey: promptKeys.detail(id), exact: true });
      void qc.invalidateQueries({ queryKey: statsKey });
    },
  });
}
