import { and, eq, gt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessions } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { getPubSub } from "../../platform/pubsub";
import { countUnread } from "./queries";
import { unreadChannel } from "./service";

/** A comment line keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Streams one member may hold open (tabs, devices); the oldest is closed beyond this. */
export const MAX_STREAMS_PER_MEMBER = 10;

interface Stream {
  userId: number;
  close(): void;
}

/** The open streams of one app (closed when it shuts down). */
export class StreamRegistry {
  private readonly byUser = new Map<number, Set<Stream>>();

  add(stream: Stream): void {
    let set = this.byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(stream.userId, set);
    }
    set.add(stream);
    if (set.size > MAX_STREAMS_PER_MEMBER) set.values().next().value?.close();
  }

  remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.byUser.delete(stream.userId);
  }

  /** Ends a member's streams on this instance (account deleted). */
  closeUser(userId: number): void {
    for (const s of [...(this.byUser.get(userId) ?? [])]) s.close();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const s of [...set]) s.close();
  }
}

const registries = new WeakMap<AppContext, StreamRegistry>();
export function streamRegistry(ctx: AppContext): StreamRegistry {
  let r = registries.get(ctx);
  if (!r) {
    r = new StreamRegistry();
    registries.set(ctx, r);
  }
  return r;
}

/**
 * `GET /api/notifications/stream`: Server-Sent Events. Sends `event: unread` with `{ count }`
 * at once and whenever a notice of the member is created or read (on any instance, through
 * pub/sub), and a comment line every 25 s. Everything it holds — the pub/sub listener, the
 * timer, its registry entry — is released when either side closes.
 */
export async function openStream(
  ctx: AppContext,
  user: SessionUser,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const registry = streamRegistry(ctx);
  const tokenHash = request.sessionTokenHash;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.socket?.setNoDelay(true);

  let closed = false;
  const write = (chunk: string) => {
    if (!closed && !res.writableEnded) res.write(chunk);
  };
  const sendCount = (count: number) => write(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);

  // A change announced without its count (a new notice) is counted here, by the open stream;
  // only the answer to the latest change is sent (counts of a burst may finish out of order).
  let latest = 0;
  const unsubscribe = getPubSub(ctx).subscribe(unreadChannel(user.id), (message) => {
    const change = ++latest;
    if (typeof message.count === "number") return sendCount(message.count);
    countUnread(ctx.db, user.id).then(
      (count) => change === latest && sendCount(count),
      (err) => ctx.log.warn({ err }, "could not count unread notifications"),
    );
  });

  const heartbeat = setInterval(() => {
    write(": heartbeat\n\n");
    // A stream outlives neither its session (logout, password change, account deletion).
    if (!tokenHash) return;
    ctx.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, ctx.now())))
      .limit(1)
      .then((rows) => {
        if (rows.length === 0) stream.close();
      })
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const stream: Stream = {
    userId: user.id,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      registry.remove(stream);
      if (!res.writableEnded) res.end();
    },
  };
  registry.add(stream);
  // The response's "close" fires when the client goes away (the request's fires once it is read).
  res.once("close", () => stream.close());
  res.once("error", () => stream.close());
  // A client that went away while the session was being checked closed the socket before these
  // listeners existed: its "close" will not come again, so release the stream now.
  if (res.destroyed || !res.socket || res.socket.destroyed) {
    stream.close();
    return;
  }

  write("retry: 5000\n\n");
  try {
    sendCount(await countUnread(ctx.db, user.id));
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, "notification stream: first count failed");
    stream.close();
  }
}
