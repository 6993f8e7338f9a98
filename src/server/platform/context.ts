import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database, Db } from "../db/connect";
import type { SeedRegistry } from "../db/seed/registry";
import type { PublicUserRow } from "../db/schema";
import type { WriteBuffers } from "./buffers";
import type { EventBus } from "./events";
import type { JobQueue } from "./jobs";
import type { Mailer } from "./mail";
import type { LimiterFactory } from "./rate-limit";

/** What every feature's routes and services are given: built once in buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  limiter: LimiterFactory;
  /** Background jobs (pg-boss): mail, push, the notification digest. */
  jobs: JobQueue;
  /** This app's domain events: features emit on it; their plugins declare the listeners. */
  events: EventBus;
  /** This app's seed steps, declared by the features' plugins; `runSeed` runs them. */
  seeds: SeedRegistry<AppContext>;
  /** Writes held in memory a moment and made in batches (post views): flushed on close. */
  buffers: WriteBuffers;
  /** Email (SMTP, or the DATA_DIR/outbox directory without SMTP_URL). */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** scrypt cost (log2 N); OWASP's 17 in production, lower only in tests that build many accounts. */
  passwordLogN: number;
  /** The clock, replaceable in tests (expiries, windows). */
  now: () => Date;
}

/**
 * `request.user`: the signed-in member without secrets (PublicUserRow: no password hash), so no
 * handler, log line or presenter can leak the hash from the session.
 */
export interface SessionUser extends PublicUserRow {
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
}
