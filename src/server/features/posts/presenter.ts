import { BLOCK_MESSAGES } from "../../../common/blocks";
import type { Generation } from "../../../common/constants";
import {
  ANONYMOUS_AUTHOR,
  type Comment,
  POST_MESSAGES,
  type Post,
  type PostAuthor,
  postSchema,
} from "../../../common/posts";
import type { SessionUser } from "../../platform/context";
import { JsonText } from "../../platform/contract";
import { KeptEncodings } from "../../platform/compression";
import { postEntity } from "../../platform/entities";
import { BoundedLru, type NamedRows } from "../../platform/public-cache";
import { compileSerializer } from "../../platform/serializer";
import type { CommentWithAuthor, PostWithAuthor } from "./queries";

type Viewer = Pick<SessionUser, "id" | "isAdmin"> | null;

/** Anonymous (stealth) items hide their author from everyone but admins (DESIGN §4). */
function presentAuthor(
  row: {
    authorId: number;
    authorUsername: string;
    authorAvatar: string | null;
    authorGeneration: string;
    isAnonymous: boolean;
  },
  viewer: Viewer,
): PostAuthor {
  if (row.isAnonymous && !viewer?.isAdmin) return ANONYMOUS_AUTHOR;
  return {
    id: row.authorId,
    username: row.authorUsername,
    avatar: row.authorAvatar,
    generation: row.authorGeneration as Generation,
  };
}

/**
 * A row's times as ISO strings, made once per row object: a feed page's rows are shared by every
 * member who reads it within the second (publicCache.shared), and formatting two dates per post
 * per request was the largest item of a member's feed read in its profile.
 */
const isoTimes = new WeakMap<PostWithAuthor, { createdAt: string; updatedAt: string }>();
function timesOf(row: PostWithAuthor): { createdAt: string; updatedAt: string } {
  if (row.times) return row.times;
  let times = isoTimes.get(row);
  if (!times) {
    times = { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
    isoTimes.set(row, times);
  }
  return times;
}

/** A kept row's own memory besides its text (the object, its times, its JSON's fixed part). */
const ROW_OVERHEAD_BYTES = 2_048;

/**
 * What a kept page of rows (`publicCache.shared` with `named`) names — each post shown, and
 * `more` — and about the memory it holds: the rows, their texts and their JSON.
 */
export function namedPostRows(rows: readonly PostWithAuthor[], more: readonly string[] = []): NamedRows {
  return {
    entities: [...more, ...rows.map((r) => postEntity(r.id))],
    bytes: rows.reduce((n, r) => n + ROW_OVERHEAD_BYTES + 6 * r.content.length, 0),
  };
}

/** `isLiked`: the viewer's like when it was looked up apart from the (shared) row. */
export function presentPost(row: PostWithAuthor, viewer: Viewer, isLiked = Boolean(row.isLiked)): Post {
  const { createdAt, updatedAt } = timesOf(row);
  return {
    id: row.id,
    content: row.content,
    author: presentAuthor(row, viewer),
    aiModel: row.aiModel,
    rating: row.rating,
    image: row.image,
    tags: row.tags,
    likes: row.likes,
    comments: row.comments,
    views: row.views,
    createdAt,
    updatedAt,
    isAnonymous: row.isAnonymous,
    // The author keeps edit and delete on their anonymous posts.
    isOwn: viewer?.id === row.authorId,
    isLiked,
  };
}

/** The feed route's own serialiser of one post (the response schema's item). */
const writePost = ((): ((post: Post) => string) => {
  const compiled = compileSerializer(postSchema);
  if (!compiled) throw new Error("postSchema must compile to a JSON serialiser");
  return compiled;
})();

/** The end of a post's JSON for a viewer who neither wrote it nor is an admin: the only variable part. */
const NOT_OWN_TAIL = ',"isOwn":false,"isLiked":false}';
const notOwnTail = (liked: boolean) => (liked ? ',"isOwn":false,"isLiked":true}' : NOT_OWN_TAIL);

/**
 * A row's JSON as any viewer but its author and admins sees it, without its tail (decision 0130):
 * made once per row object — a feed page's rows are shared by every member who reads it within the
 * second, and writing 20 posts' JSON (their texts escaped) was a quarter of a member's feed read.
 */
const headOf = new WeakMap<PostWithAuthor, string>();
function jsonHead(row: PostWithAuthor): string | null {
  let head = headOf.get(row);
  if (head === undefined) {
    const json = writePost(presentPost(row, null, false));
    // The schema's last two fields are isOwn and isLiked: anything else is written whole.
    if (!json.endsWith(NOT_OWN_TAIL)) return null;
    head = json.slice(0, -NOT_OWN_TAIL.length);
    headOf.set(row, head);
  }
  return head;
}

/**
 * A page of posts as the viewer sees them, written as JSON: the same text as serialising
 * `rows.map((r) => presentPost(r, viewer, liked.has(r.id)))` through the route's schema, with
 * each row's shared part written once (`jsonHead`). `shared`: the rows are a page every member
 * reads alike (`publicCache.shared`); a member's text then differs from another's only by the
 * posts of it they liked or wrote, and is kept, compressed once, for every member who liked and
 * wrote the same ones of it: for all who liked and wrote none (decision 0132), for the others in
 * a bounded LRU (decision 0145).
 */
export function postsJson(
  rows: readonly PostWithAuthor[],
  viewer: Viewer,
  liked: ReadonlySet<number> | null,
  shared = false,
): JsonText<Post[]> {
  const keepable = shared && viewer !== null && !viewer.isAdmin;
  // What in the page is the viewer's own: the rows they liked (l) or wrote (o), by position.
  let variant = "";
  if (keepable) {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as PostWithAuthor;
      const own = r.authorId === viewer.id;
      const like = liked?.has(r.id) === true;
      if (own || like) variant += `${i}${own ? "o" : ""}${like ? "l" : ""},`;
    }
  }
  const alike = keepable && variant === "";
  const variantKey = keepable && !alike ? `${pageIdOf(rows)}:${variant}` : "";
  const kept = alike ? keptOf.get(rows) : keepable ? variants.get(variantKey)?.kept : undefined;
  if (kept) return new JsonText(kept.text, rows, (accept) => kept.for(accept));
  const parts = rows.map((row) => {
    const isLiked = liked ? liked.has(row.id) : false;
    const head = viewer?.isAdmin || viewer?.id === row.authorId ? null : jsonHead(row);
    return head === null ? writePost(presentPost(row, viewer, isLiked)) : head + notOwnTail(isLiked);
  });
  const text = `[${parts.join(",")}]`;
  if (!keepable) return new JsonText(text, rows);
  const made = new KeptEncodings(text);
  if (alike) keptOf.set(rows, made);
  else variants.set(variantKey, { kept: made, bytes: VARIANT_OVERHEAD_BYTES + text.length * 2 });
  return new JsonText(text, rows, (accept) => made.for(accept));
}

/** A shared page's text as members who neither liked nor wrote any of it see it, with its encodings. */
const keptOf = new WeakMap<readonly PostWithAuthor[], KeptEncodings>();

/** Each shared page (a rows array) by a number of its own, for the variants' keys. */
const pageIds = new WeakMap<readonly PostWithAuthor[], number>();
let lastPageId = 0;
function pageIdOf(rows: readonly PostWithAuthor[]): number {
  let id = pageIds.get(rows);
  if (id === undefined) {
    lastPageId += 1;
    id = lastPageId;
    pageIds.set(rows, id);
  }
  return id;
}

/**
 * A shared page's texts for members who liked or wrote some of it, keyed by the page and which of
 * its posts (decision 0145). Most likers of a page's posts liked one or two of them, so a few
 * variants serve most of them; the LRU bounds their memory (a text counted at two bytes a
 * character, its brotli and the entry's own at VARIANT_OVERHEAD_BYTES), and the variants of a page
 * no longer shared (replaced after a second, or by a write) age out of it.
 */
export const MAX_PAGE_VARIANTS = 2_000;
export const MAX_PAGE_VARIANT_BYTES = 12 * 1024 * 1024;
const VARIANT_OVERHEAD_BYTES = 4_096;
const variants = new BoundedLru<{ kept: KeptEncodings; bytes: number }>(
  MAX_PAGE_VARIANTS,
  MAX_PAGE_VARIANT_BYTES,
);

/**
 * `blocked`: written by a member the viewer blocked, shown collapsed as "Post from a blocked
 * member" with neither text nor author (decision 0092); its replies keep their place under it.
 */
export function presentComment(row: CommentWithAuthor, viewer: Viewer, blocked = false): Comment {
  if (blocked) {
    return {
      id: row.id,
      postId: row.postId,
      parentId: row.parentId,
      content: BLOCK_MESSAGES.blockedPost,
      author: ANONYMOUS_AUTHOR,
      createdAt: row.createdAt.toISOString(),
      editedAt: null,
      isAnonymous: false,
      isOwn: false,
      isDeleted: false,
      isBlocked: true,
    };
  }
  // A deleted comment kept for its replies shows no text and no author, to anyone.
  if (row.deletedAt) {
    return {
      id: row.id,
      postId: row.postId,
      parentId: row.parentId,
      content: POST_MESSAGES.deletedComment,
      author: ANONYMOUS_AUTHOR,
      createdAt: row.createdAt.toISOString(),
      editedAt: null,
      isAnonymous: true,
      isOwn: false,
      isDeleted: true,
    };
  }
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    content: row.content,
    author: presentAuthor(row, viewer),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    isAnonymous: row.isAnonymous,
    isOwn: viewer?.id === row.authorId,
    isDeleted: false,
  };
}
