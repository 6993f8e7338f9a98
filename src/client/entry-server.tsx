import "./zod-jitless";
import { PassThrough } from "node:stream";
import { type DehydratedState, dehydrate, QueryClient } from "@tanstack/react-query";
import { renderToPipeableStream } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { getMe } from "../common/api/auth";
import type { CurrentUser } from "../common/auth";
import { RenderScope } from "../common/render-scope";
import { App } from "./App";
import { call } from "./api/client";
import { ApiError, transport } from "./api/http";
import { authKeys } from "./features/auth/useAuth";
import { headTags } from "./head";
import type { LoaderArgs, PageHead, RouteModule } from "./route-module";
import { pagesFor } from "./routes";

/**
 * The server's render of a page (docs/decisions/0085), loaded by src/server/platform/static.ts from
 * the SSR build (dist/ssr/entry-server.js): every page of a signed-out visitor, and the few pages
 * rendered for members too (`memberRender` in routes.tsx, docs/decisions/0123). The page is the
 * browser's own tree (App.tsx) under a static router; its data comes from the route module's
 * `loader` (routes.tsx, route-module.ts) through the same query-option factories the screens read,
 * answered in process, and is serialised once for hydration (main.tsx).
 */
export interface RenderOptions {
  /** Answers the API requests of the loaders in process, as for a visitor without a session. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * Answers them in process with the request's session, when it has one: the page is then rendered
   * as that member sees it, if it is one rendered for members (otherwise `render` answers null).
   */
  memberFetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Origin and optional base path of canonical URLs (no trailing slash). */
  appUrl: string;
  /** The picture of link previews (a path), when there is one. */
  image?: string;
  /** Told of an error inside the page (the browser renders that part again). */
  onError?: (error: unknown) => void;
}

export interface RenderedPage {
  status: number;
  /** A redirect's target path (with a 3xx status): the page is not rendered. */
  location?: string;
  /** The <head> tags: title, description, canonical, Open Graph, Twitter card. */
  head: string;
  /** The data the page was drawn from, as the text of a `<script type="application/json">`. */
  data: string;
  /** The app's markup, complete (the stream ends once every lazy screen and boundary is in). */
  body: NodeJS.ReadableStream;
}

/**
 * Whose requests a render makes: a member's render runs inside `asMember` with their session's
 * fetch; anything else (a visitor's render, or code that lost its context) asks as a visitor, so no
 * member's session can reach another request's page.
 */
const asMember = new RenderScope<RenderOptions["fetch"]>();
let visitorFetch: RenderOptions["fetch"] | undefined;
transport.fetch = (url, init) => {
  const fetch = asMember.get() ?? visitorFetch;
  if (!fetch) throw new Error("server rendering: no fetch");
  return fetch(url, init);
};

/** The member of the request's session, or null (an expired session renders as a visitor's page). */
async function memberOf(memberFetch: RenderOptions["fetch"]): Promise<CurrentUser | null> {
  try {
    return await asMember.run(memberFetch, () => call(getMe));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The page at `url`, or null when the request's member (`memberFetch`) opened a page the browser
 * draws for members (every page but those marked `memberRender`).
 */
export async function render(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  // Every render runs on the one app of this process: requests go to it in process.
  visitorFetch = options.fetch;
  const { memberFetch } = options;
  if (memberFetch) {
    if (!matchPage(new URL(url, "http://localhost").pathname, true)?.route.page.memberRender) return null;
    const member = await memberOf(memberFetch);
    if (member) return asMember.run(memberFetch, () => renderFor(url, options, member));
  }
  return renderFor(url, options, null);
}

const matchPage = (pathname: string, signedIn: boolean) =>
  matchRoutes(
    pagesFor(signedIn).map((page) => ({ path: page.path, page })),
    pathname,
  )?.at(-1);

async function renderFor(
  url: string,
  options: RenderOptions,
  member: CurrentUser | null,
): Promise<RenderedPage> {
  const parsed = new URL(url, "http://localhost");
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, retryOnMount: false } },
  });
  // Who is signed in, as the browser will know at once (no GET /api/auth/me).
  client.setQueryData(authKeys.me, member);

  const match = matchPage(parsed.pathname, member !== null);
  let head: PageHead = {};
  if (match) {
    const { page } = match.route;
    const [, module] = await Promise.all([page.load(), (page.meta ?? page.load)()]);
    const args: LoaderArgs = { params: match.params, search: parsed.searchParams, client };
    await (module as RouteModule).loader?.(args);
    head = (module as RouteModule).head?.(args) ?? {};
  }

  if (head.redirect && head.status && head.status >= 300 && head.status < 400) {
    return { status: head.status, location: head.redirect, head: "", data: "", body: PassThrough.from([]) };
  }
  const state: DehydratedState = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status !== "pending",
  });
  const body = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    const out = new PassThrough();
    const stream = renderToPipeableStream(
      <App
        client={client}
        router={(routes) => <StaticRouter location={parsed.pathname + parsed.search}>{routes}</StaticRouter>}
      />,
      {
        // Complete HTML for everyone (crawlers, link previews, readers without JavaScript): the
        // data is fetched before rendering, so what is left to wait for is in-process code.
        onAllReady: () => resolve(stream.pipe(out)),
        // Every boundary in place, none sent later with an inline script to move it (the CSP forbids them).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError: (error) => options.onError?.(error),
      },
    );
  });
  return {
    status: head.status ?? 200,
    head: headTags(head, parsed.pathname, options.appUrl, options.image),
    data: JSON.stringify(state).replace(/</g, "\\u003c"),
    body,
  };
}
