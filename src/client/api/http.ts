/**
 * The one fetch wrapper. Every call sends the session cookie. A non-success answer throws an
 * ApiError whose message is "status: body text" (SPEC §8); `userMessage` is the server's
 * `{ message }` for toasts and banners, `code` its stable reason (what the client branches on,
 * never the message text: docs/decisions/0075) and `fields` the message of each invalid field
 * of a validation 400 (see applyServerErrors).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly userMessage: string,
    bodyText: string,
    public readonly code: string | null = null,
    public readonly fields: Readonly<Record<string, string>> = {},
    /** The page of what the refusal is about (`url` of the answer), if any. */
    public readonly url: string | null = null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "ApiError";
  }
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return out;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let userMessage = text;
  let code: string | null = null;
  let fields: Record<string, string> = {};
  let url: string | null = null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown; fields?: unknown; url?: unknown };
    if (typeof parsed.message === "string") userMessage = parsed.message;
    if (typeof parsed.code === "string") code = parsed.code;
    fields = stringRecord(parsed.fields);
    if (typeof parsed.url === "string" && parsed.url.startsWith("/")) url = parsed.url;
  } catch {
    // not JSON: the text itself is the message
  }
  throw new ApiError(res.status, userMessage, text, code, fields, url);
}

/**
 * How requests leave: the browser's fetch. The server rendering a visitor's page answers them in
 * process instead (src/client/entry-server.tsx; never over the network, never with a session).
 */
export const transport = { fetch: (url: string, init: RequestInit) => fetch(url, init) };

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const res = await transport.fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined && !isForm ? { "Content-Type": "application/json" } : undefined,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}

/** The user-facing message of any error, with a fallback (toasts of SPEC §8). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.userMessage || fallback;
  return fallback;
}
