import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { settlePasswordResetTasks } from "./service";
import { extractResetLink, parseMail } from "../../test/smtp-sink";

/** Without SMTP_URL every mail is written to DATA_DIR/outbox as an .eml file. */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-outbox-test-"));
  t = await createTestApp({ dataDir, smtpUrl: undefined });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function outboxMails() {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => ({ file: f, raw: fs.readFileSync(path.join(dir, f), "utf8") }));
}

it("writes each mail as an .eml file a developer can open, with a working reset link", async () => {
  expect(t.ctx.mailer.mode).toBe("outbox");
  const m = await t.register({ password: "oldpass1" });
  await t.ctx.mailer.idle();
  const welcome = outboxMails().find(
    (x) => x.raw.includes(`To: ${m.email}`) && /Subject: Welcome/.test(x.raw),
  );
  expect(welcome?.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);

  const res = await t.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email: m.email },
  });
  expect(res.statusCode).toBe(200);
  await settlePasswordResetTasks(t.ctx);
  await t.ctx.mailer.idle();
  const resetMail = outboxMails().find(
    (x) => x.raw.includes(`To: ${m.email}`) && /Subject: Reset your/.test(x.raw),
  );
  expect(resetMail).toBeDefined();
  const parsed = parseMail(resetMail!.raw);
  expect(parsed.html).toContain("<a href=");
  const token = new URL(extractResetLink(parsed.text)).searchParams.get("token")!;

  const ok = await t.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    payload: { token, password: "newpass1" },
  });
  expect(ok.statusCode).toBe(200);
  const login = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password: "newpass1" },
  });
  expect(login.statusCode).toBe(200);
});
