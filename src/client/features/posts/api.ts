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
  createComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  likePost,
  listComments,
  listPosts,
  searchPosts,
  updateComment,
  updatePost,
} from "../../../common/api/posts";
import { getStats } from "../../../common/api/stats";
import { uploadImage } from "../../../common/api/uploads";
import type {
  Comment,
  CommentCreateInput,
  CommentUpdateInput,
  Post,
  PostCreateInput,
} from "../../../common/posts";
import { call, routeKey } from "../../api/client";
import { patchQueries } from "../../api/patch-queries";

export const FEED_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;

/** Typed query keys; everything under `postKeys.all` is invalidated after a post changes. */
export const postKeys = {
  all: routeKey(listPosts),
  search: (q: string, tag: string | null) => routeKey(listPosts, "search", q, tag ?? ""),
  recent: (limit: number) => routeKey(listPosts, "recent", limit),
  detail: (id: number) => routeKey(listPosts, id),
  comments: (id: number) => routeKey(listPosts, id, "comments"),
};
export const statsKey = routeKey(getStats);

export function usePostSearch(q: string, tag: string | null) {
  return useQuery({
    queryKey: postKeys.search(q, tag),
    queryFn: () => call(searchPosts, { query: { q, tag: tag ?? undefined, limit: 50 } }),
    enabled: q.length >= 2,
  });
}

export function recentPostsQuery(limit: number) {
  return queryOptions({
    queryKey: postKeys.recent(limit),
    queryFn: () => call(listPosts, { query: { limit } }),
  });
}

export function useRecentPosts(limit: number) {
  return useQuery(recentPostsQuery(limit));
}

export function postQuery(id: number) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => call(getPost, { params: { id } }),
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
  patchQueries<PostsData>(
    qc,
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
    mutationFn: (input: PostCreateInput) => call(createPost, { body: input }),
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
      call(updatePost, { params: { id }, body: { content } }),
    onSuccess: (post) => updateCachedPost(qc, post.id, () => post),
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deletePost, { params: { id } }),
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
    mutationFn: (id: number) => call(likePost, { params: { id } }),
    onSuccess: (res, id) => updateCachedPost(qc, id, (p) => ({ ...p, isLiked: res.liked, likes: res.likes })),
  });
}

/** A post's comments, first page and on (the shared post page's server render reads the first). */
export function commentsQuery(postId: number) {
  return infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listComments, { params: { id: postId }, query: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (last) => (last.length === COMMENTS_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export function useComments(postId: number, enabled = true) {
  return useInfiniteQuery({ ...commentsQuery(postId), enabled });
}

export function useAddComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentCreateInput) => call(createComment, { params: { id: postId }, body: input }),
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
      call(updateComment, { params: { postId, commentId: id }, body: input }),
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
      call(deleteComment, { params: { postId, commentId: id } }),
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
      return call(uploadImage, { body: form });
    },
  });
}
