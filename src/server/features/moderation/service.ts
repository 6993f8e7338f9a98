import { ADMIN_MESSAGES, formatUtc } from "../../../common/admin";
import {
  MODERATION_CODES,
  MODERATION_DEFAULTS,
  MODERATION_MESSAGES,
  type ModerationKind,
  type ModerationSettings,
  SPAM_REASONS,
} from "../../../common/moderation";
import type { AppContext, SessionUser } from "../../platform/context";
import { entitlementsFor } from "../../platform/entitlements";
import { AppError, tooManyRequests, unprocessable } from "../../platform/errors";
import type { Limiter } from "../../platform/rate-limit";
import { containsProfanity } from "./profanity";
import {
  countPostsSince,
  hasRecentFingerprint,
  insertAction,
  readSettingsRow,
  rememberFingerprint,
} from "./queries";
import { detectSpam, fingerprint } from "./spam";

/**
 * The moderation pipeline every create and edit of member text goes through (SPEC §5, §9):
 * length → profanity → spam → plan's posts per day → posts per minute. Each refusal is recorded
 * in `moderation_actions` for the admin dashboard, then thrown (422, or 429 for rate limits).
 */

const SETTINGS_TTL_MS = 5000;
/** How long an accepted text is remembered for the "repeated posts" rule. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Stored content of a refusal is capped (the dashboard shows an excerpt; a flood can be huge). */
const ACTION_CONTENT_MAX = 5000;

const KIND_LABELS: Record<ModerationKind, string> = {
  post: "Post",
  comment: "Comment",
  thread: "Thread",
  reply: "Reply",
  prompt: "Prompt",
  request: "Model request",
};

let settingsCache = new WeakMap<AppContext, { value: ModerationSettings; expires: number }>();
/** Bumped by every invalidation: a read that started before one must not be cached after it. */
let settingsGeneration = 0;

/**
 * The stored settings (defaults when the row is missing), cached in-process for 5 s. A change
 * saved on any instance drops every instance's cache at once (admin/settings-sync.ts, through
 * pub/sub); the 5 s expiry is the safety net for an announcement that never arrives (Redis down).
 */
export async function getModerationSettings(ctx: AppContext): Promise<ModerationSettings> {
  const hit = settingsCache.get(ctx);
  if (hit && hit.expires > Date.now()) return hit.value;
  const generation = settingsGeneration;
  const row = await readSettingsRow(ctx.db);
  const value: ModerationSettings = row
    ? {
        minLength: row.minLength,
        maxLength: row.maxLength,
        profanityFilter: row.profanityFilter,
        spamDetection: row.spamDetection,
        postsPerMinute: row.postsPerMinute,
      }
    : { ...MODERATION_DEFAULTS };
  // An invalidation that arrived while the row was being read may mean the row is already old.
  if (generation === settingsGeneration) {
    settingsCache.set(ctx, { value, expires: Date.now() + SETTINGS_TTL_MS });
  }
  return value;
}

/** Call after changing `moderation_settings` so this instance reads them at once. */
export function invalidateModerationSettings(): void {
  settingsCache = new WeakMap();
  settingsGeneration++;
}

// One limiter per (app, kind, budget): ctx.limiter creates a fresh store at each call.
const limiters = new WeakMap<AppContext, Map<string, Limiter>>();
function perMinuteLimiter(ctx: AppContext, kind: ModerationKind, points: number): Limiter {
  let byKey = limiters.get(ctx);
  if (!byKey) {
    byKey = new Map();
    limiters.set(ctx, byKey);
  }
  const key = `${kind}:${points}`;
  let limiter = byKey.get(key);
  if (!limiter) {
    limiter = ctx.limiter({ name: `moderation-${kind}-${points}`, points, durationSec: 60 });
    byKey.set(key, limiter);
  }
  return limiter;
}

export interface ModerationCheckOptions {
  kind: ModerationKind;
  /** Edits are checked for length, profanity and floods, but not for repeats or rate limits. */
  isEdit?: boolean;
  /** The repeat check started ahead (`lookAhead`): used when it was for this member, kind and text. */
  ahead?: DuplicateLookahead;
}

/**
 * The "repeated posts" read started before the checks that precede it, so that a write can read
 * what it needs (a comment: its post) at the same time (decision 0149). A read only: nothing is
 * recorded or remembered until `screen` runs.
 */
export interface DuplicateLookahead {
  userId: number;
  kind: ModerationKind;
  text: string;
  seen: Promise<boolean>;
}

/** An accepted text, and the remembering of its fingerprint, which the caller awaits with its own write. */
export interface Screened {
  text: string;
  remembered: Promise<void>;
}

/** A promise a caller may never await (it failed first): its rejection is still handled. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export interface RecordActionInput {
  userId: number | null;
  /** Text containing "blocked" or "rate limited", e.g. "Post blocked". */
  action: string;
  reason: string;
  content: string;
}

export function createModerationService(ctx: AppContext) {
  async function recordAction(input: RecordActionInput): Promise<void> {
    try {
      await insertAction(ctx.db, {
        userId: input.userId,
        action: input.action,
        reason: input.reason,
        content:
          input.content.length > ACTION_CONTENT_MAX
            ? `${input.content.slice(0, ACTION_CONTENT_MAX)}…`
            : input.content,
        createdAt: ctx.now(),
      });
    } catch (err) {
      // The refusal itself must still reach the member.
      ctx.log.error({ err }, "could not record a moderation action");
    }
  }

  async function refuse(
    user: SessionUser,
    kind: ModerationKind,
    content: string,
    error: AppError,
    reason: string,
  ): Promise<never> {
    const verb = error.status === 429 ? "rate limited" : "blocked";
    await recordAction({ userId: user.id, action: `${KIND_LABELS[kind]} ${verb}`, reason, content });
    throw error;
  }

  const service = {
    recordAction,

    /** Answers the trimmed text when it may be published; otherwise records and throws 422/429. */
    async check(user: SessionUser, content: string, opts: ModerationCheckOptions): Promise<string> {
      const { text, remembered } = await service.screen(user, content, opts);
      await remembered;
      return text;
    },

    /** Starts the repeat check of a new text (see `DuplicateLookahead`); pass it to `screen`. */
    lookAhead(user: SessionUser, content: string, kind: ModerationKind): DuplicateLookahead {
      const text = content.trim();
      const seen = (async () => {
        const settings = await getModerationSettings(ctx);
        if (!settings.spamDetection) return false;
        const since = new Date(ctx.now().getTime() - DUPLICATE_WINDOW_MS);
        return hasRecentFingerprint(ctx.db, user.id, kind, fingerprint(text), since);
      })();
      return { userId: user.id, kind, text, seen: handled(seen) };
    },

    /**
     * `check`, except that the accepted text's fingerprint is still being remembered when it
     * answers: the caller awaits `remembered` beside its own write (one wait instead of two).
     */
    async screen(user: SessionUser, content: string, opts: ModerationCheckOptions): Promise<Screened> {
      const { kind, isEdit = false, ahead } = opts;
      const settings = await getModerationSettings(ctx);
      const text = content.trim();
      // An admin's rate limit on this member (issue 8): no new content until then.
      if (!isEdit && user.rateLimitedUntil && user.rateLimitedUntil > ctx.now()) {
        const until = formatUtc(user.rateLimitedUntil);
        await refuse(
          user,
          kind,
          text,
          tooManyRequests(ADMIN_MESSAGES.rateLimitedUntil(until), MODERATION_CODES.moderatorLimit),
          "Rate limited by a moderator",
        );
      }
      const length = [...text].length;

      if (length < settings.minLength) {
        await refuse(
          user,
          kind,
          text,
          unprocessable(MODERATION_MESSAGES.tooShort(settings.minLength), MODERATION_CODES.tooShort),
          "Content too short",
        );
      }
      if (length > settings.maxLength) {
        await refuse(
          user,
          kind,
          text,
          unprocessable(MODERATION_MESSAGES.tooLong(settings.maxLength), MODERATION_CODES.tooLong),
          "Content too long",
        );
      }
      if (settings.profanityFilter && containsProfanity(text)) {
        await refuse(
          user,
          kind,
          text,
          unprocessable(MODERATION_MESSAGES.prohibited, MODERATION_CODES.prohibited),
          "Prohibited language",
        );
      }

      const now = ctx.now();
      const hash = fingerprint(text);
      if (settings.spamDetection) {
        let why = detectSpam(text);
        if (
          !why &&
          !isEdit &&
          (ahead && ahead.userId === user.id && ahead.kind === kind && ahead.text === text
            ? await ahead.seen
            : await hasRecentFingerprint(
                ctx.db,
                user.id,
                kind,
                hash,
                new Date(now.getTime() - DUPLICATE_WINDOW_MS),
              ))
        ) {
          why = SPAM_REASONS.duplicate;
        }
        if (why) {
          await refuse(
            user,
            kind,
            text,
            unprocessable(MODERATION_MESSAGES.suspicious(why), MODERATION_CODES.suspicious),
            `Suspected spam: ${why}`,
          );
        }
      }

      if (!isEdit) {
        if (kind === "post") {
          const { plan, postsPerDay } = entitlementsFor(user, now);
          if (postsPerDay !== null) {
            const today = await countPostsSince(ctx.db, user.id, new Date(now.getTime() - DAY_MS));
            if (today >= postsPerDay) {
              await refuse(
                user,
                kind,
                text,
                tooManyRequests(MODERATION_MESSAGES.daily(plan, postsPerDay), MODERATION_CODES.daily),
                `Daily post limit of the ${plan} plan (${postsPerDay})`,
              );
            }
          }
        }
        try {
          await perMinuteLimiter(ctx, kind, settings.postsPerMinute).consume(
            String(user.id),
            MODERATION_MESSAGES.perMinute(settings.postsPerMinute),
          );
        } catch (err) {
          if (err instanceof AppError && err.status === 429) {
            await refuse(user, kind, text, err, `More than ${settings.postsPerMinute} per minute`);
          }
          throw err;
        }
        if (settings.spamDetection) {
          const remembered = rememberFingerprint(
            ctx.db,
            { userId: user.id, kind, hash, createdAt: now },
            new Date(now.getTime() - DUPLICATE_WINDOW_MS),
          );
          return { text, remembered: handled(remembered) };
        }
      }
      return { text, remembered: Promise.resolve() };
    },
  };
  return service;
}

export type ModerationService = ReturnType<typeof createModerationService>;
