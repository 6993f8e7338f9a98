import { MODERATION_CODES, MODERATION_MESSAGES, type ModerationKind } from "../../../common/moderation";
import type { AppContext, SessionUser } from "../../platform/context";
import { unprocessable } from "../../platform/errors";
import { containsProfanity } from "../moderation/public";
import {
  createModerationService,
  type DuplicateLookahead,
  getModerationSettings,
  type Screened,
} from "../moderation/public";

/**
 * Forums and prompts go through the same moderation pipeline as posts: the body (a thread's
 * message, a reply, a prompt's text) through the whole pipeline of `moderation/service.ts`
 * (length, profanity, spam, per-minute limit), and the short fields around it (titles, forum
 * names, descriptions) through the profanity filter, recorded the same way when refused.
 */
export function createModerator(ctx: AppContext) {
  const service = createModerationService(ctx);

  async function checkFields(user: SessionUser, label: string, fields: string[]): Promise<void> {
    const settings = await getModerationSettings(ctx);
    if (!settings.profanityFilter) return;
    const bad = fields.find((f) => f && containsProfanity(f));
    if (bad === undefined) return;
    await service.recordAction({
      userId: user.id,
      action: `${label} blocked`,
      reason: "Prohibited language",
      content: bad,
    });
    throw unprocessable(MODERATION_MESSAGES.prohibited, MODERATION_CODES.prohibited);
  }

  /** `check`, the body's fingerprint still being remembered: awaited beside the write (decision 0149). */
  async function screen(
    user: SessionUser,
    content: string,
    opts: {
      kind: ModerationKind;
      isEdit?: boolean;
      label: string;
      fields?: string[];
      ahead?: DuplicateLookahead;
    },
  ): Promise<Screened> {
    if (opts.fields?.length) await checkFields(user, opts.label, opts.fields);
    return service.screen(user, content, { kind: opts.kind, isEdit: opts.isEdit, ahead: opts.ahead });
  }

  return {
    checkFields,

    /** Answers the trimmed body, or throws 422 (prohibited, suspicious, too short, too long) or 429. */
    async check(
      user: SessionUser,
      content: string,
      opts: { kind: ModerationKind; isEdit?: boolean; label: string; fields?: string[] },
    ): Promise<string> {
      const { text, remembered } = await screen(user, content, opts);
      await remembered;
      return text;
    },

    /** The repeat check of a new body, started while the write reads what it needs (decision 0149). */
    lookAhead: (user: SessionUser, content: string, kind: ModerationKind): DuplicateLookahead =>
      service.lookAhead(user, content, kind),

    screen,
  };
}
