import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_MESSAGES, EXPORT_PAGE_PATH } from "../../../common/export";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let owner: TestMember;
let other: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = [await t.register(), await t.register()];
});
afterAll(async () => t?.close());

const BOUNDARY = "----agoraExportBoundary";
async function uploadImage(as: TestMember): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const res = await t.inject({
    method: "POST",
    url: "/api/uploads/images",
    as,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

const requestExport = (as?: TestMember) => t.inject({ method: "POST", url: "/api/account/exports", as });
const state = async (as: TestMember) =>
  (await t.inject({ method: "GET", url: "/api/account/exports", as })).json();
const download = (id: number, as?: TestMember) =>
  t.inject({ method: "GET", url: `/api/account/exports/${id}/download`, as });
/** The export job under a loaded CI machine can take a while on PGlite: a generous wait. */
const drain = () => t.ctx.jobs.drain(undefined, 50_000);
const readJson = (files: Record<string, Uint8Array>, name: string) =>
  JSON.parse(new TextDecoder().decode(files[name]));

describe("data export", () => {
  let exportId: number;
  let files: Record<string, Uint8Array>;
  const tag = randomTag(8);

  it("builds a ZIP in the background, then notifies and mails the owner", async () => {
    const image = await uploadImage(owner);
    const pub = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: `Public notes on agents ${tag}`, image },
    });
    expect(pub.statusCode, pub.body).toBe(201);
    const anon = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: `Stealth notes on models ${tag}`, isAnonymous: true },
    });
    expect(anon.statusCode, anon.body).toBe(201);
    const follow = await t.inject({ method: "POST", url: `/api/users/${other.id}/follow`, as: owner });
    expect(follow.statusCode, follow.body).toBeLessThan(300);

    const res = await requestExport(owner);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: "pending", expiresAt: null });
    exportId = res.json().id;

    await drain();
    const s = await state(owner);
    expect(s.latest).toMatchObject({ id: exportId, status: "ready" });
    expect(new Date(s.latest.expiresAt).getTime() - new Date(s.latest.readyAt).getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    expect(s.nextRequestAt).not.toBeNull();

    const notes = (await t.inject({ method: "GET", url: "/api/notifications", as: owner })).json();
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: EXPORT_MESSAGES.ready, url: EXPORT_PAGE_PATH }),
      ]),
    );
    const mail = await t.latestMailTo(owner.email, /data export is ready/);
    expect(mail.text).toContain(`${EXPORT_PAGE_PATH}`);
  });

  it("downloads as an attachment to its owner, with README, JSON and images, anonymous posts too", async () => {
    const res = await download(exportId, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="ai-agora-data-/);
    files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["README.txt", "profile.json", "posts.json", "follows.json", "settings.json"]),
    );
    const profile = readJson(files, "profile.json");
    expect(profile).toMatchObject({ id: owner.id, username: owner.username, email: owner.email });
    const posts = readJson(files, "posts.json") as { content: string; isAnonymous: boolean }[];
    expect(posts.find((p) => p.content.startsWith("Stealth"))?.isAnonymous).toBe(true);
    expect(posts.find((p) => p.content.startsWith("Public"))?.isAnonymous).toBe(false);
    const images = Object.keys(files).filter((n) => n.startsWith("images/"));
    expect(images).toHaveLength(1);
    expect((await sharp(Buffer.from(files[images[0]!]!)).metadata()).format).toBe("webp");
    expect(readJson(files, "follows.json").following).toEqual([
      expect.objectContaining({ id: other.id, username: other.username }),
    ]);
    expect(readJson(files, "settings.json").notifications.follow).toEqual({
      inApp: true,
      email: true,
      push: true,
    });
  });

  it("holds no secret and no other member's private data", () => {
    const all = Object.entries(files)
      .filter(([n]) => !n.startsWith("images/"))
      .map(([, d]) => new TextDecoder().decode(d))
      .join("\n");
    expect(all).not.toContain(other.email);
    expect(all).not.toMatch(/password_?hash|scrypt|"passwordHash"|token/i);
    expect(all).not.toContain(owner.cookie.split("=")[1]!);
  });

  it("answers 404 to another member and 401 to a visitor", async () => {
    const res = await download(exportId, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_found");
    expect((await download(exportId)).statusCode).toBe(401);
    expect((await requestExport()).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/account/exports" })).statusCode).toBe(401);
  });

  it("allows one request a day: a second one is refused with 429 saying when", async () => {
    const res = await requestExport(owner);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("export_rate_limited");
    expect(res.json().message).toMatch(/one export a day.*possible from \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it("reuses a pending request instead of counting it twice", async () => {
    const member = await t.register();
    const first = await requestExport(member);
    const second = await requestExport(member);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().id).toBe(first.json().id);
    await drain();
  });

  it("lets a member ask again when a request was lost for a day (it reads as failed)", async () => {
    const member = await t.register();
    await t.exec(
      `INSERT INTO data_exports (user_id, status, requested_at)
       VALUES (${member.id}, 'pending', now() - interval '25 hours')`,
    );
    expect((await state(member)).latest.status).toBe("failed");
    const res = await requestExport(member);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().status).toBe("pending");
    await drain();
    expect((await state(member)).latest).toMatchObject({ id: res.json().id, status: "ready" });
  });

  it("expires after 7 days: 410, then the sweep removes the file", async () => {
    const dir = path.join(t.ctx.config.dataDir, "exports");
    expect(fs.readdirSync(dir).length).toBeGreaterThan(0);
    t.setNow(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    try {
      const res = await download(exportId, owner);
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe("export_expired");
      expect((await state(owner)).latest.status).toBe("expired");
      const { sweepExpiredExports } = await import("./service");
      expect(await sweepExpiredExports(t.ctx)).toBeGreaterThanOrEqual(1);
      expect((await download(exportId, owner)).statusCode).toBe(410);
      // A new day: the member may ask again.
      expect((await requestExport(owner)).statusCode).toBe(202);
      await drain();
    } finally {
      t.setNow(undefined);
    }
  });

  it("removes the member's export files with their account", async () => {
    const member = await t.register();
    expect((await requestExport(member)).statusCode).toBe(202);
    await drain();
    const { latest } = await state(member);
    expect(latest.status).toBe("ready");
    const dir = path.join(t.ctx.config.dataDir, "exports");
    const before = fs.readdirSync(dir).length;
    const del = await t.inject({
      method: "DELETE",
      url: "/api/account",
      as: member,
      payload: { password: member.password, confirm: "DELETE" },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(fs.readdirSync(dir).length).toBe(before - 1);
  });
});
