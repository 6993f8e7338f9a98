import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  createForum,
  createReply,
  createThread,
  deleteReply,
  deleteThread,
  getForum,
  getThread,
  joinForum,
  leaveForum,
  listForums,
  listReplies,
  listThreads,
  updateReply,
  updateThread,
} from "../../../common/api/forums";
import type {
  Forum,
  ForumCreateInput,
  Reply,
  Thread,
  ThreadCreateInput,
  ThreadSummary,
  ThreadUpdateInput,
} from "../../../common/forums";
import { call, routeKey } from "../../api/client";
import { patchQueries } from "../../api/patch-queries";

export const FORUMS_PAGE_SIZE = 20;
export const THREADS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 50;

/** Typed query keys: everything under `forumKeys.all` is the forums feature's cache. */
export const forumKeys = {
  all: routeKey(listForums),
  lists: routeKey(listForums, "list"),
  list: (search: string) => routeKey(listForums, "list", search),
  detail: (id: number) => routeKey(listForums, id),
  threads: (forumId: number) => routeKey(listForums, forumId, "threads"),
  thread: (threadId: number) => routeKey(getThread, threadId),
  replies: (threadId: number) => routeKey(getThread, threadId, "replies"),
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
      call(listForums, {
        query: { limit: FORUMS_PAGE_SIZE, cursor: pageParam, search: search || undefined },
      }),
    getNextPageParam: nextCursor<Forum>(FORUMS_PAGE_SIZE),
  });
}

export function useForums(search: string) {
  return useInfiniteQuery(forumsQuery(search));
}

export function forumQuery(forumId: number) {
  return queryOptions({
    queryKey: forumKeys.detail(forumId),
    queryFn: () => call(getForum, { params: { id: forumId } }),
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
      call(listThreads, { params: { id: forumId }, query: { limit: THREADS_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: nextCursor<ThreadSummary>(THREADS_PAGE_SIZE),
  });
}

export function useThreads(forumId: number, enabled = true) {
  return useInfiniteQuery({ ...threadsQuery(forumId), enabled });
}

export function threadQuery(threadId: number) {
  return queryOptions({
    queryKey: forumKeys.thread(threadId),
    queryFn: () => call(getThread, { params: { id: threadId } }),
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
      call(listReplies, { params: { id: threadId }, query: { limit: REPLIES_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: nextCursor<Reply>(REPLIES_PAGE_SIZE),
  });
}

export function useReplies(threadId: number, enabled = true) {
  return useInfiniteQuery({ ...repliesQuery(threadId), enabled });
}

/** Applies `fn` to every cached copy of forum `forumId` (list pages and detail). */
function updateCachedForum(qc: QueryClient, forumId: number, fn: (f: Forum) => Forum): void {
  patchQueries<InfiniteData<Forum[]>>(qc, { queryKey: forumKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((f) => (f.id === forumId ? fn(f) : f))) }
      : data,
  );
  patchQueries<Forum>(qc, { queryKey: forumKeys.detail(forumId), exact: true }, (f) => (f ? fn(f) : f));
}

export function useCreateForum() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ForumCreateInput) => call(createForum, { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export function useMembership(forumId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => call(join ? joinForum : leaveForum, { params: { id: forumId } }),
    onSuccess: (m) =>
      updateCachedForum(qc, forumId, (f) => ({ ...f, isMember: m.isMember, memberCount: m.memberCount })),
  });
}

/** After a thread or reply changes: the forum's counts, its thread order and the thread itself. */
function refreshForum(qc: QueryClient, forumId: number, threadId?: number) {
  void qc.invalidateQueries({ queryKey: forumKeys.detail(forumId), exact: true });
  void qc.invalidateQueries({ queryKey: forumKeys.threads(forumId) });
  void qc.invalidateQueries({ queryKey: forumKeys.lists });
  if (threadId) {
    void qc.invalidateQueries({ queryKey: forumKeys.thread(threadId), exact: true });
    void qc.invalidateQueries({ queryKey: forumKeys.replies(threadId) });
  }
}

export function useCreateThread(forumId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadCreateInput) => call(createThread, { params: { id: forumId }, body: input }),
    onSuccess: (thread) => {
      qc.setQueryData(forumKeys.thread(thread.id), thread);
      refreshForum(qc, forumId);
    },
  });
}

export function useUpdateThread(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadUpdateInput) => call(updateThread, { params: { id: thread.id }, body: input }),
    onSuccess: (updated) => {
      qc.setQueryData(forumKeys.thread(thread.id), updated);
      void qc.invalidateQueries({ queryKey: forumKeys.threads(thread.forumId) });
    },
  });
}

export function useDeleteThread(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(deleteThread, { params: { id: thread.id } }),
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
    mutationFn: (content: string) => call(createReply, { params: { id: thread.id }, body: { content } }),
    onSuccess: () => refreshForum(qc, thread.forumId, thread.id),
  });
}

export function useUpdateReply(thread: Pick<Thread, "id" | "forumId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, content }: { replyId: number; content: string }) =>
      call(updateReply, { params: { id: thread.id, replyId }, body: { content } }),
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
    mutationFn: (replyId: number) => call(deleteReply, { params: { id: thread.id, replyId } }),
    onSuccess: () => refreshForum(qc, thread.forumId, thread.id),
  });
}
