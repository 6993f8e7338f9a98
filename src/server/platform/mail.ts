import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Config } from "../config";
import type { JobQueue, RetryPolicy } from "./jobs";
import { settleWithin } from "./settle";

export { settleWithin } from "./settle";

/**
 * The one way the product sends email (password reset, welcome, notification digests).
 *
 * - With `SMTP_URL` (smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS
 *   from the start; nodemailer options may be added as query parameters, e.g. `?ignoreTLS=true`)
 *   mails go to that server, through the job queue (platform/jobs.ts): `send` stores a
 *   `mail.send` job and answers at once; a worker of any instance delivers it.
 * - Without it, each mail is logged and written as an RFC 822 file to `DATA_DIR/outbox/`
 *   (`<timestamp>-<random>.eml`, openable in any mail client) so a developer can follow links.
 *
 * `send` never throws: a mail failure must not fail the request that caused it. When the SMTP
 * server is unreachable or answers with a temporary (4xx) error, the job is retried with backoff
 * (6 retries from ~30 s doubling to ~16-32 min: about half an hour to an hour in all), by
 * whichever instance is up, across restarts; then it is given up and logged. Permanent (5xx)
 * refusals are logged and not retried. See docs/decisions/0035-job-queue.md.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendResult {
  /** queued: stored as a `mail.send` job (SMTP mode with the job queue). */
  status: "sent" | "queued" | "outbox" | "failed" | "skipped";
  /** The .eml file written in outbox mode. */
  file?: string;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  send(message: MailMessage): Promise<SendResult>;
  /** Resolves when every mail handed over so far has been delivered, written or is waiting for a retry. */
  idle(): Promise<void>;
  /** Mails waiting for an SMTP retry. */
  pendingRetries(): Promise<number>;
  /** Finishes the mails being written and closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The queue SMTP mails go through; without it (scripts) each mail is one direct attempt. */
  jobs?: JobQueue;
}

export const MAIL_JOB = "mail.send";
/** 6 retries, the first after 30-60 s, each delay doubling (pg-boss backoff, with jitter). */
export const MAIL_RETRY: Partial<RetryPolicy> = {
  retryLimit: 6,
  retryDelaySeconds: 30,
  retryBackoff: true,
  // Connection 10 s + greeting 10 s + socket 30 s: an attempt older than this was lost with its instance.
  expireInSeconds: 120,
};
/** At shutdown, mails still being handed over get this long (the process has ~15 s in all). */
const CLOSE_GRACE_MS = 5_000;

export function outboxDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "outbox");
}

/** SMTP answers 5xx (and address/message errors) will not get better by trying again. */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e?.responseCode === "number") return e.responseCode >= 500;
  return e?.code === "EENVELOPE" || e?.code === "EMESSAGE";
}

/** RFC 2606 `.invalid` addresses (demo members) can never be delivered: nothing is sent to them. */
export function isUndeliverable(to: string): boolean {
  return /\.invalid>?$/i.test(to.trim());
}

export function createMailer(config: Config, log: FastifyBaseLogger, options: MailerOptions = {}): Mailer {
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };
  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  if (!config.smtpUrl) {
    const composer = createTransport(
      { streamTransport: true, buffer: true, newline: "unix" },
      { from: config.mailFrom },
    );
    const dir = outboxDir(config);
    return {
      mode: "outbox",
      send(message) {
        if (isUndeliverable(message.to)) return Promise.resolve({ status: "skipped" });
        return track(
          (async (): Promise<SendResult> => {
            try {
              const info = await composer.sendMail(message);
              await fs.mkdir(dir, { recursive: true });
              const stamp = new Date().toISOString().replace(/[:.]/g, "-");
              const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
              await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
              log.info(
                { to: message.to, subject: message.subject, file },
                "mail written to outbox (no SMTP_URL)",
              );
              return { status: "outbox", file };
            } catch (err) {
              log.error({ err, subject: message.subject }, "could not write mail to the outbox");
              return { status: "failed" };
            }
          })(),
        );
      },
      idle: settled,
      pendingRetries: async () => 0,
      async close() {
        await settleWithin(inFlight, CLOSE_GRACE_MS);
        composer.close();
      },
    };
  }

  const transport = createTransport(
    {
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: config.mailFrom },
  );

  /** One attempt; throws only a temporary failure (the queue retries it). */
  const deliver = async (message: MailMessage, attempt: number): Promise<SendResult> => {
    try {
      const info = await transport.sendMail(message);
      log.info({ messageId: info.messageId, subject: message.subject, attempt }, "mail sent");
      return { status: "sent" };
    } catch (err) {
      if (!isPermanentMailError(err)) throw err;
      log.error({ err, subject: message.subject, attempts: attempt }, "mail refused; giving up");
      return { status: "failed" };
    }
  };

  const jobs = options.jobs;
  jobs?.define<MailMessage>(
    MAIL_JOB,
    async (message, job) => {
      await deliver(message, job.retryCount + 1);
    },
    MAIL_RETRY,
  );

  return {
    mode: "smtp",
    send(message) {
      if (isUndeliverable(message.to)) return Promise.resolve({ status: "skipped" });
      const { to, subject, text, html } = message;
      return track(
        (async (): Promise<SendResult> => {
          try {
            if (!jobs) return await deliver(message, 1);
            await jobs.send<MailMessage>(MAIL_JOB, { to, subject, text, html });
            return { status: "queued" };
          } catch (err) {
            log.error({ err, subject }, "mail not delivered");
            return { status: "failed" };
          }
        })(),
      );
    },
    async idle() {
      await settled();
      if (jobs?.workers) await jobs.drain([MAIL_JOB]);
    },
    pendingRetries: async () => (jobs ? jobs.count(MAIL_JOB, ["retry"]) : 0),
    async close() {
      await settleWithin(inFlight, CLOSE_GRACE_MS);
      transport.close();
    },
  };
}
