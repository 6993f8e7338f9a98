import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  Forum,
  ForumCreateInput,
  Membership,
  Reply,
  Thread,
  ThreadCreateInput,
  ThreadSummary,
  ThreadUpdateInput,
} from "../../../common/forums";
import { apiRequest, getJson, withQuery } from "../../api/http";

export const FORUMS_PAGE_SIZE = 20;
export const THREADS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 50;

/** Typed query keys: everything under `forumKeys.all` is the forums feature's cache. */
export const forumKeys = {
  all: ["/api/forums"] as const,
  list: (search: string) => ["/api/forums", "list", search] as const,
  detail: (id: number) => ["/api/forums", id] as const,
  threads: (forumId: number) => ["/api/forums", forumId, "threads"] as const,
  thread: (threadId: number) => ["/api/threads", threadId] as const,
  replies: (threadId: number) => ["/api/threads", threadId, "replies"] as const,
};

const nextCursor =
  <T extends { id: number }>(size: number) =>
  (last: T[]) =>
    last.length === size ? last[last.length - 1]?.id : undefined;

export function forumsQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: forumKeys.list(search),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Forum[]>(
        withQuery("/api/forums", { limit: FORUMS_PAGE_SIZE, cursor: pageParam, search: search || undefined }),
      ),
    getNextPageParam: nextCursor<Forum>(FORUMS_PAGE_SIZE),
  });
}

export function useForums(search: string) {
  return useInfiniteQuery(forumsQuery(search));
}

export function forumQuery(forumId: number) {
  return queryOptions({
    queryKey: forumKeys.detail(forumId),
    queryFn: () => getJson<Forum>(`/api/forums/${forumId}`),
    enabled: Number.isInteger(forumId) && forumId > 0,
  });
}

export function useForum(forumId: number) {
  return useQuery(forumQuery(forumId));
}

export function threadsQuery(forumId: number) {
  return infiniteQueryOptions({
    queryKey: forumKeys.threads(forumId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<ThreadSummary[]>(
        withQuery(`/api/forums/${forumId}/threads`, { limit: THREADS_PAGE_SIZE, cursor: pageParam }),
      ),
    getNextPageParam: nextCursor<ThreadSummary>(THREADS_PAGE_SIZE),
  });
}

export function useThreads(forumId: number, enabled = true) {
  return useInfiniteQuery({ ...threadsQuery(forumId), enabled });
}

export function threadQuery(threadId: number) {
  return queryOptions({
    queryKey: forumKeys.thread(threadId),
    queryFn: () => getJson<Thread>(`/api/threads/${threadId}`),
    enabled: Number.isInteger(threadId) && threadId > 0,
  });
}

export function useThread(threadId: number) {
  return useQuery(threadQuery(threadId));
}

export function repliesQuery(threadId: number) {
  return infiniteQueryOptions({
    queryKey: forumKeys.replies(threadId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Reply[]>(
        withQuery(`/api/threads/${threadId}/replies`, { limit: REPLIES_PAGE_SIZE, cursor: pageParam }),
      ),
    getNextPageParam: nextCursor<Reply>(REPLIES_PAGE_SIZE),
  });
}

export function useReplies(threadId: number, enabled = true) {
  return useInfiniteQuery({ ...repliesQuery(threadId), enabled });
}

/** Applies `fn` to every cached copy of forum `forumId` (list pages and detail). */
function updateCachedForum(qc: QueryClient, forumId: number, fn: (f: Forum) => Forum): void {
  qc.setQueriesData<InfiniteData<Forum[]>>({ queryKey: ["/api/forums", "list"] }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((f) => (f.id === forumId ? fn(f) : f))) }
      : data,
  );
  qc.setQueryData<Forum>(forumKeys.detail(forumId), (f) => (f ? fn(f) : f));
}

export function useCreateForum() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ForumCreateInput) => apiRequest<Forum>("POST", "/api/forums", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export function useMembership(forumId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) =>
      apiRequest<Membership>(join ? "POST" : "DELETE", `/api/forums/${forumId}/join`),
    onSuccess: (m) =>
      updateCachedForum(qc, forumId, (f) => ({ ...f, isMember: m.isMember, memberCount: m.memberCount })),
  });
}

/** After a thread or reply changes: the forum's counts, its thread order and the thread itself. */
function refreshForum(qc: QueryClient, forumId: number, threadId?: number) {
  void qc.invalidateQueries({ queryKey: forumKeys.detail(forumId), exact: true });
  void qc.invalidateQueries({ queryKey: forumKeys.threads(forumId) });
  void qc.invalidateQueries({ queryKey: ["/api/forums", "list"] });
  if (threadId) {
    void qc.invalidateQueries({ queryKey: forumKeys.thread(threadId), exact: true });
    void qc.invalidateQueries({ queryKey: forumKeys.replies(threadId) });
  }
}

export function useCreateThread(forumId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadCreateInput) =>
      apiRequest<Thread>("POST", `/api/forums/${forumId}/threads`, input),
    onSuccess: (thread) => {
      qc.setQueryData(forumKeys.thread(thread.id), thread);
      refreshForum(qc, forumId);
    },
  });
}

export function useUpdateThread(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadUpdateInput) => apiRequest<Thread>("PUT", `/api/threads/${thread.id}`, input),
    onSuccess: (updated) => {
      qc.setQueryData(forumKeys.thread(thread.id), updated);
      void qc.invalidateQueries({ queryKey: forumKeys.threads(thread.forumId) });
    },
  });
}

export function useDeleteThread(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/threads/${thread.id}`),
    onSuccess: () => {
      qc.removeQueries({ queryKey: forumKeys.thread(thread.id) });
      qc.removeQueries({ queryKey: forumKeys.replies(thread.id) });
      refreshForum(qc, thread.forumId);
    },
  });
}

export function useCreateReply(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<Reply>("POST", `/api/threads/${thread.id}/replies`, { content }),
    onSuccess: () => refreshForum(qc, thread.forumId, thread.id),
  });
}

export function useUpdateReply(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, content }: { replyId: number; content: string }) =>
      apiRequest<Reply>("PUT", `/api/threads/${thread.id}/replies/${replyId}`, { content }),
    onSuccess: (reply) =>
      qc.setQueryData<InfiniteData<Reply[]>>(forumKeys.replies(thread.id), (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => p.map((r) => (r.id === reply.id ? reply : r))) }
          : data,
      ),
  });
}

export function useDeleteReply(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (replyId: number) => apiRequest("DELETE", `/api/threads/${thread.id}/replies/${replyId}`),
    onSuccess: () => refreshForum(qc, thread.forumId, thread.id),
  });
}
