import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "../../common/constants";
import { type FirstPaint, injectFirstPaint, startAfterFirstPaint, withPreloads } from "./first-paint";
import { headTags, injectHead, pageHeadFor, pagePath } from "./page-head";
import { LANDING_SCREEN, loadRoutePreloads, routePreloads, screenFor } from "./route-preload";

/** The picture link previews show (a PWA icon the build generates), when the build has it. */
const OG_IMAGE = "/icons/icon-512.png";

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every
 * path that is not an API call or a file answered with the SPA. Unknown /api/* stays JSON 404.
 * The SPA's index.html gets the page's own title, description, canonical and Open Graph tags
 * (platform/page-head.ts); it holds no inline script, so the CSP is unchanged.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
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

  // index.html (entry started after the first paint), read again only when the build replaces it.
  let cached: { mtimeMs: number; html: string } | undefined;
  const readIndex = async (file: string): Promise<string> => {
    const { mtimeMs } = await fs.promises.stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: startAfterFirstPaint(await fs.promises.readFile(file, "utf8")) };
    }
    return cached.html;
  };
  const ogImage = clientDir && fs.existsSync(path.join(clientDir, OG_IMAGE)) ? OG_IMAGE : undefined;
  // The screens' chunks from the build's manifest, read once (a new build comes with a restart).
  const preloads = hasClient ? loadRoutePreloads(clientDir!) : new Map<string, string[]>();

  app.setNotFoundHandler(async (request, reply) => {
    const [urlPath = "/", query = ""] = request.url.split("?");
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !urlPath.startsWith("/api/");
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(urlPath) || urlPath.startsWith("/assets/");
    if (wantsPage && !looksLikeFile && hasClient) {
      const html = await readIndex(indexFile);
      let head: Awaited<ReturnType<typeof pageHeadFor>>;
      try {
        head = await pageHeadFor(app.ctx.db, urlPath, new URLSearchParams(query));
      } catch (err) {
        // The page still works without its own tags (the database may be briefly unavailable).
        request.log.warn({ err }, "page head lookup failed; generic tags");
        head = await pageHeadFor(app.ctx.db, "/", new URLSearchParams());
      }
      let tags = headTags(head, app.ctx.config.appUrl, ogImage);
      const hasSession = Boolean(request.cookies?.[SESSION_COOKIE]);
      // No session cookie: the client need not ask GET /api/auth/me (a 401) to know it is signed out.
      if (!hasSession) tags += '\n    <meta name="agora-session" content="none" />';
      reply
        .header("Cache-Control", "no-cache")
        .header("Vary", "Accept-Encoding")
        .type("text/html; charset=utf-8");
      // The screen's own chunk downloads with the entry (platform/route-preload.ts).
      const page = pagePath(urlPath);
      const body = withPreloads(
        injectFirstPaint(injectHead(html, tags), firstPaintFor(page, hasSession, head.firstPaint)),
        routePreloads(preloads, page, hasSession),
      );
      // The not-found handler is no route, so @fastify/compress (set up per route) does not see it.
      if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
        return reply.header("Content-Encoding", "gzip").send(zlib.gzipSync(body));
      }
      return reply.send(body);
    }
    const label = urlPath.length > 200 ? `${urlPath.slice(0, 200)}…` : urlPath;
    return reply.status(404).send({ code: "not_found", message: `Not found: ${request.method} ${label}` });
  });
}

/**
 * What the server paints first (platform/first-paint.ts): the landing page wherever a visitor gets
 * it (`/`, and the comparison, a members' screen), else what the page's head names (the
 * directory, a model page, a member's comparison). Members' other pages start from their own
 * data: nothing.
 */
function firstPaintFor(
  page: string,
  signedIn: boolean,
  fromHead: FirstPaint | undefined,
): FirstPaint | undefined {
  return screenFor(page, signedIn) === LANDING_SCREEN ? { kind: "landing" } : fromHead;
}
