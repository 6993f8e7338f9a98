/**
 * The authorization table: every API route (method + url as Fastify registers it) and who may
 * call it. `authz-matrix.api.test.ts` fails when a registered route has no entry here, so a new
 * route must be classified before it ships. The fuzz test uses the same table to build requests.
 *
 * - public: anyone, signed in or not.
 * - member: any signed-in member (anonymous → 401).
 * - owner: a signed-in member acting on a resource they own (anonymous → 401, another member →
 *   403 or 404 and nothing changes).
 * - admin: administrators only (anonymous → 401, member → 403).
 * - webhook: machine callers that prove themselves with a signature (Stripe), never a session.
 */

import { randomTag } from "./harness";

export type Access = "public" | "member" | "owner" | "admin" | "webhook";

/** Ids of resources made by the fixture owner, filled into path params. */
export interface Fixture {
  ownerId: number;
  otherId: number;
  victimId: number;
  postId: number;
  commentId: number;
  forumId: number;
  threadId: number;
  replyId: number;
  promptId: number;
  notificationId: number;
  modelId: number;
  modelSlug: string;
  modelCommentId: number;
  uploadFile: string;
  flagKey: string;
}

export interface RoutePolicy {
  access: Access;
  /** The concrete url (default: {@link fillPath}). */
  path?: (f: Fixture) => string;
  query?: Record<string, string>;
  /** A valid JSON body, so that an anonymous call reaches the auth check instead of validation. */
  body?: (f: Fixture) => unknown;
  /** The route takes a multipart image upload. */
  upload?: true;
  /** A long-lived event stream: only the anonymous refusal is checked. */
  stream?: true;
  /** Statuses an anonymous caller may legitimately get on a public route besides 2xx/4xx-non-auth. */
  anonymous?: number[];
  /** Ends the caller's session (logout): called with a throwaway member only. */
  endsSession?: true;
  /** 503 is documented for this route (an optional dependency such as Stripe is not configured). */
  may503?: true;
  /** For owner routes: the row that must not change when another member calls the route. */
  guards?: (f: Fixture) => { table: string; id: number };
}

const post = (f: Fixture) => ({ content: `Edited by someone ${f.postId}: thoughts on agents and models` });

export const routePolicy: Record<string, RoutePolicy> = {
  // health
  "GET /api/health": { access: "public" },
  "GET /api/ready": { access: "public", may503: true },
  // auth
  "POST /api/auth/register": {
    access: "public",
    body: () => ({ username: "x", email: "not-an-email", password: "short" }),
  },
  "POST /api/auth/login": {
    access: "public",
    body: () => ({ username: "nobody-here", password: "wrong-password" }),
    anonymous: [401],
  },
  "POST /api/auth/logout": { access: "public", endsSession: true },
  "GET /api/auth/me": { access: "member" },
  "POST /api/auth/forgot-password": { access: "public", body: () => ({ email: "nobody@example.com" }) },
  "POST /api/auth/reset-password": {
    access: "public",
    body: () => ({ token: "not-a-real-token", password: "password123" }),
  },
  "POST /api/auth/verify-email": { access: "public", body: () => ({ token: "not-a-real-token" }) },
  // users and profiles
  "GET /api/users/:id/posts": { access: "public" },
  "GET /api/users/:id/stats": { access: "public" },
  "GET /api/users/:id/activity": { access: "public" },
  "POST /api/profile/avatar": { access: "member", upload: true },
  "DELETE /api/profile/avatar": { access: "member" },
  "GET /api/avatars/:file": { access: "public", path: () => "/api/avatars/nope.webp" },
  "PUT /api/profile": { access: "member", body: () => ({ bio: "Bio set by the authorization matrix" }) },
  "GET /api/users/:id": { access: "public" },
  "GET /api/users/:id/following-status": { access: "member" },
  "POST /api/users/:id/follow": { access: "member" },
  "DELETE /api/users/:id/follow": { access: "member" },
  "GET /api/users/:id/followers": { access: "public" },
  "GET /api/users/:id/following": { access: "public" },
  // notifications, push, search, account
  "GET /api/notifications": { access: "member" },
  "GET /api/notifications/unread-count": { access: "member" },
  "GET /api/notifications/stream": { access: "member", stream: true },
  "PUT /api/notifications/read-all": { access: "member" },
  "PUT /api/notifications/:id/read": {
    access: "owner",
    path: (f) => `/api/notifications/${f.notificationId}/read`,
    guards: (f) => ({ table: "notifications", id: f.notificationId }),
  },
  "GET /api/push/public-key": { access: "public" },
  "GET /api/push/subscribe": { access: "member" },
  "POST /api/push/subscribe": {
    access: "member",
    body: () => ({
      endpoint: "https://push.example.com/send/abc",
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    }),
  },
  "DELETE /api/push/subscribe": {
    access: "member",
    body: () => ({ endpoint: "https://push.example.com/send/abc" }),
  },
  "GET /api/search": { access: "public", query: { q: "agents" } },
  "GET /api/account/notification-preferences": { access: "member" },
  "PUT /api/account/notification-preferences": {
    access: "member",
    body: () => ({ follow: { inApp: true, email: false, push: false } }),
  },
  "POST /api/account/verification-email": { access: "member" },
  "PUT /api/account/email": {
    access: "member",
    body: () => ({ email: "changed@example.com", password: "wrong-password" }),
  },
  "PUT /api/account/password": {
    access: "member",
    body: () => ({ currentPassword: "wrong-password", newPassword: "password456" }),
  },
  "DELETE /api/account": {
    access: "member",
    body: () => ({ password: "wrong-password", confirm: "DELETE" }),
  },
  "GET /api/stats": { access: "public" },
  // posts
  "GET /api/posts": { access: "public" },
  "GET /api/posts/search": { access: "public", query: { q: "agents" } },
  "GET /api/posts/:id": { access: "public" },
  "POST /api/posts": {
    access: "member",
    body: () => ({ content: "A new post from the authorization matrix about prompt design" }),
  },
  "PUT /api/posts/:id": {
    access: "owner",
    body: post,
    guards: (f) => ({ table: "posts", id: f.postId }),
  },
  "DELETE /api/posts/:id": { access: "owner", guards: (f) => ({ table: "posts", id: f.postId }) },
  "POST /api/posts/:id/like": { access: "member" },
  "GET /api/posts/:id/comments": { access: "public" },
  "POST /api/posts/:id/comments": {
    access: "member",
    body: () => ({ content: "A comment from the authorization matrix, thanks for sharing" }),
  },
  "PUT /api/posts/:postId/comments/:commentId": {
    access: "owner",
    body: (f) => ({ content: `An edited comment from the authorization matrix ${f.commentId}` }),
    guards: (f) => ({ table: "post_comments", id: f.commentId }),
  },
  "DELETE /api/posts/:postId/comments/:commentId": {
    access: "owner",
    guards: (f) => ({ table: "post_comments", id: f.commentId }),
  },
  "POST /api/uploads/images": { access: "member", upload: true },
  "GET /api/uploads/:file": { access: "public" },
  // site and subscriptions
  "GET /api/public-config": { access: "public" },
  "GET /api/subscription/plans": { access: "public" },
  "GET /api/subscription/config": { access: "public" },
  "GET /api/subscription/status": { access: "member" },
  "POST /api/subscription/create": { access: "member", body: () => ({ planId: 1 }), may503: true },
  "POST /api/subscription/cancel": { access: "member", may503: true },
  "PUT /api/subscription/theme": { access: "member", body: () => ({ accent: "teal" }) },
  "POST /api/stripe/webhook": {
    access: "webhook",
    body: () => ({ id: "evt_fake", type: "x" }),
    may503: true,
  },
  // support
  "POST /api/support/tickets": {
    access: "member",
    body: () => ({ subject: "Matrix ticket", message: "A support message from the authorization matrix" }),
  },
  "GET /api/support/tickets": { access: "member" },
  // forums
  "GET /api/forums": { access: "public" },
  "POST /api/forums": {
    access: "member",
    body: () => ({
      name: `Matrix forum ${randomTag(6)}`,
      description: "A forum created by the authorization matrix test",
      aiModel: "claude",
    }),
  },
  "GET /api/forums/:id": { access: "public" },
  "POST /api/forums/:id/join": { access: "member" },
  "DELETE /api/forums/:id/join": { access: "member" },
  "GET /api/forums/:id/threads": { access: "public" },
  "POST /api/forums/:id/threads": {
    access: "member",
    body: () => ({ title: "Matrix thread title", content: "Thread content from the authorization matrix" }),
  },
  "GET /api/threads/:id": { access: "public" },
  "PUT /api/threads/:id": {
    access: "owner",
    body: () => ({ title: "Hijacked title here", content: "Hijacked content from another member" }),
    guards: (f) => ({ table: "forum_threads", id: f.threadId }),
  },
  "DELETE /api/threads/:id": { access: "owner", guards: (f) => ({ table: "forum_threads", id: f.threadId }) },
  "GET /api/threads/:id/replies": { access: "public" },
  "POST /api/threads/:id/replies": {
    access: "member",
    body: () => ({ content: "A reply from the authorization matrix test" }),
  },
  "PUT /api/threads/:id/replies/:replyId": {
    access: "owner",
    body: () => ({ content: "Hijacked reply content from another member" }),
    guards: (f) => ({ table: "forum_replies", id: f.replyId }),
  },
  "DELETE /api/threads/:id/replies/:replyId": {
    access: "owner",
    guards: (f) => ({ table: "forum_replies", id: f.replyId }),
  },
  // prompts
  "GET /api/prompts": { access: "public" },
  "POST /api/prompts": {
    access: "member",
    body: () => ({
      title: "Matrix prompt title",
      content: "You are a careful reviewer. Review the following text for clarity.",
      description: "A prompt from the authorization matrix",
      category: "writing",
      aiModel: "claude",
      difficulty: "beginner",
      tags: ["review"],
    }),
  },
  "GET /api/prompts/:id": { access: "public" },
  "PUT /api/prompts/:id": {
    access: "owner",
    body: (f) => ({
      title: `An edited prompt ${f.promptId}`,
      content: "Summarise the following text in three bullet points for a busy reader.",
      category: "writing",
      aiModel: "claude",
    }),
    guards: (f) => ({ table: "prompts", id: f.promptId }),
  },
  "DELETE /api/prompts/:id": { access: "owner", guards: (f) => ({ table: "prompts", id: f.promptId }) },
  "POST /api/prompts/:id/like": { access: "member" },
  "POST /api/prompts/:id/download": { access: "member" },
  "POST /api/prompts/:id/model-votes": { access: "member", body: () => ({ model: "claude", vote: "up" }) },
  // AI models
  "GET /api/ai-models": { access: "public" },
  "GET /api/ai-models/compare": { access: "public", query: { models: "1,2" } },
  "GET /api/ai-models/:slug": { access: "public" },
  "GET /api/ai-models/:slug/comments": { access: "public" },
  "GET /api/ai-models/:slug/reviews": { access: "public" },
  "POST /api/ai-models/:id/like": { access: "member", body: () => ({ liked: true }) },
  "POST /api/ai-models/:id/bookmark": { access: "member", body: () => ({ bookmarked: true }) },
  "POST /api/ai-models/:id/comments": {
    access: "member",
    body: () => ({ content: "A model comment from the authorization matrix" }),
  },
  "POST /api/ai-models/:id/rate": { access: "member", body: () => ({ rating: 4, review: null }) },
  "POST /api/ai-models/comments/:id/like": { access: "member", body: () => ({ liked: true }) },
  "DELETE /api/ai-models/comments/:id": {
    access: "owner",
    guards: (f) => ({ table: "model_comments", id: f.modelCommentId }),
  },
  "GET /api/saved": { access: "member" },
  // admin and moderation
  "GET /api/admin/moderation-stats": { access: "admin" },
  "GET /api/admin/moderation-actions": { access: "admin" },
  "GET /api/admin/moderation-settings": { access: "admin" },
  "PUT /api/admin/moderation-settings": {
    access: "admin",
    body: () => ({
      minLength: 1,
      maxLength: 10000,
      profanityFilter: true,
      spamDetection: true,
      postsPerMinute: 100,
    }),
  },
  "GET /api/admin/audit-log": { access: "admin" },
  "GET /api/admin/users": { access: "admin" },
  "POST /api/admin/users/:id/ban": { access: "admin", body: () => ({ reason: "authorization matrix" }) },
  "POST /api/admin/users/:id/unban": { access: "admin", body: () => ({ reason: "authorization matrix" }) },
  "POST /api/admin/users/:id/rate-limit": {
    access: "admin",
    body: () => ({ hours: 1, reason: "authorization matrix" }),
  },
  "DELETE /api/admin/users/:id/rate-limit": { access: "admin" },
  "POST /api/admin/users/:id/warn": { access: "admin", body: () => ({ message: "Please be kind" }) },
  "POST /api/reports": {
    access: "member",
    body: (f) => ({ targetType: "post", targetId: f.postId, reason: "spam" }),
  },
  "GET /api/admin/reports": { access: "admin" },
  "POST /api/admin/reports/resolve": {
    access: "admin",
    body: (f) => ({ action: "dismiss", targetType: "post", targetId: f.postId }),
  },
  "GET /api/feature-flags": { access: "public" },
  "GET /api/admin/feature-flags": { access: "admin" },
  "PUT /api/admin/feature-flags/:key": { access: "admin", body: () => ({ reason: "authorization matrix" }) },
  // discovery
  "GET /api/trending/topics": { access: "public" },
  "GET /api/trending/posts": { access: "public" },
  "GET /api/trending/creators": { access: "public" },
  "GET /api/generational-insights": { access: "public" },
  "GET /api/explore": { access: "public" },
  "GET /api/creators": { access: "public" },
  "GET /api/analytics/me": { access: "member" },
  "POST /api/analytics/events": { access: "public", body: () => ({ type: "pageview", path: "/explore" }) },
  "GET /api/admin/analytics": { access: "admin" },
  // OpenAPI document
  "GET /api/docs": { access: "public" },
};

/** Fills path params with the fixture's ids, by the route's resource. */
export function fillPath(url: string, f: Fixture): string {
  const byPrefix: [RegExp, Record<string, string | number>][] = [
    [/^\/api\/users\/:id/, { id: f.ownerId }],
    [/^\/api\/admin\/users\/:id/, { id: f.victimId }],
    [/^\/api\/admin\/feature-flags\/:key/, { key: f.flagKey }],
    [/^\/api\/notifications\/:id/, { id: f.notificationId }],
    [/^\/api\/posts\//, { id: f.postId, postId: f.postId, commentId: f.commentId }],
    [/^\/api\/uploads\/:file/, { file: f.uploadFile }],
    [/^\/api\/forums\//, { id: f.forumId }],
    [/^\/api\/threads\//, { id: f.threadId, replyId: f.replyId }],
    [/^\/api\/prompts\//, { id: f.promptId }],
    [/^\/api\/ai-models\/comments\/:id/, { id: f.modelCommentId }],
    [/^\/api\/ai-models\//, { id: f.modelId, slug: f.modelSlug }],
  ];
  const values = byPrefix.find(([re]) => re.test(url))?.[1] ?? {};
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no fixture value for :${name} in ${url}`);
    return encodeURIComponent(String(value));
  });
}
