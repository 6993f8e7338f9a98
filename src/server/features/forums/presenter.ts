import { BLOCK_MESSAGES } from "../../../common/blocks";
import type { Forum, ForumAuthor, Reply, Thread, ThreadSummary } from "../../../common/forums";
import { plainExcerpt } from "../../../common/markdown";
import type { SessionUser } from "../../platform/context";
import type { ForumWithViewer, ReplyJoined, ThreadJoined } from "./queries";

const EXCERPT_LENGTH = 200;
const BLOCKED_AUTHOR_NAME = "Blocked member";

/** The first characters of a text on one line, cut at a word when possible. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  // Threads and replies are Markdown: an excerpt shows their words (docs/decisions/0090).
  return plainExcerpt(text, length);
}

/** The one permission rule of threads and replies: their author, or an administrator. */
export function canEdit(viewer: SessionUser | null, authorId: number): boolean {
  return Boolean(viewer && (viewer.id === authorId || viewer.isAdmin));
}

function presentAuthor(row: {
  authorId: number;
  authorUsername: string;
  authorAvatar: string | null;
  authorGeneration: string;
}): ForumAuthor {
  return {
    id: row.authorId,
    username: row.authorUsername,
    avatar: row.authorAvatar,
    generation: row.authorGeneration,
  };
}

export function presentForum(row: ForumWithViewer): Forum {
  const f = row.forum;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    aiModel: f.aiModel,
    postCount: f.postCount,
    memberCount: f.memberCount,
    threadCount: f.threadCount,
    lastActivityAt: f.lastActivityAt.toISOString(),
    createdAt: f.createdAt.toISOString(),
    isMember: Boolean(row.isMember),
  };
}

/**
 * Threads' excerpts by thread, with the text they were made from: a forum's lists show the same
 * threads again and again, and parsing their Markdown was the largest item of a list's own work.
 */
const summaries = new Map<number, { content: string; excerpt: string }>();
const MAX_SUMMARIES = 5_000;
function threadExcerpt(id: number, content: string): string {
  const known = summaries.get(id);
  if (known && known.content === content) return known.excerpt;
  if (summaries.size >= MAX_SUMMARIES) summaries.clear();
  const made = excerpt(content);
  summaries.set(id, { content, excerpt: made });
  return made;
}

export function presentThreadSummary(row: ThreadJoined): ThreadSummary {
  const t = row.thread;
  return {
    id: t.id,
    forumId: t.forumId,
    title: t.title,
    excerpt: threadExcerpt(t.id, t.content),
    author: presentAuthor(row),
    replyCount: t.replyCount,
    lastActivityAt: t.lastActivityAt.toISOString(),
    lastReplyAuthor: row.lastReplyAuthor,
    createdAt: t.createdAt.toISOString(),
  };
}

export function presentThread(row: ThreadJoined, viewer: SessionUser | null): Thread {
  const t = row.thread;
  return {
    ...presentThreadSummary(row),
    forumName: row.forumName,
    content: t.content,
    editedAt: t.editedAt ? t.editedAt.toISOString() : null,
    isOwn: viewer?.id === t.authorId,
    canEdit: canEdit(viewer, t.authorId),
  };
}

/** A reply by a member the viewer blocked: "Post from a blocked member", no text, no author. */
export function presentBlockedReply(row: ReplyJoined): Reply {
  const r = row.reply;
  return {
    id: r.id,
    threadId: r.threadId,
    content: BLOCK_MESSAGES.blockedPost,
    author: { id: 0, username: BLOCKED_AUTHOR_NAME, avatar: null, generation: "" },
    createdAt: r.createdAt.toISOString(),
    editedAt: null,
    isOwn: false,
    canEdit: false,
    isBlocked: true,
  };
}

export function presentReply(row: ReplyJoined, viewer: SessionUser | null): Reply {
  const r = row.reply;
  return {
    id: r.id,
    threadId: r.threadId,
    content: r.content,
    author: presentAuthor(row),
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt ? r.editedAt.toISOString() : null,
    isOwn: viewer?.id === r.authorId,
    canEdit: canEdit(viewer, r.authorId),
  };
}
