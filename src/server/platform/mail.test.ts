import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createMailer, isPermanentMailError } from "./mail";

const logged: { level: string; msg: string }[] = [];
const log = new Proxy(
  {},
  {
    get: (_t, level: string) =>
      level === "child"
        ? () => log
        : (_obj: unknown, msg: string) => {
            logged.push({ level, msg });
          },
  },
) as FastifyBaseLogger;

const message = {
  to: "ada@example.com",
  subject: "Hello",
  text: "Hi https://x.example/a?b=c",
  html: "<p>Hi</p>",
};

let sink: SmtpSink;
let dataDir: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-mail-test-"));
});
afterAll(async () => {
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("mailer", () => {
  it("writes an RFC 822 .eml to DATA_DIR/outbox without SMTP_URL, and logs it", async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
    expect(mailer.mode).toBe("outbox");
    const result = await mailer.send(message);
    expect(result.status).toBe("outbox");
    expect(path.dirname(result.file!)).toBe(path.join(dataDir, "outbox"));
    const raw = fs.readFileSync(result.file!, "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toContain("To: ada@example.com");
    expect(raw).toContain("Subject: Hello");
    expect(raw).toMatch(/^From: AI Agora <no-reply@aiagora.local>/m);
    expect(logged.some((l) => l.level === "info" && /outbox/.test(l.msg))).toBe(true);
    await mailer.close();
  });

  it("without a job queue, sends over SMTP in one attempt and never throws", async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: sink.url }), log);
    expect(mailer.mode).toBe("smtp");
    expect((await mailer.send({ ...message, subject: "Direct" })).status).toBe("sent");
    const mail = await sink.waitFor((m) => m.subject === "Direct", 5000);
    expect(mail.text).toContain("https://x.example/a?b=c");
    sink.failWith = 550;
    expect((await mailer.send(message)).status).toBe("failed");
    expect(logged.some((l) => l.level === "error" && /giving up/.test(l.msg))).toBe(true);
    sink.failWith = undefined;
    await mailer.close();

    const down = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:1" }), log);
    expect((await down.send(message)).status).toBe("failed");
    expect(await down.pendingRetries()).toBe(0);
    await down.close();
  });

  // Retries through the job queue (SMTP down, restarts, several instances): platform/jobs.api.test.ts.

  it("sends nothing to .invalid addresses (demo members)", async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: sink.url }), log);
    const before = sink.messages.length;
    expect((await mailer.send({ ...message, to: "demo_ada@demo.aiagora.invalid" })).status).toBe("skipped");
    await mailer.close();
    expect(sink.messages.length).toBe(before);
  });

  it("classifies SMTP errors", () => {
    expect(isPermanentMailError({ responseCode: 550 })).toBe(true);
    expect(isPermanentMailError({ responseCode: 451 })).toBe(false);
    expect(isPermanentMailError({ code: "ECONNECTION" })).toBe(false);
    expect(isPermanentMailError({ code: "EENVELOPE" })).toBe(true);
  });
});
