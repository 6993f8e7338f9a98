import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  // The headers are the same for every answer (nothing in them depends on the request): helmet
  // runs once, on a recorder, and each answer gets the recorded headers without its middleware
  // chain (a few percent of a small answer's time). They are the reply's own headers, named in
  // lower case as Fastify keeps them: set on the raw response instead, they made Node merge every
  // other header into them one by one when the answer was written (~9 µs an answer, a third of
  // a bare answer's cost: decision 0156). helmet only removes X-Powered-By, which nothing sets.
  const recorded: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | readonly string[]) =>
      recorded.push([name.toLowerCase(), typeof value === "string" ? value : value.join(", ")]),
    removeHeader: () => {},
  };
  applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of recorded) reply.header(name, value);
    done();
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
  const refusal = (request: FastifyRequest): AppError | undefined => {
    if (request.url.startsWith("/api/stripe/webhook")) return undefined; // signed by Stripe, sent without Origin
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") return forbidden(ORIGIN_MESSAGES.crossOrigin);
    const origin = request.headers.origin || originOfReferer(request.headers.referer);
    if (!origin) {
      if (request.cookies?.[SESSION_COOKIE])
        return new AppError(403, ORIGIN_MESSAGES.missing, "origin_required");
      return undefined;
    }
    if (origin === config.appOrigin) return undefined;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return undefined;
    return forbidden(ORIGIN_MESSAGES.crossOrigin);
  };
  // Callback hooks here and below: nothing to wait for, so no promise on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    done(SAFE_METHODS.has(request.method) ? undefined : refusal(request));
  });
}

/**
 * Answers that depend on the session are nobody else's (issue 25): every /api answer to a
 * request that carries the session cookie is `Cache-Control: private, no-store`, unless its
 * route chose a public, immutable caching (content-addressed files), which stays.
 */
export function registerPersonalNoStore(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && request.cookies?.[SESSION_COOKIE]) {
      const current = reply.getHeader("cache-control");
      if (!(typeof current === "string" && /\bpublic\b/.test(current)))
        reply.header("cache-control", "private, no-store");
    }
    done(null, payload);
  });
}
