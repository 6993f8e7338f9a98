import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { SESSION_COOKIE } from "../../common/constants";
import type { Config } from "../config";
import { AppError, forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers with a strict Content-Security-Policy (Stripe's script and frames allowed), on
 * every answer. The helmet middleware is built once: @fastify/helmet rebuilt it (parsing the CSP
 * again) on every request, a few percent of a busy server's time (docs/performance.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://js.stripe.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only when the site is served over https (it would break plain-http localhost).
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

export const ORIGIN_MESSAGES = {
  crossOrigin: "Cross-origin request refused",
  missing: "Request refused: it names no Origin (or Referer), as every browser's request does",
} as const;

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

/**
 * CSRF defence with SameSite=Lax cookies: a state-changing request whose Origin (or, without
 * one, Referer) is neither APP_URL's origin nor the request's own host is refused. A write that
 * carries the session cookie and names neither is refused too (issue 25: every browser sends
 * Origin on a POST, PUT, PATCH or DELETE, so only something that is not a browser, or strips
 * the header, sends none); `403` with code `origin_required`. The Stripe webhook is signed and
 * comes without a cookie, so it is exempt.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url.startsWith("/api/stripe/webhook")) return; // signed by Stripe, sent without Origin
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw forbidden(ORIGIN_MESSAGES.crossOrigin);
    const origin = request.headers.origin || originOfReferer(request.headers.referer);
    if (!origin) {
      if (request.cookies?.[SESSION_COOKIE])
        throw new AppError(403, ORIGIN_MESSAGES.missing, "origin_required");
      return;
    }
    if (origin === config.appOrigin) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw forbidden(ORIGIN_MESSAGES.crossOrigin);
  });
}

/**
 * Answers that depend on the session are nobody else's (issue 25): every /api answer to a
 * request that carries the session cookie is `Cache-Control: private, no-store`, unless its
 * route chose a public, immutable caching (content-addressed files), which stays.
 */
export function registerPersonalNoStore(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/")) return payload;
    if (!request.cookies?.[SESSION_COOKIE]) return payload;
    const current = reply.getHeader("cache-control");
    if (typeof current === "string" && /\bpublic\b/.test(current)) return payload;
    reply.header("cache-control", "private, no-store");
    return payload;
  });
}
