import type { FastifyBaseLogger } from "fastify";

/**
 * Domain events: features announce what happened; other features (notifications, mail, push,
 * trending, the model directory) react without the emitter knowing them. One bus per app
 * instance (`ctx.events`, made by buildApp): a listener is declared by its feature's plugin
 * (`features/<name>/index.ts`), so two apps in one process never hear each other.
 *
 * `emit` runs the listeners one after the other, in the order the features registered them, and
 * resolves when all are done: an emitter that awaits it (registration, a rating post, a deleted
 * post) answers only after they ran. Listeners run after the write succeeded; a failing listener
 * is logged and never fails the request nor stops the listeners after it.
 */
/**
 * `anonymous: true` marks activity done in stealth mode: listeners must not reveal the actor
 * (notifications and mails say "Someone" / "Anonymous" and link no profile).
 */
export interface DomainEvents {
  /** A new account, its session started; listeners may mail it (welcome, verification) or grant it an offer. */
  "user.registered": { userId: number; email: string; username: string };
  "user.followed": { actorId: number; userId: number };
  "post.created": { actorId: number; postId: number; anonymous?: boolean };
  /**
   * A feed post that rates an AI model (the "Rate AI Model" dialog, or a demo post of the seed),
   * anonymous or not: the directory links it to the model's reviews.
   */
  "post.rating-created": { postId: number; userId: number; aiModel: string; rating: number; content: string };
  /** A post deleted by its author or by an administrator (anything tied to it cleans up). */
  "post.deleted": { postId: number };
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
  /** An arena battle reached a vote milestone (10, decision 0102): announced once, by the vote that reached it. */
  "arena.battle-milestone": { battleId: number; submitterId: number; votes: number };
}
export type EventName = keyof DomainEvents;
export type EventListener<K extends EventName> = (payload: DomainEvents[K]) => Promise<void> | void;

export interface EventBus {
  /** Adds a listener; the function returned removes it (tests that listen for a while). */
  on<K extends EventName>(name: K, listener: EventListener<K>): () => void;
  /** Runs every listener of `name` in turn; resolves once all ran (failures are logged). */
  emit<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

/** Listeners are stored untyped; `on` and `emit` are what tie each name to its payload. */
type StoredListener = (payload: unknown) => Promise<void> | void;

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const listeners = new Map<EventName, StoredListener[]>();
  return {
    on(name, listener) {
      const stored = listener as StoredListener;
      const list = listeners.get(name) ?? [];
      list.push(stored);
      listeners.set(name, list);
      return () => {
        const at = list.indexOf(stored);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(name, payload) {
      // A copy: a listener removed (or added) while this event runs does not skip another.
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          await listener(payload);
        } catch (err) {
          log.error({ err, event: name }, "event handler failed");
        }
      }
    },
  };
}
