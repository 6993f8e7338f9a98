import type { z } from "zod";

/**
 * The API contract (issue 20 §2, docs/decisions/0082): every route of the API is one `route(...)`
 * in `src/common/api/<feature>.ts`. The server registers exactly these (platform/contract.ts:
 * `serve`), validating params, query and body and serialising the answer with the schemas given
 * here; the OpenAPI document and the authorization table come from them; a route the contract does
 * not list cannot be registered (app.ts). The client calls through the same objects
 * (client/api/client.ts: `call`, `routeKey`), typed by the schemas, with no URL strings of its own.
 *
 * The schemas are given as a function so that the browser build can drop them: in the client
 * bundle the fourth argument of every `route(...)` in src/common/api/ is replaced by `undefined`
 * (vite.config.ts, `contractSchemasServerOnly`), so a screen that calls a route loads its method
 * and path, never zod. The types stay.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Every API path starts with it (a prefix check, not a call: the service worker's rules). */
export const API_PREFIX = "/api";

/**
 * Who may call a route (the authorization table, src/server/test/route-policy.ts, checks each):
 * - public: anyone, signed in or not.
 * - member: any signed-in member (anonymous → 401).
 * - owner: a signed-in member acting on a resource they own (anonymous → 401, another member →
 *   403 or 404 and nothing changes).
 * - admin: administrators only (anonymous → 401, member → 403).
 * - webhook: machine callers that prove themselves with a signature (Stripe), never a session.
 */
export type Access = "public" | "member" | "owner" | "admin" | "webhook";

// biome-ignore lint/suspicious/noExplicitAny: any zod schema
type Schema = z.ZodType<any, any>;

export interface RouteSchemas {
  /** OpenAPI tag (the feature). */
  tags: string[];
  summary: string;
  params?: Schema;
  query?: Schema;
  /** A JSON body's schema, or "multipart" for a file upload (validated by the handler). */
  body?: Schema | "multipart";
  /** The success answer's schema; absent for an answer with no body (204) or a stream. */
  response?: Schema;
  /** The success status (default 200). */
  status?: 200 | 201 | 202 | 204;
  /** The error statuses the route documents (each answers `errorSchema`). */
  errors?: readonly number[];
  /** Not in the OpenAPI document (the document itself). */
  hide?: boolean;
  /** The answer is not JSON (an event stream, plain text, a redirect). */
  produces?: "text/event-stream" | "text/plain" | "redirect";
}

export interface Route<
  M extends Method = Method,
  P extends string = string,
  S extends RouteSchemas = RouteSchemas,
> {
  method: M;
  path: P;
  access: Access;
  /** Server only: `undefined` in the browser build. */
  schemas: () => S;
}

/** Declares one route of the contract; see the module comment for why `schemas` is a function. */
export function route<M extends Method, P extends `/api/${string}`, S extends RouteSchemas>(
  method: M,
  path: P,
  access: Access,
  schemas: () => S,
): Route<M, P, S> {
  return { method, path, access, schemas };
}

// biome-ignore lint/suspicious/noExplicitAny: matches every route
export type AnyRoute = Route<Method, string, any>;

type SchemasOf<R> = R extends Route<Method, string, infer S> ? S : never;
type OutputOr<T, Fallback> = T extends Schema ? z.output<T> : Fallback;
type InputOf<T> = T extends Schema ? z.input<T> : never;

/** The `:name` parameters of a path. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a caller passes: path params, query and body, each only when the route has them. */
export type RouteInput<R extends AnyRoute> = ([PathParams<R["path"]>] extends [never]
  ? unknown
  : { params: Record<PathParams<R["path"]>, string | number> }) &
  (SchemasOf<R>["query"] extends Schema ? { query?: InputOf<SchemasOf<R>["query"]> } : unknown) &
  (SchemasOf<R>["body"] extends Schema
    ? { body: InputOf<SchemasOf<R>["body"]> }
    : SchemasOf<R>["body"] extends "multipart"
      ? { body: FormData }
      : unknown);

/** What a successful call answers (`undefined` for a route without a JSON answer). */
export type RouteOutput<R extends AnyRoute> = OutputOr<SchemasOf<R>["response"], undefined>;

/** Has the route any input at all (then `call(route)` needs a second argument)? */
export type NeedsInput<R extends AnyRoute> = keyof RouteInput<R> extends never ? false : true;

/** Fills `:name` segments from `params` (encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `path?query` from the defined, non-empty query values (arrays repeat the key). */
export function withQueryString(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The URL a call goes to: the route's path with its params filled in and its query appended. */
export function routeUrl(r: AnyRoute, input?: { params?: unknown; query?: unknown }): string {
  return withQueryString(
    fillPath(r.path, input?.params as Record<string, string | number> | undefined),
    input?.query as Record<string, unknown> | undefined,
  );
}
