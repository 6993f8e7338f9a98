import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { getPubSub } from "../platform/pubsub";
import type { TestApp } from "./harness";

/**
 * A second instance of a test app (same configuration and database, its own caches and
 * pub/sub), for tests of instances agreeing through Redis: resolves once both instances'
 * Redis connections are ready and subscribed to `channels`.
 */
export async function startSecondInstance(
  t: TestApp,
  channels: string[],
  options: { now?: () => Date } = {},
): Promise<FastifyInstance> {
  const second = await buildApp(t.ctx.config, {
    database: t.ctx.database,
    logger: false,
    passwordLogN: 10,
    now: options.now,
  });
  await second.ready();
  for (const ctx of [t.ctx, second.ctx]) {
    for (let i = 0; i < 100 && ctx.redis?.status !== "ready"; i++)
      await new Promise((r) => setTimeout(r, 20));
    for (const channel of channels) await getPubSub(ctx).prepare(channel);
  }
  await new Promise((r) => setTimeout(r, 200));
  return second;
}
