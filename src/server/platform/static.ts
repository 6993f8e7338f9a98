import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../common/constants";
import { acceptsEncoding, ownGzip } from "./compression";

/** The picture link previews show (a PWA icon the build generates), when the build has it. */
const OG_IMAGE = "/icons/icon-512.png";

/** What the server-rendering module (src/client/entry-server.tsx) exports; kept in step by hand. */
interface RenderedPage {
  status: number;
  /** A redirect's target path (decision 0116: a renamed model's old slug). */
  location?: string;
  head: string;
  data: string;
  body: NodeJS.ReadableStream;
}
interface SsrModule {
  render(
    url: string,
    options: {
      fetch: (url: string, init: RequestInit) => Promise<Response>;
      memberFetch?: (url: string, init: RequestInit) => Promise<Response>;
      appUrl: string;
      image?: string;
      onError?: (error: unknown) => void;
    },
  ): Promise<RenderedPage | null>;
}

/** How often a page looks whether the build replaced index.html. */
export const TEMPLATE_CHECK_MS = 1_000;

/** index.html cut around the app's root, its generic title and description taken out for the page's own. */
interface Template {
  mtimeMs: number;
  /**
   * index.html as built, sent when no page is rendered: as it is to a request with a session
   * cookie, and marked signed out to one without (the client need not ask GET /api/auth/me, a
   * 401, to know it); each gzipped once, when first asked for.
   */
  shell: { member: Shell; visitor: Shell };
  before: string;
  after: string;
}

interface Shell {
  html: string;
  gzip?: Buffer;
}

const gzipOf = (shell: Shell): Buffer => {
  shell.gzip ??= ownGzip(shell.html);
  return shell.gzip;
};

/**
 * index.html without its <title>, description, canonical and feed link (the page's tags go where the title
 * was), cut in two around the app's root.
 */
function templateOf(html: string, mtimeMs: number): Template {
  const marked = html
    .replace(/[ \t]*<meta\s+name="description"[^>]*>\s*\n?/i, "")
    .replace(/[ \t]*<link\s+rel="canonical"[^>]*>\s*\n?/i, "")
    // The shell's site-wide feed link (a member's pages, the home feed): a rendered page names its own.
    .replace(/[ \t]*<link\s+rel="alternate"[^>]*>\s*\n?/gi, "")
    .replace(/<title>[\s\S]*?<\/title>/i, "<!--agora-head-->");
  const withHead = marked.includes("<!--agora-head-->")
    ? marked
    : marked.replace(/<\/head>/i, "<!--agora-head-->\n  </head>");
  const [before = "", after = ""] = withHead.split('<div id="root"></div>');
  const visitor = html.replace(/<\/head>/i, '  <meta name="agora-session" content="none" />\n  </head>');
  return {
    mtimeMs,
    shell: { member: { html }, visitor: { html: visitor } },
    before: `${before}<div id="root">`,
    after: `</div>${after}`,
  };
}

/**
 * Serves the built client: hashed assets cached for a year, and every path that is not an API call
 * or a file answered with a page. A signed-out visitor's page is rendered on the server by the
 * app's own React tree (src/client/entry-server.tsx, docs/decisions/0085): complete HTML with the
 * page's title, description, canonical and Open Graph tags, and its data for hydration in a
 * `<script type="application/json">` (no inline executable script, so the CSP is unchanged). A
 * signed-in member gets the few pages marked for it rendered as they see them (docs/decisions/0123),
 * and otherwise index.html as built, the app rendering in the browser. A visitor's page is kept
 * in the public cache like an API answer (decision 0124); browsers and proxies keep none
 * (`no-cache`; a member's `private`). Unknown /api/* stays a JSON 404.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  ssrEntry: string | undefined,
): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // index.html, read again only when the build replaces it; whether it did is looked at once a
  // second at most (a stat on every page was a sixth of the server's time under the HTML mix).
  let cached: Template | undefined;
  let checkedAt = 0;
  const readTemplate = async (file: string): Promise<Template> => {
    const now = Date.now();
    if (cached && now - checkedAt < TEMPLATE_CHECK_MS) return cached;
    checkedAt = now;
    const { mtimeMs } = await fs.promises.stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = templateOf(await fs.promises.readFile(file, "utf8"), mtimeMs);
    return cached;
  };
  const image = clientDir && fs.existsSync(path.join(clientDir, OG_IMAGE)) ? OG_IMAGE : undefined;
  // The rendering module, loaded on the first page (it holds the whole app: not for API-only use).
  let ssr: Promise<SsrModule | undefined> | undefined;
  const loadSsr = () => {
    ssr ??= ssrEntry
      ? (import(pathToFileURL(ssrEntry).href) as Promise<SsrModule>).catch((err: unknown) => {
          app.log.warn({ err, ssrEntry }, "no server rendering module: pages render in the browser");
          return undefined;
        })
      : Promise.resolve(undefined);
    return ssr;
  };

  // The loaders' API calls, answered in process with no session (a visitor's view, through the
  // public micro-cache like any visitor's request), from the visitor's address and browser (a
  // view is theirs, a limit per address too). A member's page asks with their session's cookie
  // (and nothing else of their request).
  const inProcess = async (
    request: FastifyRequest,
    url: string,
    init: RequestInit,
    cookie?: string,
  ): Promise<Response> => {
    const agent = request.headers["user-agent"];
    const res = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      remoteAddress: request.ip,
      headers: {
        accept: "application/json",
        ...(cookie ? { cookie } : {}),
        ...(typeof agent === "string" ? { "user-agent": agent } : {}),
      },
    });
    const headers = new Headers();
    const type = res.headers["content-type"];
    if (typeof type === "string") headers.set("content-type", type);
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };

  const renderPage = async (request: FastifyRequest, template: Template) => {
    const module = await loadSsr();
    if (!module) return undefined;
    try {
      const cookie = request.user
        ? `${SESSION_COOKIE}=${request.cookies?.[SESSION_COOKIE] ?? ""}`
        : undefined;
      const page = await module.render(request.url, {
        fetch: (url, init) => inProcess(request, url, init),
        ...(cookie
          ? { memberFetch: (url: string, init: RequestInit) => inProcess(request, url, init, cookie) }
          : {}),
        appUrl: app.ctx.config.appUrl,
        image,
        onError: (err) => request.log.error({ err }, "server rendering: an error in the page"),
      });
      if (!page) return undefined;
      if (page.location) return { status: page.status, location: page.location };
      const [beforeHead = "", afterHead = ""] = template.before.split("<!--agora-head-->");
      const data = `<script type="application/json" id="agora-data">${page.data}</script>`;
      const body = Readable.from(
        (async function* () {
          yield `${beforeHead}${page.head}${afterHead}`;
          for await (const chunk of page.body) yield chunk;
          yield template.after.replace(/<\/body>/i, () => `${data}\n  </body>`);
        })(),
      );
      return { status: page.status, body };
    } catch (err) {
      // The page still works, rendered in the browser (the database may be briefly unavailable).
      request.log.error({ err }, "server rendering failed; the browser renders the page");
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const [urlPath = "/"] = request.url.split("?");
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !urlPath.startsWith("/api/");
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(urlPath) || urlPath.startsWith("/assets/");
    if (wantsPage && !looksLikeFile && hasClient) {
      const template = await readTemplate(indexFile);
      const gzipped = acceptsEncoding(request.headers["accept-encoding"], "gzip");
      // A renamed model's old slug (decision 0116), its query kept.
      const redirect = (location: string, status: number) => {
        const [, query = ""] = request.url.split("?");
        return reply.redirect(`${location}${query ? `?${query}` : ""}`, status);
      };
      // A visitor with no session cookie gets the page every such visitor gets, kept in the public
      // cache (decision 0124) by what it shows; a member's page is rendered with their own session,
      // only when marked for it, and never kept, so no one can be sent another's page.
      const visitor = !request.user && request.cookies?.[SESSION_COOKIE] === undefined;
      if (visitor) {
        const page = await app.publicCache.page(request, async () => {
          const rendered = await renderPage(request, template);
          if (!rendered?.body) return rendered;
          const chunks: Buffer[] = [];
          for await (const chunk of rendered.body) {
            chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
          }
          return { status: rendered.status, html: Buffer.concat(chunks).toString("utf8") };
        });
        if (page) {
          if (page.location) return redirect(page.location, page.status);
          reply
            .status(page.status)
            .header("Cache-Control", "no-cache")
            .header("Vary", "Accept-Encoding, Cookie")
            .type("text/html; charset=utf-8");
          if (page.hit) reply.header("X-Public-Cache", "hit");
          const encoded = page.encodedFor(request.headers["accept-encoding"]);
          if (encoded) return reply.header("Content-Encoding", encoded.encoding).send(encoded.bytes);
          return reply.send(page.html());
        }
      }
      // (A visitor's page failed to render: the shell, the browser renders it.)
      const rendered = visitor ? undefined : await renderPage(request, template);
      if (rendered?.location) return redirect(rendered.location, rendered.status);
      reply
        .status(rendered?.status ?? 200)
        .header("Cache-Control", request.user ? "private, no-cache" : "no-cache")
        .header("Vary", "Accept-Encoding, Cookie")
        .type("text/html; charset=utf-8");
      // The not-found handler is no route, so @fastify/compress (set up per route) does not see it.
      if (gzipped) reply.header("Content-Encoding", "gzip");
      if (rendered?.body) return reply.send(gzipped ? rendered.body.pipe(zlib.createGzip()) : rendered.body);
      const shell = request.cookies?.[SESSION_COOKIE] ? template.shell.member : template.shell.visitor;
      return reply.send(gzipped ? gzipOf(shell) : shell.html);
    }
    // A page's form (sign-in, sign-up, a reset: `method="post"`, so that nothing typed ever
    // lands in an address, a history or a log) submitted before the page's script took it over:
    // back to the page, its body unread, where the script now answers the form.
    if (request.method === "POST" && !urlPath.startsWith("/api/") && !looksLikeFile && hasClient) {
      return reply.redirect(request.url, 303);
    }
    const label = urlPath.length > 200 ? `${urlPath.slice(0, 200)}…` : urlPath;
    return reply.status(404).send({ code: "not_found", message: `Not found: ${request.method} ${label}` });
  });
}
