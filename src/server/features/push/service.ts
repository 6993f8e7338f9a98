import net from "node:net";
import type { PushPayload, PushSubscriptionInput } from "../../../common/notifications";
import type { Config } from "../../config";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, badRequest } from "../../platform/errors";
import {
  countSubscriptions,
  deleteSubscription,
  deleteSubscriptionById,
  listSubscriptions,
  markDelivered,
  upsertSubscription,
} from "./queries";
import { getVapidKeys } from "./vapid";
import { lazy } from "../../platform/lazy";

/** The Web Push library, loaded when push is first used. */
const webpush = lazy<typeof import("web-push")>("web-push");

/** How long the push service keeps an undelivered message (the device may be offline). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_TIMEOUT_MS = 10_000;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "");
  if (net.isIPv4(h)) {
    const [a, b] = h.split(".").map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(h)) {
    const l = h.toLowerCase();
    return l === "::1" || l === "::" || l.startsWith("fc") || l.startsWith("fd") || l.startsWith("fe80");
  }
  return false;
}

/**
 * Why an endpoint is refused, or null. Push services are public https hosts. Plain http is
 * accepted only in tests (NODE_ENV=test, where a local server stands in for the push service)
 * and, outside production, for localhost. In production, loopback and private addresses are
 * refused too, so a subscription cannot make the server post into its own network (SSRF).
 */
export function endpointProblem(endpoint: string, env: Config["env"]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint must be a URL";
  }
  if (url.username || url.password) return "endpoint must not contain credentials";
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === "http:") {
    if (env === "test" || (env !== "production" && local)) return null;
    return "endpoint must be an https URL";
  }
  if (url.protocol !== "https:") return "endpoint must be an https URL";
  if (env === "production" && (local || isPrivateAddress(url.hostname))) {
    return "endpoint must be a public push service";
  }
  return null;
}

/** The subscription keys as the browser gives them: a P-256 public key and a 16-byte secret. */
export function keysProblem(keys: PushSubscriptionInput["keys"]): string | null {
  const p256dh = Buffer.from(keys.p256dh, "base64url");
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    return "keys.p256dh must be an uncompressed P-256 public key";
  if (Buffer.from(keys.auth, "base64url").length !== 16) return "keys.auth must be 16 bytes";
  return null;
}

export const PUSH_JOB = "push.send";

interface PushJob {
  userId: number;
  payload: PushPayload;
}

const pending = new WeakMap<AppContext, Set<Promise<unknown>>>();

function track(ctx: AppContext, work: Promise<unknown>): void {
  let set = pending.get(ctx);
  if (!set) {
    set = new Set();
    pending.set(ctx, set);
  }
  const s = set;
  const p = work.finally(() => s.delete(p));
  s.add(p);
}

/** Resolves once every push queued so far has been delivered or given up (tests). */
export async function waitForPushes(ctx: AppContext): Promise<void> {
  const set = pending.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
  await ctx.jobs.drain([PUSH_JOB]);
}

/**
 * The `push.send` job. Delivery problems of one device are logged by `deliverToUser` (the push
 * service keeps the message for the device itself); a failure around it (the database) is retried.
 */
export function definePushJob(ctx: AppContext): void {
  ctx.jobs.define<PushJob>(
    PUSH_JOB,
    async ({ userId, payload }) => {
      await deliverToUser(ctx, userId, payload);
    },
    { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
  );
}

/**
 * Sends a payload to every browser of the member. Encryption and VAPID signing are web-push's;
 * the request is made with fetch (so the test's local endpoint can be plain http). A 404 or
 * 410 from the push service means the subscription is gone: it is removed.
 */
export async function deliverToUser(ctx: AppContext, userId: number, payload: PushPayload): Promise<number> {
  const subscriptions = await listSubscriptions(ctx.db, userId);
  if (subscriptions.length === 0) return 0;
  const vapid = await getVapidKeys(ctx);
  let delivered = 0;
  await Promise.all(
    subscriptions.map(async (sub) => {
      try {
        const details = webpush().generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: "normal",
            contentEncoding: "aes128gcm",
          },
        );
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: new Uint8Array(details.body as Buffer),
          redirect: "error",
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await res.body?.cancel().catch(() => {});
        if (res.status === 404 || res.status === 410) {
          await deleteSubscriptionById(ctx.db, sub.id);
          ctx.log.info({ userId, status: res.status }, "push subscription expired; removed");
        } else if (res.ok) {
          delivered += 1;
          await markDelivered(ctx.db, sub.id, ctx.now());
        } else {
          ctx.log.warn({ userId, status: res.status }, "push service refused a message");
        }
      } catch (err) {
        ctx.log.warn({ userId, err: (err as Error).message }, "push delivery failed");
      }
    }),
  );
  return delivered;
}

/**
 * Queues a push job for the member's browsers (none subscribed: nothing to queue). Never holds
 * up or fails the request that caused the notice.
 */
/**
 * Queues a web push for the member's devices, if they have any. The payload may be built
 * lazily: most members have no device, and then its text (an actor's name to look up) is
 * never made. Runs after the request's answer (tracked, so shutdown and tests can wait).
 */
export function sendPush(
  ctx: AppContext,
  userId: number,
  payload: PushPayload | (() => Promise<PushPayload>),
): void {
  track(
    ctx,
    (async () => {
      if ((await countSubscriptions(ctx.db, userId)) === 0) return;
      const built = typeof payload === "function" ? await payload() : payload;
      await ctx.jobs.send<PushJob>(PUSH_JOB, { userId, payload: built });
    })().catch((err) => ctx.log.warn({ err: (err as Error).message }, "push not queued")),
  );
}

export function createPushService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "push-subscribe", points: 30, durationSec: 3600 });
  return {
    async publicKey() {
      return { publicKey: (await getVapidKeys(ctx)).publicKey };
    },

    async subscribe(user: SessionUser, input: PushSubscriptionInput) {
      await limiter.consume(String(user.id));
      const problem = endpointProblem(input.endpoint, ctx.config.env) ?? keysProblem(input.keys);
      if (problem) throw badRequest(problem);
      const saved = await upsertSubscription(ctx.db, {
        userId: user.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: ctx.now(),
      });
      if (!saved) {
        throw new AppError(409, "This push endpoint belongs to another subscription", "push_endpoint_taken");
      }
      return { subscribed: true, devices: await countSubscriptions(ctx.db, user.id) };
    },

    async unsubscribe(user: SessionUser, endpoint: string) {
      await deleteSubscription(ctx.db, user.id, endpoint);
      return { subscribed: false, devices: await countSubscriptions(ctx.db, user.id) };
    },

    async status(user: SessionUser) {
      return { devices: await countSubscriptions(ctx.db, user.id) };
    },
  };
}
