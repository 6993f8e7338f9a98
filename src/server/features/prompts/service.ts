import { sql } from "drizzle-orm";
import {
  type ModelVoteInput,
  PROMPT_MESSAGES,
  type PromptCreateData,
  type PromptListQuery,
} from "../../../common/prompts";
import { prompts } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { forbidden, notFound } from "../../platform/errors";
import { notAuthoredBy, viewerFilter } from "../blocks/public";
import { recordRevision, sameFields } from "../history/public";
import { createModerator } from "../forums/public";
import { canDeletePrompt, presentModelVotes, presentPrompt } from "./presenter";
import * as q from "./queries";

/** The prompt was deleted between the check and the write (foreign key violation): 404. */
function goneAsNotFound(err: unknown): never {
  const e = (err as { cause?: unknown })?.cause ?? err;
  if ((e as { code?: string })?.code === "23503") throw notFound(PROMPT_MESSAGES.notFound);
  throw err;
}

/** The stored fields of a shared or edited prompt: the form's values, its moderated content. */
function promptValues(input: PromptCreateData, content: string): q.PromptValues {
  return {
    title: input.title,
    description: input.description,
    content,
    category: input.category,
    aiModel: input.aiModel,
    difficulty: input.difficulty,
    tags: input.tags,
  };
}

export function createPromptService(ctx: AppContext) {
  const moderation = createModerator(ctx);

  async function requirePrompt(id: number, viewer: SessionUser | null) {
    const row = await q.findPrompt(ctx.db, id, viewer?.id ?? null);
    if (!row) throw notFound(PROMPT_MESSAGES.notFound);
    return row;
  }

  async function modelVotes(id: number, viewer: SessionUser | null) {
    return presentModelVotes(await q.modelVoteTotals(ctx.db, id, viewer?.id ?? null));
  }

  return {
    /** Prompts of members blocked either way leave the viewer's library (decision 0092). */
    async list(viewer: SessionUser | null, query: PromptListQuery) {
      const { hidden } = await viewerFilter(ctx, viewer);
      const rows = await q.listPrompts(
        ctx.db,
        { ...query, search: query.search || undefined },
        viewer?.id ?? null,
        notAuthoredBy(hidden, sql`${prompts.authorId}`),
      );
      return rows.map((r) => presentPrompt(r, viewer));
    },

    async get(viewer: SessionUser | null, id: number) {
      const row = await requirePrompt(id, viewer);
      // A prompt hidden pending review is seen only by its author and admins (issue 8).
      if (row.prompt.hiddenAt && !viewer?.isAdmin && row.prompt.authorId !== viewer?.id) {
        throw notFound(PROMPT_MESSAGES.notFound);
      }
      return { ...presentPrompt(row, viewer), modelVotes: await modelVotes(id, viewer) };
    },

    async create(user: SessionUser, input: PromptCreateData) {
      const content = await moderation.check(user, input.content, {
        kind: "prompt",
        label: "Prompt",
        fields: [input.title, input.description, ...input.tags],
      });
      const { id } = await q.insertPrompt(ctx.db, {
        ...promptValues(input, content),
        authorId: user.id,
        createdAt: ctx.now(),
      });
      return presentPrompt((await q.findPrompt(ctx.db, id, user.id))!, user);
    },

    /** The author edits their prompt: the share form's schema and the same moderation as sharing. */
    async update(user: SessionUser, id: number, input: PromptCreateData) {
      const row = await requirePrompt(id, user);
      if (row.prompt.authorId !== user.id) throw forbidden(PROMPT_MESSAGES.notYoursToEdit);
      const content = await moderation.check(user, input.content, {
        kind: "prompt",
        isEdit: true,
        label: "Prompt",
        fields: [input.title, input.description, ...input.tags],
      });
      const before = {
        title: row.prompt.title,
        description: row.prompt.description,
        content: row.prompt.content,
      };
      const after = { title: input.title, description: input.description, content };
      const textChanged = !sameFields(before, after);
      const editedAt = ctx.now();
      const updated = await ctx.db.transaction(async (tx) => {
        // Only a change of its text marks a prompt edited and keeps a revision (decision 0105).
        const values = promptValues(input, content);
        const done = await q.updatePrompt(tx, id, user.id, textChanged ? { ...values, editedAt } : values);
        if (done && textChanged) {
          await recordRevision(tx, {
            kind: "prompt",
            targetId: id,
            before,
            after,
            originalAt: row.prompt.editedAt ?? row.prompt.createdAt,
            originalBy: row.prompt.authorId,
            editedAt,
            editedBy: user.id,
          });
        }
        return done;
      });
      if (!updated) throw notFound(PROMPT_MESSAGES.notFound);
      return presentPrompt((await q.findPrompt(ctx.db, id, user.id))!, user);
    },

    async remove(user: SessionUser, id: number) {
      const row = await requirePrompt(id, user);
      if (!canDeletePrompt(user, row.prompt.authorId)) throw forbidden(PROMPT_MESSAGES.notYours);
      const scope = user.isAdmin && user.id !== row.prompt.authorId ? null : user.id;
      if (!(await q.deletePrompt(ctx.db, id, scope))) throw notFound(PROMPT_MESSAGES.notFound);
    },

    /** Toggles the member's like; the count moves only when a like row does, so it stays exact. */
    async toggleLike(user: SessionUser, id: number) {
      await requirePrompt(id, null);
      const result = await ctx.db
        .transaction(async (tx) => {
          const removed = await q.deleteLike(tx, id, user.id);
          const added = removed ? false : await q.insertLike(tx, id, user.id, ctx.now());
          const row = await q.bumpPrompt(tx, id, { likes: removed ? -1 : added ? 1 : 0 });
          if (!row) throw notFound(PROMPT_MESSAGES.notFound);
          return { liked: !removed, likes: row.likes, added, ownerId: row.authorId };
        })
        .catch(goneAsNotFound);
      if (result.added && result.ownerId !== user.id) {
        await ctx.events.emit("prompt.liked", { actorId: user.id, promptId: id, ownerId: result.ownerId });
      }
      return { liked: result.liked, likes: result.likes };
    },

    /** A copy counts as a download once per member per prompt. */
    async recordDownload(user: SessionUser, id: number) {
      await requirePrompt(id, null);
      return ctx.db
        .transaction(async (tx) => {
          const counted = await q.insertDownload(tx, id, user.id, ctx.now());
          const row = await q.bumpPrompt(tx, id, { downloads: counted ? 1 : 0 });
          if (!row) throw notFound(PROMPT_MESSAGES.notFound);
          return { counted, downloads: row.downloads };
        })
        .catch(goneAsNotFound);
    },

    /** "Worked on" votes: one up or down per member and model; null takes the vote back. */
    async voteModel(user: SessionUser, id: number, input: ModelVoteInput) {
      await requirePrompt(id, null);
      if (input.vote === null) await q.clearModelVote(ctx.db, id, user.id, input.model);
      else {
        await q
          .setModelVote(ctx.db, id, user.id, input.model, input.vote === "up" ? 1 : -1, ctx.now())
          .catch(goneAsNotFound);
      }
      return modelVotes(id, user);
    },
  };
}
