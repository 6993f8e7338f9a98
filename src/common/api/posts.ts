import { z } from "zod";
import { idParamSchema, messageSchema, pageQuerySchema } from "../http";
import {
  commentCreateSchema,
  commentParamsSchema,
  commentSchema,
  commentUpdateSchema,
  likeResultSchema,
  postCreateSchema,
  postListQuerySchema,
  postSchema,
  postSearchQuerySchema,
  postUpdateSchema,
} from "../posts";
import { route } from "./route";

/** The home feed (SPEC §7 posts calls, plus comments and the shared post link). */
const tags = ["posts"];

export const listPosts = route("GET", "/api/posts", "public", () => ({
  tags,
  summary: "The feed, newest first (limit/cursor; tag filters by hashtag)",
  query: postListQuerySchema,
  response: z.array(postSchema),
  errors: [400],
}));

export const searchPosts = route("GET", "/api/posts/search", "public", () => ({
  tags,
  summary: "Full-text search of posts (content, hashtags, model names), best match first",
  query: postSearchQuerySchema,
  response: z.array(postSchema),
  errors: [400],
}));

export const getPost = route("GET", "/api/posts/:id", "public", () => ({
  tags,
  summary: "One post (the shared link /post/{id}); counts a view",
  params: idParamSchema,
  response: postSchema,
  errors: [400, 404],
}));

export const createPost = route("POST", "/api/posts", "member", () => ({
  tags,
  summary: "Publish a post (moderated); with aiModel and rating it is a model review",
  body: postCreateSchema,
  response: postSchema,
  status: 201,
  errors: [400, 401, 422, 429],
}));

export const updatePost = route("PUT", "/api/posts/:id", "owner", () => ({
  tags,
  summary: "Edit your post (moderated)",
  params: idParamSchema,
  body: postUpdateSchema,
  response: postSchema,
  errors: [400, 401, 403, 404, 422],
}));

export const deletePost = route("DELETE", "/api/posts/:id", "owner", () => ({
  tags,
  summary: "Delete your post with its likes and comments",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));

export const likePost = route("POST", "/api/posts/:id/like", "member", () => ({
  tags,
  summary: "Like or unlike a post; answers whether it is now liked and the like count",
  params: idParamSchema,
  response: likeResultSchema,
  errors: [400, 401, 404],
}));

export const listComments = route("GET", "/api/posts/:id/comments", "public", () => ({
  tags,
  summary: "A post's comments and replies (parentId), oldest first (limit/cursor)",
  params: idParamSchema,
  query: pageQuerySchema,
  response: z.array(commentSchema),
  errors: [400, 404],
}));

export const createComment = route("POST", "/api/posts/:id/comments", "member", () => ({
  tags,
  summary: "Comment on a post, or reply to a comment with parentId (moderated)",
  params: idParamSchema,
  body: commentCreateSchema,
  response: commentSchema,
  status: 201,
  errors: [400, 401, 404, 422, 429],
}));

export const updateComment = route("PUT", "/api/posts/:postId/comments/:commentId", "owner", () => ({
  tags,
  summary: "Edit your comment (moderated); it is marked edited",
  params: commentParamsSchema,
  body: commentUpdateSchema,
  response: commentSchema,
  errors: [400, 401, 403, 404, 422],
}));

export const deleteComment = route("DELETE", "/api/posts/:postId/comments/:commentId", "owner", () => ({
  tags,
  summary: 'Delete your comment (one with replies stays as "[deleted]")',
  params: commentParamsSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
}));
