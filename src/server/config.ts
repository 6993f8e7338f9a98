import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable of DESIGN §3, parsed once. Nothing else reads process.env.
 * A bad value stops start-up with a message naming the variable.
 */
const bool = z
  .enum(["0", "1", "true", "false", "yes", "no"], { error: "must be 0/1, true/false or yes/no" })
  .transform((v) => v === "1" || v === "true" || v === "yes");

const url = (protocols: string[]) =>
  z
    .string()
    .url({ error: "must be a URL" })
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.join(" or ")}`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  REDIS_URL: url(["redis:", "rediss:"]).optional(),
  // Keeps deployments (and test runs) that share one Redis apart: channels and keys start with it.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}:$/, {
      error: "must be 1–40 letters, digits, '.', '_' or '-' ending with ':'",
    })
    .default("agora:"),
  APP_URL: url(["http:", "https:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("AI Agora <no-reply@aiagora.local>"),
  ADMIN_EMAILS: z.string().default(""),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: url(["http:", "https:"]).optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  // Unset: no launch offer (docs/decisions/0065-promo-deadline-unset-means-no-offer.md).
  PROMO_DEADLINE: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: "must be an ISO date-time" })
    .optional(),
  SEED_DEMO: bool.default(true),
  // The Arena (issue 22, decision 0095): days before a new or inactive account's votes count
  // (0: at once), and seconds between board recomputes.
  ARENA_VOTE_DELAY_DAYS: z.coerce.number().min(0).max(365).default(7),
  ARENA_RECOMPUTE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Post and model views are held this long and written in one batch (decisions 0113, 0128).
  VIEW_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  // Hot and Top ranks are refreshed from the posts' counters this often (decision 0147).
  RANK_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  // Issue 24: administrators must turn on two-factor sign-in before admin actions.
  REQUIRE_ADMIN_2FA: bool.default(false),
  // 32 bytes (base64 or 64 hex digits) that encrypt TOTP secrets; unset: DATA_DIR/two-factor.key.
  TWO_FACTOR_KEY: z
    .string()
    .refine((v) => keyBytes(v) !== null, { message: "must be 32 bytes as base64 or 64 hex digits" })
    .optional(),
  // Sign in with an OpenID Connect provider (issue 24; docs/decisions/0089): all three or none.
  OIDC_ISSUER_URL: url(["https:", "http:"])
    .refine((v) => URL.canParse(v) && (new URL(v).protocol === "https:" || isLoopback(new URL(v).hostname)), {
      message: "must start with https: (http: only for localhost)",
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2_000).optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60, { error: "must be at most 60 characters" }).optional(),
});

function keyBytes(value: string): Buffer | null {
  const buf = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  return buf.length === 32 ? buf : null;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** The button's label when OIDC_BUTTON_LABEL is unset. */
export const DEFAULT_OIDC_BUTTON_LABEL = "Continue with single sign-on";

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Starts every Redis channel and key of this deployment (`REDIS_PREFIX`, default `agora:`). */
  redisPrefix: string;
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiUrl?: string };
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /** End of the launch offer; null (PROMO_DEADLINE unset) means there is no offer. */
  promoDeadline: Date | null;
  seedDemo: boolean;
  /** Days before a new (or inactive) account's Arena votes count; 0: at once. */
  arenaVoteDelayDays: number;
  /** Seconds between Arena board recomputes. */
  arenaRecomputeSeconds: number;
  /** Milliseconds post views are held before their batch is written. */
  viewFlushMs: number;
  /** Milliseconds between refreshes of the Hot and Top ranks from the counters (decision 0147). */
  rankRefreshMs: number;
  logLevel: string;
  trustProxy: boolean;
  /** REQUIRE_ADMIN_2FA: an administrator without two-factor sign-in is refused admin routes. */
  requireAdminTwoFactor: boolean;
  /** TWO_FACTOR_KEY (32 bytes); undefined: a key file in DATA_DIR (docs/decisions/0086). */
  twoFactorKey: Buffer | undefined;
  /** The OpenID Connect provider members may sign in with; null when not configured (no button). */
  oidc: OidcConfig | null;
  /** Directory of the built client (index.html + assets); absent in API-only tests. */
  clientDir: string | undefined;
  /**
   * The server-rendering module (the SSR build's dist/ssr/entry-server.js, or its source in tests):
   * signed-out visitors' pages are rendered from it (platform/static.ts); absent, they get the shell.
   */
  ssrEntry: string | undefined;
}

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const oidcVars = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean) && !oidcVars.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none",
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    secureCookies: appUrl.startsWith("https:"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    promoDeadline: e.PROMO_DEADLINE ? new Date(e.PROMO_DEADLINE) : null,
    seedDemo: e.SEED_DEMO,
    arenaVoteDelayDays: e.ARENA_VOTE_DELAY_DAYS,
    arenaRecomputeSeconds: e.ARENA_RECOMPUTE_SECONDS,
    viewFlushMs: e.VIEW_FLUSH_MS,
    rankRefreshMs: e.RANK_REFRESH_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    requireAdminTwoFactor: e.REQUIRE_ADMIN_2FA,
    twoFactorKey: e.TWO_FACTOR_KEY ? (keyBytes(e.TWO_FACTOR_KEY) ?? undefined) : undefined,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            buttonLabel: e.OIDC_BUTTON_LABEL ?? DEFAULT_OIDC_BUTTON_LABEL,
          }
        : null,
    clientDir: undefined,
    ssrEntry: undefined,
  };
  return { ...config, ...overrides };
}
