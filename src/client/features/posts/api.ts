import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  Comment,
  CommentCreateInput,
  CommentUpdateInput,
  LikeResult,
  Post,
  PostCreateInput,
  UploadResult,
} from "../../../common/posts";
import { apiRequest, getJson, withQuery } from "../../api/http";

export const FEED_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;

/** Typed query keys; everything under `postKeys.all` is invalidated after a post changes. */
export const postKeys = {
  all: ["/api/posts"] as const,
  feed: (tag: string | null) => ["/api/posts", "feed", tag ?? ""] as const,
  search: (q: string, tag: string | null) => ["/api/posts", "search", q, tag ?? ""] as const,
  recent: (limit: number) => ["/api/posts", "recent", limit] as const,
  detail: (id: number) => ["/api/posts", id] as const,
  comments: (id: number) => ["/api/posts", id, "comments"] as const,
};
export const statsKey = ["/api/stats"] as const;

export function useFeed(tag: string | null) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(tag),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Post[]>(
        withQuery("/api/posts", { limit: FEED_PAGE_SIZE, cursor: pageParam, tag: tag ?? undefined }),
      ),
    getNextPageParam: (last) => (last.length === FEED_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function usePostSearch(q: string, tag: string | null) {
  return useQuery({
    queryKey: postKeys.search(q, tag),
    queryFn: () => getJson<Post[]>(withQuery("/api/posts/search", { q, tag: tag ?? undefined, limit: 50 })),
    enabled: q.length >= 2,
  });
}

export function recentPostsQuery(limit: number) {
  return queryOptions({
    queryKey: postKeys.recent(limit),
    queryFn: () => getJson<Post[]>(withQuery("/api/posts", { limit })),
  });
}

export function useRecentPosts(limit: number) {
  return useQuery(recentPostsQuery(limit));
}

export function postQuery(id: number) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => getJson<Post>(`/api/posts/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function usePost(id: number) {
  return useQuery(postQuery(id));
}

type PostsData = InfiniteData<Post[]> | Post[] | Post | undefined;

/** Applies `fn` to every cached copy of post `id` (feed pages, search results, detail). */
function updateCachedPost(qc: QueryClient, id: number, fn: (p: Post) => Post | null): void {
  const apply = (list: Post[]) => list.flatMap((p) => (p.id === id ? (fn(p) ?? []) : [p]));
  const isPostsQuery = (key: readonly unknown[]) => key[2] !== "comments";
  qc.setQueriesData<PostsData>(
    { queryKey: postKeys.all, predicate: (q) => isPostsQuery(q.queryKey) },
    (data) => {
      if (!data) return data;
      if (Array.isArray(data)) return apply(data);
      if ("pages" in data) return { ...data, pages: data.pages.map(apply) };
      if ("id" in data && data.id === id) return fn(data) ?? data;
      return data;
    },
  );
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PostCreateInput) => apiRequest<Post>("POST", "/api/posts", input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: postKeys.all });
      void qc.invalidateQueries({ queryKey: statsKey });
    },
  });
}

export function useUpdatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      apiRequest<Post>("PUT", `/api/posts/${id}`, { content }),
    onSuccess: (post) => updateCachedPost(qc, post.id, () => post),
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/posts/${id}`),
    onSuccess: (_res, id) => {
      updateCachedPost(qc, id, () => null);
      qc.removeQueries({ queryKey: postKeys.detail(id), exact: true });
      void qc.invalidateQueries({ queryKey: statsKey });
    },
  });
}

/** The liked boolean and the count come from the server (SPEC §4). */
export function useLikePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<LikeResult>("POST", `/api/posts/${id}/like`),
    onSuccess: (res, id) => updateCachedPost(qc, id, (p) => ({ ...p, isLiked: res.liked, likes: res.likes })),
  });
}

export function useComments(postId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Comment[]>(
        withQuery(`/api/posts/${postId}/comments`, { limit: COMMENTS_PAGE_SIZE, cursor: pageParam }),
      ),
    getNextPageParam: (last) => (last.length === COMMENTS_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    enabled,
  });
}

export function useAddComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentCreateInput) =>
      apiRequest<Comment>("POST", `/api/posts/${postId}/comments`, input),
    onSuccess: () => {
      updateCachedPost(qc, postId, (p) => ({ ...p, comments: p.comments + 1 }));
      void qc.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

/** Edits the member's own comment; the answer replaces it in the cached thread. */
export function useEditComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CommentUpdateInput & { id: number }) =>
      apiRequest<Comment>("PUT", `/api/posts/${postId}/comments/${id}`, input),
    onSuccess: (updated) => {
      qc.setQueryData<InfiniteData<Comment[]>>(postKeys.comments(postId), (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => page.map((c) => (c.id === updated.id ? updated : c))) }
          : data,
      );
    },
  });
}

/**
 * Deletes the member's comment. One with replies stays as "[deleted]" and still counts
 * (docs/decisions/0070), so the post's count drops only when the comment had none.
 */
export function useDeleteComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; hasReplies: boolean }) =>
      apiRequest("DELETE", `/api/posts/${postId}/comments/${id}`),
    onSuccess: (_res, { hasReplies }) => {
      if (!hasReplies) updateCachedPost(qc, postId, (p) => ({ ...p, comments: Math.max(0, p.comments - 1) }));
      void qc.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("image", file);
      return apiRequest<UploadResult>("POST", "/api/uploads/images", form);
    },
  });
}
