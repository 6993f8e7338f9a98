import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { oidcIdentities, passkeys } from "../db/schema";
import type { TestApp, TestMember } from "./harness";
import { arenaBattleBody, type Fixture, fillPath, type RoutePolicy } from "./route-policy";

export interface Cast {
  owner: TestMember;
  other: TestMember;
  admin: TestMember;
  victim: TestMember;
}

// biome-ignore lint/suspicious/noExplicitAny: test convenience
type Json = any;

async function ok(
  t: TestApp,
  opts: InjectOptions & { as?: TestMember },
  status: number[] = [200, 201],
): Promise<Json> {
  const res = await t.inject(opts);
  if (!status.includes(res.statusCode)) {
    throw new Error(`fixture ${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
  }
  return res.body ? res.json() : undefined;
}

/** A small real PNG. */
export const pngBytes = (width = 32, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file field. */
export function multipart(file: Buffer, filename = "image.png", type = "image/png") {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Four members (owner, other, admin, victim) and one of each owned resource, made by the owner. */
export async function createFixture(t: TestApp): Promise<{ cast: Cast; f: Fixture }> {
  await t.seed();
  const owner = await t.register();
  const other = await t.register();
  const admin = await t.register();
  const victim = await t.register();
  await t.makeAdmin(admin);
  // Fixture writes come quickly; lift the per-minute posting limit so they are not refused.
  await ok(t, {
    method: "PUT",
    url: "/api/admin/moderation-settings",
    as: admin,
    payload: {
      minLength: 1,
      maxLength: 10000,
      profanityFilter: true,
      spamDetection: false,
      postsPerMinute: 100,
    },
  });

  const postId = (
    await ok(t, {
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: "The fixture owner's post about evaluation of language models" },
    })
  ).id;
  const commentId = (
    await ok(t, {
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      as: owner,
      payload: { content: "The fixture owner's comment on their own post" },
    })
  ).id;
  let forums: Json[] = await ok(t, { method: "GET", url: "/api/forums" });
  if (forums.length === 0) {
    await ok(t, {
      method: "POST",
      url: "/api/forums",
      as: owner,
      payload: { name: "Fixture forum", description: "A forum for the security fixture", aiModel: "claude" },
    });
    forums = await ok(t, { method: "GET", url: "/api/forums" });
  }
  const forumId = forums[0].id;
  await ok(t, { method: "POST", url: `/api/forums/${forumId}/join`, as: owner });
  const threadId = (
    await ok(t, {
      method: "POST",
      url: `/api/forums/${forumId}/threads`,
      as: owner,
      payload: { title: "Fixture thread title", content: "The fixture owner's thread content" },
    })
  ).id;
  const replyId = (
    await ok(t, {
      method: "POST",
      url: `/api/threads/${threadId}/replies`,
      as: owner,
      payload: { content: "The fixture owner's reply in their thread" },
    })
  ).id;
  const promptId = (
    await ok(t, {
      method: "POST",
      url: "/api/prompts",
      as: owner,
      payload: {
        title: "Fixture prompt title",
        content: "You are a helpful assistant. Summarise the text below in three bullet points.",
        description: "The fixture owner's prompt",
        category: "writing",
        aiModel: "claude",
        difficulty: "beginner",
        tags: [],
      },
    })
  ).id;
  await ok(t, { method: "POST", url: `/api/users/${owner.id}/follow`, as: other });
  const notifications: Json[] = await ok(t, { method: "GET", url: "/api/notifications", as: owner });
  if (notifications.length === 0) throw new Error("fixture: the follow raised no notification");
  const models: Json[] = await ok(t, { method: "GET", url: "/api/ai-models" });
  if (models.length === 0) throw new Error("fixture: no AI models seeded");
  const model = models[0];
  const otherModelId: number = models[1].id;
  const battle = (prompt: string) =>
    ok(t, {
      method: "POST",
      url: "/api/arena/battles",
      as: owner,
      payload: arenaBattleBody({ modelId: model.id, otherModelId }, prompt),
    });
  const battleId = (await battle("The fixture owner's battle prompt")).id;
  const voteBattleId = (await battle("The fixture owner's second battle prompt")).id;
  const modelCommentId = (
    await ok(t, {
      method: "POST",
      url: `/api/ai-models/${model.id}/comments`,
      as: owner,
      payload: { content: "The fixture owner's comment on a model" },
    })
  ).id;
  const upload = await ok(t, {
    method: "POST",
    url: "/api/uploads/images",
    as: owner,
    ...multipart(await pngBytes()),
  });
  const flags: Json[] = await ok(t, { method: "GET", url: "/api/admin/feature-flags", as: admin });
  // A second session of the owner (another device) that the sessions page can end.
  await ok(t, {
    method: "POST",
    url: "/api/auth/login",
    payload: { username: owner.username, password: owner.password },
  });
  const ownSessions = await ok(t, { method: "GET", url: "/api/account/sessions", as: owner });
  const otherDevice = (ownSessions.items as Json[]).find((s) => !s.current);
  if (!otherDevice) throw new Error("fixture: the owner's second session is not listed");
  // A passkey of the owner's (its registration needs an authenticator: features/passkeys tests it).
  const [passkey] = await t.ctx.db
    .insert(passkeys)
    .values({
      userId: owner.id,
      credentialId: "fixture-credential",
      publicKey: "AA",
      deviceType: "singleDevice",
      userHandle: "fixture-handle",
      name: "Fixture passkey",
    })
    .returning({ id: passkeys.id });
  // A provider account linked to the owner (no provider needs to run to unlink it).
  const [identity] = await t.ctx.db
    .insert(oidcIdentities)
    .values({ userId: owner.id, issuer: "https://id.fixture.example", subject: `owner-${owner.id}` })
    .returning({ id: oidcIdentities.id });
  return {
    cast: { owner, other, admin, victim },
    f: {
      ownerId: owner.id,
      otherId: other.id,
      victimId: victim.id,
      postId,
      commentId,
      forumId,
      threadId,
      replyId,
      promptId,
      notificationId: notifications[0].id,
      modelId: model.id,
      otherModelId,
      battleId,
      voteBattleId,
      modelSlug: model.slug,
      modelCommentId,
      uploadFile: String(upload.url).split("/").pop()!,
      flagKey: flags[0]?.key ?? "no-such-flag",
      sessionId: otherDevice.id,
      passkeyId: passkey!.id,
      oidcIdentityId: identity!.id,
    },
  };
}

/** The request the policy describes for a route key ("METHOD /url"). */
export async function requestFor(
  key: string,
  policy: RoutePolicy,
  f: Fixture,
): Promise<InjectOptions & { method: NonNullable<InjectOptions["method"]>; url: string }> {
  const [method, url] = key.split(" ") as [InjectOptions["method"] & string, string];
  const base = { method, url: policy.path ? policy.path(f) : fillPath(url, f), query: policy.query };
  if (policy.upload) return { ...base, ...multipart(await pngBytes()) };
  const body = policy.body?.(f);
  return body === undefined ? base : { ...base, payload: body as InjectOptions["payload"] };
}
