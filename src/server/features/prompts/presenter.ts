import { type ModelVote, PROMPT_VOTE_MODELS, type Prompt, promptModelLabel } from "../../../common/prompts";
import type { SessionUser } from "../../platform/context";
import type { PromptJoined } from "./queries";

export function canDeletePrompt(viewer: SessionUser | null, authorId: number): boolean {
  return Boolean(viewer && (viewer.id === authorId || viewer.isAdmin));
}

export function presentPrompt(row: PromptJoined, viewer: SessionUser | null): Prompt {
  const p = row.prompt;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    content: p.content,
    category: p.category,
    aiModel: p.aiModel,
    difficulty: p.difficulty,
    tags: p.tags,
    likes: p.likesCount,
    downloads: p.downloadsCount,
    author: { id: p.authorId, username: row.authorUsername, avatar: row.authorAvatar },
    createdAt: p.createdAt.toISOString(),
    editedAt: p.editedAt ? p.editedAt.toISOString() : null,
    liked: Boolean(row.liked),
    downloaded: Boolean(row.downloaded),
    isOwn: viewer?.id === p.authorId,
    canDelete: canDeletePrompt(viewer, p.authorId),
  };
}

/** Every votable model, in a fixed order, with zeros where nobody voted yet. */
export function presentModelVotes(
  rows: { model: string; up: number; down: number; mine: number | null }[],
): ModelVote[] {
  return PROMPT_VOTE_MODELS.map((model) => {
    const r = rows.find((x) => x.model === model);
    const mine = r?.mine === null || r?.mine === undefined ? null : Number(r.mine);
    return {
      model,
      label: promptModelLabel(model),
      up: r?.up ?? 0,
      down: r?.down ?? 0,
      myVote: mine === 1 ? "up" : mine === -1 ? "down" : null,
    };
  });
}
