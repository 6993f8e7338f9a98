import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Config } from "../config";

/**
 * The one way the product sends email (password reset, welcome, notification digests).
 *
 * - With `SMTP_URL` (smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS
 *   from the start; nodemailer options may be added as query parameters, e.g. `?ignoreTLS=true`)
 *   mails go to that server.
 * - Without it, each mail is logged and written as an RFC 822 file to `DATA_DIR/outbox/`
 *   (`<timestamp>-<random>.eml`, openable in any mail client) so a developer can follow links.
 *
 * `send` never throws: a mail failure must not fail the request that caused it. When the SMTP
 * server is unreachable or answers with a temporary (4xx) error, the mail is retried in-process
 * with backoff (30 s, 2 min, 10 min, 30 min, 1 h), then given up and logged. Permanent (5xx)
 * refusals are logged and not retried. Retries do not survive a restart: see docs/decisions.md.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendResult {
  status: "sent" | "outbox" | "retrying" | "failed" | "skipped";
  /** The .eml file written in outbox mode. */
  file?: string;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  send(message: MailMessage): Promise<SendResult>;
  /** Resolves when every send started so far has finished its current attempt. */
  idle(): Promise<void>;
  /** Mails waiting for an SMTP retry. */
  pendingRetries(): number;
  /** Stops retry timers and closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** Delays between SMTP attempts; the length is the number of retries. */
  retryDelaysMs?: number[];
  /** Upper bound of mails waiting for a retry (older ones are dropped first). */
  maxQueued?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** At shutdown, mails still being handed over get this long (the process has ~15 s in all). */
const CLOSE_GRACE_MS = 5_000;

/** Waits for the promises, but no longer than `ms`. */
export async function settleWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([Promise.allSettled([...promises]), deadline]);
  clearTimeout(timer);
}

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
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxQueued = options.maxQueued ?? 1000;
  const inFlight = new Set<Promise<unknown>>();
  const retries = new Map<NodeJS.Timeout, MailMessage>();
  let closed = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
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
      idle: async () => {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
      pendingRetries: () => 0,
      async close() {
        closed = true;
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

  const attempt = async (message: MailMessage, attemptNo: number): Promise<SendResult> => {
    try {
      const info = await transport.sendMail(message);
      log.info({ messageId: info.messageId, subject: message.subject, attempt: attemptNo + 1 }, "mail sent");
      return { status: "sent" };
    } catch (err) {
      const delay = retryDelays[attemptNo];
      if (isPermanentMailError(err) || delay === undefined || closed) {
        log.error(
          { err, subject: message.subject, attempts: attemptNo + 1 },
          "mail not delivered; giving up",
        );
        return { status: "failed" };
      }
      if (retries.size >= maxQueued) {
        const [oldest] = retries.keys();
        if (oldest) {
          clearTimeout(oldest);
          log.error(
            { subject: retries.get(oldest)?.subject },
            "mail retry queue full; dropping the oldest mail",
          );
          retries.delete(oldest);
        }
      }
      log.warn({ err, subject: message.subject, retryInMs: delay }, "mail not sent; will retry");
      const timer = setTimeout(() => {
        retries.delete(timer);
        if (!closed) void track(attempt(message, attemptNo + 1));
      }, delay);
      timer.unref();
      retries.set(timer, message);
      return { status: "retrying" };
    }
  };

  return {
    mode: "smtp",
    send: (message) =>
      isUndeliverable(message.to) ? Promise.resolve({ status: "skipped" }) : track(attempt(message, 0)),
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    pendingRetries: () => retries.size,
    async close() {
      closed = true;
      if (retries.size > 0)
        log.warn({ count: retries.size }, "shutting down with mails waiting for a retry; they are dropped");
      for (const timer of retries.keys()) clearTimeout(timer);
      retries.clear();
      await settleWithin(inFlight, CLOSE_GRACE_MS);
      transport.close();
    },
  };
}
