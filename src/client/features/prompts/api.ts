import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  ModelVote,
  ModelVoteInput,
  Prompt,
  PromptCreateInput,
  PromptDetail,
} from "../../../common/prompts";
import { apiRequest, getJson, withQuery } from "../../api/http";

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
  all: ["/api/prompts"] as const,
  lists: ["/api/prompts", "list"] as const,
  list: (f: PromptFilters) =>
    ["/api/prompts", "list", f.category, f.search, f.aiModel, f.difficulty, f.sort] as const,
  detail: (id: number) => ["/api/prompts", id] as const,
};
const statsKey = ["/api/stats"] as const;

export function promptsQuery(filters: PromptFilters) {
  return infiniteQueryOptions({
    queryKey: promptKeys.list(filters),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Prompt[]>(
        withQuery("/api/prompts", {
          category: filters.category || undefined,
          search: filters.search || undefined,
          aiModel: filters.aiModel || undefined,
          difficulty: filters.difficulty || undefined,
          sort: filters.sort === "newest" ? undefined : filters.sort,
          limit: PROMPTS_PAGE_SIZE,
          cursor: pageParam,
        }),
      ),
    getNextPageParam: (last) => (last.length === PROMPTS_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function usePrompts(filters: PromptFilters) {
  return useInfiniteQuery(promptsQuery(filters));
}

export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptKeys.detail(id ?? 0),
    queryFn: () => getJson<PromptDetail>(`/api/prompts/${id}`),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** Applies `fn` to every cached copy of prompt `id` (list pages and detail). */
function updateCachedPrompt(qc: QueryClient, id: number, fn: (p: Prompt) => Prompt | null): void {
  qc.setQueriesData<InfiniteData<Prompt[]>>({ queryKey: promptKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.flatMap((p) => (p.id === id ? (fn(p) ?? []) : [p]))) }
      : data,
  );
  qc.setQueryData<PromptDetail>(promptKeys.detail(id), (p) => {
    if (!p) return p;
    const next = fn(p);
    return next ? { ...p, ...next } : p;
  });
}

export function useSharePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptCreateInput) => apiRequest<Prompt>("POST", "/api/prompts", input),
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
      apiRequest<Prompt>("PUT", `/api/prompts/${id}`, input),
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
    mutationFn: (id: number) =>
      apiRequest<{ liked: boolean; likes: number }>("POST", `/api/prompts/${id}/like`),
    onSuccess: (res, id) => updateCachedPrompt(qc, id, (p) => ({ ...p, liked: res.liked, likes: res.likes })),
  });
}

export function useRecordDownload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ counted: boolean; downloads: number }>("POST", `/api/prompts/${id}/download`),
    onSuccess: (res, id) =>
      updateCachedPrompt(qc, id, (p) => ({ ...p, downloaded: true, downloads: res.downloads })),
  });
}

export function useModelVote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelVoteInput) =>
      apiRequest<ModelVote[]>("POST", `/api/prompts/${id}/model-votes`, input),
    onSuccess: (modelVotes) =>
      qc.setQueryData<PromptDetail>(promptKeys.detail(id), (p) => (p ? { ...p, modelVotes } : p)),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/prompts/${id}`),
    onSuccess: (_res, id) => {
      updateCachedPrompt(qc, id, () => null);
      qc.removeQueries({ queryKey: promptKeys.detail(id), exact: true });
      void qc.invalidateQueries({ queryKey: statsKey });
    },
  });
}
