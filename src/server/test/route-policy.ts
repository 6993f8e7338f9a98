/**
 * The authorization table: every API route (method + url as Fastify registers it) and who may
 * call it — the `access` each route of the contract declares (src/common/api/route.ts), so a new
 * route is classified where it is declared. `authz-matrix.api.test.ts` checks every route behaves as
 * its access says; the fuzz test uses the same table to build requests.
 *
 * - public: anyone, signed in or not.
 * - member: any signed-in member (anonymous → 401).
 * - owner: a signed-in member acting on a resource they own (anonymous → 401, another member →
 *   403 or 404 and nothing changes).
 * - admin: administrators only (anonymous → 401, member → 403).
 * - webhook: machine callers that prove themselves with a signature (Stripe), never a session.
 */

import { allRoutes } from "../../common/api/index";
import type { Access } from "../../common/api/route";
import { randomTag } from "./harness";

export type { Access };

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
  /** An Arena battle of the owner's (no votes: the owner may delete it), and one to vote on. */
  battleId: number;
  voteBattleId: number;
  notificationId: number;
  modelId: number;
  otherModelId: number;
  modelSlug: string;
  modelCommentId: number;
  uploadFile: string;
  flagKey: string;
  /** A session of the owner other than the one the tests call with. */
  sessionId: number;
  passkeyId: number;
  oidcIdentityId: number;
}

export interface RoutePolicy {
  /** From the contract (src/common/api/): who may call the route. */
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

const fakeRegistration = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA" },
  clientExtensionResults: {},
};
const fakeAssertion = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

const post = (f: Fixture) => ({ content: `Edited by someone ${f.postId}: thoughts on agents and models` });

/**
 * What the tests need to call a route beyond the contract's `access`: a concrete path, a valid body, the
 * statuses it may answer. Routes that need nothing more are absent.
 */
const routeFixtures: Record<string, Omit<RoutePolicy, "access">> = {
  // health
  "GET /api/ready": { may503: true },
  // auth
  "POST /api/auth/register": {
    body: () => ({ username: "x", email: "not-an-email", password: "short" }),
  },
  "POST /api/auth/login": {
    body: () => ({ username: "nobody-here", password: "wrong-password" }),
    anonymous: [401],
  },
  "POST /api/auth/logout": { endsSession: true },
  // oidc (no provider is configured here: start answers 404, the callback 400)
  "POST /api/oidc/start": { body: () => ({ intent: "signin" }) },
  "POST /api/oidc/callback": { body: () => ({ query: "code=abc&state=def" }) },
  "POST /api/oidc/signup": {
    body: () => ({ token: "no-such-token", username: "oidc_fixture", email: "oidc@example.com" }),
  },
  "POST /api/oidc/link-account": { body: () => ({ token: "no-such-token", password: "whatever1" }) },
  "DELETE /api/oidc/identities/:id": {
    path: (f) => `/api/oidc/identities/${f.oidcIdentityId}`,
    guards: (f) => ({ table: "oidc_identities", id: f.oidcIdentityId }),
  },
  "POST /api/auth/forgot-password": { body: () => ({ email: "nobody@example.com" }) },
  "POST /api/auth/reset-password": {
    body: () => ({ token: "not-a-real-token", password: "password123" }),
  },
  "POST /api/auth/verify-email": { body: () => ({ token: "not-a-real-token" }) },
  // users and profiles
  "POST /api/profile/avatar": { upload: true },
  "GET /api/avatars/:file": { path: () => "/api/avatars/nope.webp" },
  // data exports: another member's (or a missing) export answers 404, as the owner filter says
  "GET /api/account/exports/:id/download": { path: () => "/api/account/exports/2147483647/download" },
  "PUT /api/profile": { body: () => ({ bio: "Bio set by the authorization matrix" }) },
  // notifications, push, search, account
  "GET /api/notifications/stream": { stream: true },
  "PUT /api/notifications/:id/read": {
    path: (f) => `/api/notifications/${f.notificationId}/read`,
    guards: (f) => ({ table: "notifications", id: f.notificationId }),
  },
  "POST /api/push/subscribe": {
    body: () => ({
      endpoint: "https://push.example.com/send/abc",
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    }),
  },
  "DELETE /api/push/subscribe": {
    body: () => ({ endpoint: "https://push.example.com/send/abc" }),
  },
  "GET /api/search": { query: { q: "agents" } },
  "PUT /api/account/notification-preferences": {
    body: () => ({ follow: { inApp: true, email: false, push: false } }),
  },
  "PUT /api/account/email": {
    body: () => ({ email: "changed@example.com", password: "wrong-password" }),
  },
  "PUT /api/account/password": {
    body: () => ({ currentPassword: "wrong-password", newPassword: "password456" }),
  },
  // two-factor and sessions (issue 24)
  "POST /api/auth/two-factor": {
    body: () => ({ pendingToken: "no-such-pending-sign-in", code: "123456" }),
    anonymous: [401],
  },
  "POST /api/account/two-factor/setup": { body: () => ({ password: "wrong-password" }) },
  "POST /api/account/two-factor/enable": { body: () => ({ code: "123456" }) },
  "POST /api/account/two-factor/disable": { body: () => ({ password: "wrong-password", code: "123456" }) },
  "POST /api/account/two-factor/recovery-codes": { body: () => ({ password: "wrong-password" }) },
  "DELETE /api/account/sessions/:id": {
    path: (f) => `/api/account/sessions/${f.sessionId}`,
    guards: (f) => ({ table: "sessions", id: f.sessionId }),
  },
  "PUT /api/account/security-preferences": { body: () => ({ newBrowserEmail: true }) },
  "DELETE /api/account": {
    body: () => ({ password: "wrong-password", confirm: "DELETE" }),
  },
  // posts
  "GET /api/posts/search": { query: { q: "agents" } },
  "POST /api/posts": {
    body: () => ({ content: "A new post from the authorization matrix about prompt design" }),
  },
  "PUT /api/posts/:id": {
    body: post,
    guards: (f) => ({ table: "posts", id: f.postId }),
  },
  "DELETE /api/posts/:id": { guards: (f) => ({ table: "posts", id: f.postId }) },
  "POST /api/posts/:id/comments": {
    body: () => ({ content: "A comment from the authorization matrix, thanks for sharing" }),
  },
  "PUT /api/posts/:postId/comments/:commentId": {
    body: (f) => ({ content: `An edited comment from the authorization matrix ${f.commentId}` }),
    guards: (f) => ({ table: "post_comments", id: f.commentId }),
  },
  "DELETE /api/posts/:postId/comments/:commentId": {
    guards: (f) => ({ table: "post_comments", id: f.commentId }),
  },
  "POST /api/uploads/images": { upload: true },
  // site and subscriptions
  "POST /api/subscription/create": { body: () => ({ planId: 1 }), may503: true },
  "POST /api/subscription/cancel": { may503: true },
  "PUT /api/subscription/theme": { body: () => ({ accent: "teal" }) },
  "POST /api/stripe/webhook": {
    body: () => ({ id: "evt_fake", type: "x" }),
    may503: true,
  },
  // support
  "POST /api/support/tickets": {
    body: () => ({ subject: "Matrix ticket", message: "A support message from the authorization matrix" }),
  },
  // forums
  "POST /api/forums": {
    body: () => ({
      name: `Matrix forum ${randomTag(6)}`,
      description: "A forum created by the authorization matrix test",
      aiModel: "claude",
    }),
  },
  "POST /api/forums/:id/threads": {
    body: () => ({ title: "Matrix thread title", content: "Thread content from the authorization matrix" }),
  },
  "PUT /api/threads/:id": {
    body: () => ({ title: "Hijacked title here", content: "Hijacked content from another member" }),
    guards: (f) => ({ table: "forum_threads", id: f.threadId }),
  },
  "DELETE /api/threads/:id": { guards: (f) => ({ table: "forum_threads", id: f.threadId }) },
  "POST /api/threads/:id/replies": {
    body: () => ({ content: "A reply from the authorization matrix test" }),
  },
  "PUT /api/threads/:id/replies/:replyId": {
    body: () => ({ content: "Hijacked reply content from another member" }),
    guards: (f) => ({ table: "forum_replies", id: f.replyId }),
  },
  "DELETE /api/threads/:id/replies/:replyId": {
    guards: (f) => ({ table: "forum_replies", id: f.replyId }),
  },
  // prompts
  "POST /api/prompts": {
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
  "PUT /api/prompts/:id": {
    body: (f) => ({
      title: `An edited prompt ${f.promptId}`,
      content: "Summarise the following text in three bullet points for a busy reader.",
      category: "writing",
      aiModel: "claude",
    }),
    guards: (f) => ({ table: "prompts", id: f.promptId }),
  },
  "DELETE /api/prompts/:id": { guards: (f) => ({ table: "prompts", id: f.promptId }) },
  "POST /api/prompts/:id/model-votes": { body: () => ({ model: "claude", vote: "up" }) },
  // AI models
  "GET /api/ai-models/compare": { query: { models: "1,2" } },
  "POST /api/ai-models/:id/like": { body: () => ({ liked: true }) },
  "POST /api/ai-models/:id/bookmark": { body: () => ({ bookmarked: true }) },
  // Saved items (decision 0099)
  "GET /api/saved/:kind": { path: () => "/api/saved/posts" },
  "GET /api/saved/:kind/which": { path: () => "/api/saved/posts/which", query: { ids: "1,2" } },
  "POST /api/saved/:kind/:id": {
    path: (f) => `/api/saved/posts/${f.postId}`,
    body: () => ({ saved: true }),
  },
  // Model requests (decisions 0111, 0112): ids no request has (404 after the access check)
  "POST /api/model-requests": {
    body: () => ({
      name: `Matrix model ${randomTag(6)}`,
      maker: "Matrix Labs",
      link: "https://example.com/matrix",
      why: `Requested by the authorization matrix ${randomTag(6)}`,
    }),
  },
  "PUT /api/model-requests/:id/upvote": {
    path: () => "/api/model-requests/2147483647/upvote",
    body: () => ({ upvoted: true }),
  },
  "POST /api/admin/model-requests/:id/accept": {
    path: () => "/api/admin/model-requests/2147483647/accept",
    body: () => ({}),
  },
  "POST /api/admin/model-requests/:id/decline": {
    path: () => "/api/admin/model-requests/2147483647/decline",
    body: () => ({ reason: "authorization matrix" }),
  },
  "POST /api/admin/model-requests/:id/merge": {
    path: () => "/api/admin/model-requests/2147483647/merge",
    body: () => ({ intoId: 2147483646 }),
  },
  "PUT /api/admin/model-requests/:id/draft": {
    path: () => "/api/admin/model-requests/2147483647/draft",
    body: () => ({
      name: "Matrix model",
      maker: "Matrix Labs",
      link: "https://example.com/matrix",
      description: "",
      category: null,
      pricing: null,
    }),
  },
  "POST /api/admin/model-requests/:id/publish": {
    path: () => "/api/admin/model-requests/2147483647/publish",
  },
  // Model versions (decisions 0114, 0115): ids no model or version has (404 after the access check)
  "POST /api/admin/ai-models/:id/versions": {
    path: () => "/api/admin/ai-models/2147483647/versions",
    body: () => ({ name: `Matrix version ${randomTag(6)}`, releaseDate: "2024-06-01", notes: "" }),
  },
  "PUT /api/admin/model-versions/:id": {
    path: () => "/api/admin/model-versions/2147483647",
    body: () => ({ name: "Matrix version", releaseDate: "2024-06-01", notes: "" }),
  },
  "DELETE /api/admin/model-versions/:id": { path: () => "/api/admin/model-versions/2147483647" },
  // Catalog editing (decisions 0116, 0117): ids no model has (404 after the access check); the
  // admin's create makes a throwaway model with a unique name.
  "GET /api/admin/catalog/models/:id": { path: () => "/api/admin/catalog/models/2147483647" },
  "POST /api/admin/catalog/models": {
    body: () => ({
      name: `Matrix catalog model ${randomTag(6)}`,
      company: "Matrix Labs",
      description: "A model created by the authorization matrix",
      category: "Language Models",
      pricing: "Free",
    }),
  },
  "PUT /api/admin/catalog/models/:id": {
    path: () => "/api/admin/catalog/models/2147483647",
    body: () => ({
      name: "Matrix catalog model",
      company: "Matrix Labs",
      description: "A model edited by the authorization matrix",
      category: "Language Models",
      pricing: "Free",
    }),
  },
  "POST /api/admin/catalog/models/:id/retire": {
    path: () => "/api/admin/catalog/models/2147483647/retire",
    body: () => ({ reason: "authorization matrix" }),
  },
  "POST /api/admin/catalog/models/:id/restore": {
    path: () => "/api/admin/catalog/models/2147483647/restore",
  },
  "POST /api/admin/catalog/models/:id/verify": { path: () => "/api/admin/catalog/models/2147483647/verify" },
  "POST /api/ai-models/:id/comments": {
    body: () => ({ content: "A model comment from the authorization matrix" }),
  },
  "POST /api/ai-models/:id/rate": { body: () => ({ rating: 4, review: null }) },
  "POST /api/ai-models/comments/:id/like": { body: () => ({ liked: true }) },
  "DELETE /api/ai-models/comments/:id": {
    guards: (f) => ({ table: "model_comments", id: f.modelCommentId }),
  },
  // admin and moderation
  "PUT /api/admin/moderation-settings": {
    body: () => ({
      minLength: 1,
      maxLength: 10000,
      profanityFilter: true,
      spamDetection: true,
      postsPerMinute: 100,
    }),
  },
  "POST /api/admin/users/:id/ban": { body: () => ({ reason: "authorization matrix" }) },
  "POST /api/admin/users/:id/unban": { body: () => ({ reason: "authorization matrix" }) },
  "POST /api/admin/users/:id/rate-limit": {
    body: () => ({ hours: 1, reason: "authorization matrix" }),
  },
  "POST /api/admin/users/:id/warn": { body: () => ({ message: "Please be kind" }) },
  "POST /api/reports": {
    body: (f) => ({ targetType: "post", targetId: f.postId, reason: "spam" }),
  },
  "POST /api/admin/reports/resolve": {
    body: (f) => ({ action: "dismiss", targetType: "post", targetId: f.postId }),
  },
  "PUT /api/admin/feature-flags/:key": { body: () => ({ reason: "authorization matrix" }) },
  // passkeys: the fixture's requests are well formed; no authenticator answers them
  "POST /api/passkeys": { body: () => ({ name: "Laptop", response: fakeRegistration }) },
  "PATCH /api/passkeys/:id": {
    body: () => ({ name: "Renamed by the authorization matrix" }),
    guards: (f) => ({ table: "passkeys", id: f.passkeyId }),
  },
  "DELETE /api/passkeys/:id": {
    body: () => ({ password: "password123" }),
    guards: (f) => ({ table: "passkeys", id: f.passkeyId }),
  },
  "POST /api/auth/passkey": { body: () => ({ response: fakeAssertion }), anonymous: [401] },
  // discovery
  // Not the fixture owner: a block removes the notices between the two (the owner's fixture one).
  "PUT /api/users/:id/block": { path: (f) => `/api/users/${f.victimId}/block` },
  "DELETE /api/users/:id/block": { path: (f) => `/api/users/${f.victimId}/block` },
  "POST /api/mutes": { body: () => ({ kind: "hashtag", target: "matrix" }) },
  "POST /api/analytics/events": { body: () => ({ type: "pageview", path: "/explore" }) },
  // OpenAPI document
  // arena
  "GET /api/arena/head-to-head": { query: { ids: "1,2" } },
  "POST /api/arena/battles": {
    body: (f) => arenaBattleBody(f, "A battle submitted by the authorization matrix"),
  },
  "DELETE /api/arena/battles/:id": { guards: (f) => ({ table: "arena_battles", id: f.battleId }) },
  "POST /api/arena/battles/:id/vote": {
    path: (f) => `/api/arena/battles/${f.voteBattleId}/vote`,
    body: () => ({ choice: "tie" }),
  },
};

/** A valid battle between the fixture's two models. */
export function arenaBattleBody(
  f: Pick<Fixture, "modelId" | "otherModelId">,
  prompt = "Explain recursion to a new programmer",
) {
  const side = (modelId: number, response: string) => ({
    modelId,
    response,
    version: "",
    usedOn: "2025-01-15",
  });
  return {
    prompt,
    category: "Language Models",
    tags: ["coding"],
    a: side(f.modelId, "Recursion is when a function calls itself on a smaller input."),
    b: side(f.otherModelId, "A recursive function solves a problem by solving smaller copies of it."),
  };
}

/**
 * The authorization table: every route of the API contract with its access level, as the contract
 * declares it (src/common/api/), and its fixture for the tests.
 */
export const routePolicy: Record<string, RoutePolicy> = Object.fromEntries(
  allRoutes().map((r) => {
    const key = `${r.method} ${r.path}`;
    return [key, { ...routeFixtures[key], access: r.access }];
  }),
);

const staleFixtures = Object.keys(routeFixtures).filter((key) => !(key in routePolicy));
if (staleFixtures.length > 0)
  throw new Error(`route fixtures for routes not in the contract: ${staleFixtures.join(", ")}`);

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
    [/^\/api\/arena\//, { id: f.battleId, slug: f.modelSlug }],
    [/^\/api\/passkeys\/:id/, { id: f.passkeyId }],
    [/^\/api\/ai-models\/comments\/:id/, { id: f.modelCommentId }],
    [/^\/api\/ai-models\//, { id: f.modelId, slug: f.modelSlug }],
    [/^\/api\/mutes\//, { kind: "hashtag", target: "matrix" }],
    [/^\/api\/follows\/topics\//, { kind: "hashtag", target: "matrix" }],
    [/^\/api\/history\//, { kind: "posts", id: f.postId }],
  ];
  const values = byPrefix.find(([re]) => re.test(url))?.[1] ?? {};
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no fixture value for :${name} in ${url}`);
    return encodeURIComponent(String(value));
  });
}
