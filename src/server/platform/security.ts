import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";
import { forbidden } from "./errors";

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

/**
 * CSRF defence with SameSite=Lax cookies: a state-changing request whose Origin is present and
 * is neither APP_URL's origin nor the request's own host is refused.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url.startsWith("/api/stripe/webhook")) return; // signed by Stripe, sent without Origin
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw forbidden("Cross-origin request refused");
    if (!origin) return;
    if (origin === config.appOrigin) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw forbidden("Cross-origin request refused");
  });
}
