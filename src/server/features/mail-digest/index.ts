import type { FastifyPluginAsync } from "fastify";
import { welcomeMail } from "../../platform/mail-templates";
import { flushDigests, queueDigestItem } from "./service";

/** How often due digests are looked for; each member still gets at most one per hour. */
export const DIGEST_TICK_MS = 60 * 1000;
export const DIGEST_JOB = "digest.flush";

/**
 * Mail to members (SPEC §3): the welcome mail, and notification digests of new followers,
 * replies and mentions. No routes: listeners queue digest items, and the digest flush is a
 * periodic job (platform/jobs.ts), run by one instance per tick however many are up; a flush in
 * progress at shutdown finishes first.
 */
export const mailDigestFeature: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  // Welcome mail: sent without holding up the registration answer (the mailer never throws).
  ctx.events.on("user.registered", (e) => {
    void ctx.mailer.send({
      to: e.email,
      ...welcomeMail({ username: e.username, appUrl: ctx.config.appUrl }),
    });
  });

  ctx.events.on("user.followed", async (e) => {
    await queueDigestItem(ctx, {
      kind: "follow",
      actorId: e.actorId,
      recipientIds: [e.userId],
      url: `/profile/${e.actorId}`,
    });
  });

  ctx.events.on("thread.replied", async (e) => {
    await queueDigestItem(ctx, {
      kind: "reply",
      actorId: e.actorId,
      recipientIds: [e.ownerId],
      url: `/forums/${e.forumId}?thread=${e.threadId}`,
    });
  });

  ctx.events.on("member.mentioned", async (e) => {
    await queueDigestItem(ctx, {
      kind: "mention",
      actorId: e.actorId,
      recipientIds: e.userIds,
      url: e.url,
      excerpt: e.excerpt,
    });
  });

  ctx.jobs.every(DIGEST_JOB, DIGEST_TICK_MS / 1000, async () => {
    await flushDigests(ctx);
  });
};
