import type { FastifyPluginAsync } from "fastify";
import { onEvent } from "../../platform/events";
import { welcomeMail } from "../../platform/mail-templates";
import { onAfterRegister } from "../auth/service";
import { flushDigests, queueDigestItem } from "./service";

/** How often due digests are looked for; each member still gets at most one per hour. */
export const DIGEST_TICK_MS = 60 * 1000;

// Welcome mail: sent without holding up the registration answer (the mailer never throws).
onAfterRegister(async (ctx, user) => {
  void ctx.mailer.send({
    to: user.email,
    ...welcomeMail({ username: user.username, appUrl: ctx.config.appUrl }),
  });
});

onEvent("user.followed", async (ctx, e) => {
  await queueDigestItem(ctx, {
    kind: "follow",
    actorId: e.actorId,
    recipientIds: [e.userId],
    url: `/profile/${e.actorId}`,
  });
});

onEvent("thread.replied", async (ctx, e) => {
  await queueDigestItem(ctx, {
    kind: "reply",
    actorId: e.actorId,
    recipientIds: [e.ownerId],
    url: `/forums/${e.forumId}?thread=${e.threadId}`,
  });
});

onEvent("member.mentioned", async (ctx, e) => {
  await queueDigestItem(ctx, {
    kind: "mention",
    actorId: e.actorId,
    recipientIds: e.userIds,
    url: e.url,
    excerpt: e.excerpt,
  });
});

export const DIGEST_JOB = "digest.flush";

/**
 * No routes: the digest flush is a periodic job (platform/jobs.ts), run by one instance per
 * tick however many are up; a flush in progress at shutdown finishes first.
 */
export const mailDigestPlugin: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  ctx.jobs.every(DIGEST_JOB, DIGEST_TICK_MS / 1000, async () => {
    await flushDigests(ctx);
  });
};
