import type { AppContext } from "./context";

/**
 * Domain events: features announce what happened; other features (notifications, mail, push,
 * trending) react without the emitter knowing them. Handlers run after the write succeeded; a
 * failing handler is logged and never fails the request.
 */
/**
 * `anonymous: true` marks activity done in stealth mode: listeners must not reveal the actor
 * (notifications and mails say "Someone" / "Anonymous" and link no profile).
 */
export interface DomainEvents {
  "user.registered": { userId: number };
  "user.followed": { actorId: number; userId: number };
  "post.created": { actorId: number; postId: number; anonymous?: boolean };
  "post.liked": { actorId: number; postId: number; ownerId: number };
  "post.commented": {
    actorId: number;
    postId: number;
    commentId: number;
    ownerId: number;
    anonymous?: boolean;
  };
  /** A reply to a feed comment; `ownerId` wrote the comment replied to. */
  "comment.replied": {
    actorId: number;
    postId: number;
    commentId: number;
    parentId: number;
    ownerId: number;
    anonymous?: boolean;
  };
  "thread.replied": {
    actorId: number;
    threadId: number;
    replyId: number;
    forumId: number;
    ownerId: number;
    anonymous?: boolean;
  };
  /** `@username` mentions in posts, comments, threads or replies; `url` opens the item. */
  "member.mentioned": {
    actorId: number;
    userIds: number[];
    url: string;
    excerpt: string;
    anonymous?: boolean;
  };
  "model.commented": { actorId: number; modelId: number; commentId: number };
  "prompt.liked": { actorId: number; promptId: number; ownerId: number };
}
export type EventName = keyof DomainEvents;
type Handler<K extends EventName> = (ctx: AppContext, payload: DomainEvents[K]) => Promise<void>;

// biome-ignore lint/suspicious/noExplicitAny: handlers are typed at onEvent/emitEvent
const handlers = new Map<EventName, Handler<any>[]>();

export function onEvent<K extends EventName>(name: K, handler: Handler<K>): void {
  const list = handlers.get(name) ?? [];
  list.push(handler);
  handlers.set(name, list);
}

export async function emitEvent<K extends EventName>(
  ctx: AppContext,
  name: K,
  payload: DomainEvents[K],
): Promise<void> {
  for (const h of (handlers.get(name) ?? []) as Handler<K>[]) {
    try {
      await h(ctx, payload);
    } catch (err) {
      ctx.log.error({ err, event: name }, "event handler failed");
    }
  }
}
