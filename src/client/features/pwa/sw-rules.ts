import { listModels } from "../../../common/api/ai-models";
import { API_PREFIX } from "../../../common/api/route";

/**
 * The service worker's routing rules and push parsing, kept pure so they can be unit-tested.
 * Only these requests are ever answered by the worker:
 * - precached build files (hashed assets, icons, manifest, offline page);
 * - page navigations, always from the network, with the offline page when the network fails;
 * - GET /api/ai-models (the public model directory list), stale-while-revalidate.
 * Every other request, and every API write, goes to the network untouched. Any API write (a
 * like, a comment, signing in or out...) empties the directory cache, so a member never sees
 * data cached before a change they made or under another account.
 */
export const MODEL_DIRECTORY_CACHE = "api-model-directory";
export const OFFLINE_URL = "/offline.html";
export const NOTIFICATION_ICON = "/icons/icon-192.png";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isModelDirectoryRead(url: URL, method: string, origin: string): boolean {
  return method === "GET" && url.origin === origin && url.pathname === listModels.path;
}

export function isApiWrite(url: URL, method: string, origin: string): boolean {
  return (
    !READ_METHODS.has(method.toUpperCase()) &&
    url.origin === origin &&
    url.pathname.startsWith(`${API_PREFIX}/`)
  );
}

/** A page navigation of the app (not the API, uploads or the docs). */
export function isAppNavigation(url: URL, mode: string, origin: string): boolean {
  if (mode !== "navigate" || url.origin !== origin) return false;
  return !url.pathname.startsWith(`${API_PREFIX}/`) && !url.pathname.startsWith("/uploads/");
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** A same-origin path to open on click; anything else opens the home page. */
export function safeNotificationUrl(value: unknown, origin: string): string {
  if (typeof value !== "string" || value.length === 0) return "/";
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}

/** The push payload `{ title, body, url }` (JSON); plain text becomes the body. */
export function parsePushPayload(
  text: string | null,
  origin: string,
  fallbackTitle = "AI Agora",
): PushMessage {
  if (!text) return { title: fallbackTitle, body: "", url: "/" };
  try {
    const data = JSON.parse(text) as Record<string, unknown> | null;
    if (data && typeof data === "object") {
      return {
        title: typeof data.title === "string" && data.title.trim() ? data.title : fallbackTitle,
        body: typeof data.body === "string" ? data.body : "",
        url: safeNotificationUrl(data.url, origin),
      };
    }
  } catch {
    // not JSON: the text is the message
  }
  return { title: fallbackTitle, body: text, url: "/" };
}
