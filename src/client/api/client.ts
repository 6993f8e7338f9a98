import type { AnyRoute, RouteInput, RouteOutput } from "../../common/api/route";
import { routeUrl } from "../../common/api/route";
import { apiRequest } from "./http";

/**
 * The client side of the API contract (src/common/api/, docs/decisions/0082): screens call a route
 * object, never a URL. `call(getPost, { params: { id } })` is typed by the route's schemas — what to
 * send and what comes back — and a renamed route or field fails the typecheck, not a user.
 */
type Args<R extends AnyRoute> = keyof RouteInput<R> extends never
  ? [input?: RouteInput<R>]
  : [input: RouteInput<R>];

export function call<R extends AnyRoute>(r: R, ...[input]: Args<R>): Promise<RouteOutput<R>> {
  const i = input as { params?: unknown; query?: unknown; body?: unknown } | undefined;
  // The one cast between the wire and the contract's types: the server serialised the answer
  // through this route's response schema.
  return apiRequest<RouteOutput<R>>(r.method, routeUrl(r, i), i?.body);
}

/** The URL of a route (for an EventSource, a link, a download). */
export function urlOf<R extends AnyRoute>(r: R, ...[input]: Args<R>): string {
  return routeUrl(r, input as { params?: unknown; query?: unknown } | undefined);
}

/**
 * A query key derived from the route: its path first (so `[route.path]` invalidates every query of
 * the route), then whatever distinguishes one call from another.
 */
export function routeKey<R extends AnyRoute, const Rest extends readonly unknown[]>(
  r: R,
  ...rest: Rest
): readonly [R["path"], ...Rest] {
  return [r.path, ...rest] as const;
}
