import type { FeedLink } from "../common/feeds";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";

/** What a page's loader and head see: the matched route's parameters, the query string, the page's cache. */
export interface LoaderArgs {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  client: QueryClient;
}

/**
 * A page's <head> (src/client/head.ts fills what is left out with the site's defaults) and the
 * HTTP status of its server render (404 for a model, post or thread that is not there).
 */
export interface PageHead {
  title?: string;
  description?: string;
  /** Path (and query, for the comparison) of the canonical URL; the requested path when left out. */
  path?: string;
  type?: "website" | "article";
  status?: number;
  /** With a 3xx status: where the page moved (a path), e.g. a renamed model's old slug (decision 0116). */
  redirect?: string;
  /** Feeds the page advertises with `<link rel="alternate">` (decision 0101); "/" has the latest posts'. */
  alternate?: FeedLink[];
}

/**
 * A screen's module (each lazy screen of src/client/routes.tsx): its component, and for a page a
 * visitor can open, what the server fetches before rendering it (`loader`, through the same
 * query-option factories the component reads, so the keys match) and its head (read from that data).
 */
export interface RouteModule {
  default: ComponentType;
  loader?: (args: LoaderArgs) => Promise<unknown>;
  head?: (args: LoaderArgs) => PageHead;
  /** Loads the lazy parts the screen shows at once, before the browser hydrates a server-rendered page. */
  preload?: (params: LoaderArgs["params"]) => Promise<unknown>;
}
