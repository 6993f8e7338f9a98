import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { PRODUCT_NAME, TAGLINE } from "../common/constants";
import { FEED_CONTENT_TYPE, LATEST_POSTS_FEED } from "../common/feeds";
import { ApiError } from "./api/http";
import type { PageHead } from "./route-module";

/**
 * The pages' <head> tags as the server sends them (title, description, canonical, Open Graph,
 * Twitter card), so link previews and crawlers read each page's own tags. Imported by the route
 * modules' `head` and the server entry only, never by the browser's entry chunk.
 */
export const DEFAULT_TITLE = `${PRODUCT_NAME} — ${TAGLINE}`;
export const DEFAULT_DESCRIPTION =
  "AI Agora is a community where people share experiences and ratings of AI models, talk in per-model forums, share prompts and compare a directory of AI models.";

export const titled = (title: string) => `${title} · ${PRODUCT_NAME}`;

/** Descriptions are cut near 160 characters on a word boundary. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A page path without trailing slashes ("/" stays "/"). */
export const pagePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/**
 * The tags, one per line, for `appUrl` (origin and optional base path, no trailing slash); `path` is
 * the requested page's, the canonical URL when the head names none. Every value is HTML-escaped.
 */
export function headTags(head: PageHead, path: string, appUrl: string, image?: string): string {
  const title = head.title ?? DEFAULT_TITLE;
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const url = `${appUrl}${head.path ?? pagePath(path)}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:type" content="${head.type ?? "website"}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(`${appUrl}${image}`)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ...(head.alternate ?? (pagePath(path) === "/" ? [LATEST_POSTS_FEED] : [])).map(
      (feed) =>
        `<link rel="alternate" type="${FEED_CONTENT_TYPE}" title="${escapeHtml(feed.title)}" href="${escapeHtml(`${appUrl}${feed.href}`)}" />`,
    ),
  ];
  return tags.join("\n    ");
}

/** The page's status from a query its loader ran: 404 when the API said the thing is not there. */
export function statusOf(client: QueryClient, queryKey: QueryKey): number {
  const error = client.getQueryState(queryKey)?.error;
  return error instanceof ApiError && error.status === 404 ? 404 : 200;
}
