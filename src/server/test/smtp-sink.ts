import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./mail-parse";

export { extractResetLink, parseMail } from "./mail-parse";

/**
 * A real SMTP server inside the test process (tests only): collects every message and decodes
 * the parts a test needs (subject, plain text, HTML).
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Delay before accepting each message (a slow mail server). */
  delayMs: number;
  /** Answer every message with this SMTP error code instead (e.g. 451 temporary, 550 permanent). */
  failWith: number | undefined;
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `port` 0 picks a free one; a test restarting "the mail server" passes the old one again. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const sink = {} as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          if (sink.failWith) {
            const err = Object.assign(new Error("Mailbox unavailable (test)"), {
              responseCode: sink.failWith,
            });
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          const mail: ReceivedMail = {
            ...parseMail(raw),
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          };
          messages.push(mail);
          for (const w of [...waiters]) {
            if (w.predicate(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        }, sink.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  Object.assign(sink, {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    delayMs: 0,
    failWith: undefined,
    waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i !== -1) {
            waiters.splice(i, 1);
            reject(new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return sink;
}
