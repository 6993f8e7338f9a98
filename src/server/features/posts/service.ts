import { createHash } from "node:crypto";
import { and, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { BLOCK_MESSAGES, BLOCKED_CODE } from "../../../common/blocks";
import { FOLLOWING_LOGIN, TOP_WINDOW_HOURS } from "../../../common/feed-sorts";
import type { PageQuery } from "../../../common/http";
import { markdownToPlainText } from "../../../common/markdown";
import {
  type CommentCreateInput,
  type CommentUpdateInput,
  type commentCreateSchema,
  mergeTags,
  POST_MESSAGES,
  type PostListQuery,
  type PostSearchQuery,
  type PostUpdateInput,
  parseHashtags,
  parseMentions,
  type postCreateSchema,
} from "../../../common/posts";
import { NO_CURSOR } from "../../db/prepared";
import { postComments, posts } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { modelPostsEntity, postEntity, tagEntity, userEntity } from "../../platform/entities";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../platform/errors";
import type { SharedReads } from "../../platform/public-cache";
import { blockedEitherWay, noTagAmong, notAuthoredBy, viewerFilter } from "../blocks/public";
import { followedCount, followedTopics } from "../follows/public";
import { keepLikesOf, likedByMember } from "./liked";
import { recordRevision } from "../history/public";
import { createModerationService } from "../moderation/public";
import { removeUpload, uploadExists } from "../uploads/public";
import { namedPostRows, presentComment, presentPost, postsJson } from "./presenter";
import * as q from "./queries";
import type { ViewBuffer } from "./views";

type PostCreate = z.output<typeof postCreateSchema>;
type CommentCreate = z.output<typeof commentCreateSchema>;

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const EXCERPT_MAX = 140;

function isForeignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === "23503";
}

/** The first words of a post for notifications and the digest: plain text, not Markdown. */
function excerpt(markdown: string): string {
  const text = markdownToPlainText(markdown);
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
}

/**
 * Tags after an edit: the hashtags of the new text, plus the tags that were given explicitly
 * (e.g. the rating dialog's model tag) rather than written into the old text.
 */
export function tagsAfterEdit(oldTags: string[], oldContent: string, newContent: string): string[] {
  const oldHashtags = new Set(parseHashtags(oldContent).map((t) => t.toLowerCase()));
  const explicit = oldTags.filter((t) => !oldHashtags.has(t.toLowerCase()));
  return mergeTags(parseHashtags(newContent), explicit);
}

/**
 * `shared` keeps feed pages for every viewer a moment (the public cache's shared reads, emptied
 * by every write); without it each call reads the database.
 */
/** The author columns of a row the member just wrote (answered without reading it back). */
const authorFields = (user: SessionUser) => ({
  authorUsername: user.username,
  authorAvatar: user.avatar,
  authorGeneration: user.generation,
});

/** A kept Following page names each member, hashtag and model followed: past this many, it is not kept. */
const MAX_NAMED_FOLLOWS = 500;

export function createPostService(
  ctx: AppContext,
  shared: SharedReads = (_key, compute) => compute(),
  views: ViewBuffer | null = null,
) {
  const moderation = createModerationService(ctx);

  async function load(viewer: SessionUser | null, id: number) {
    const row = await q.findPost(ctx.db, viewer?.id ?? null, id);
    // A post hidden pending review is seen only by its author and admins (issue 8).
    if (!row || (row.hiddenAt && !viewer?.isAdmin && row.authorId !== viewer?.id)) {
      throw notFound(POST_MESSAGES.notFound);
    }
    return presentPost(row, viewer);
  }

  /** 404 when the post does not exist, 403 when it is somebody else's. */
  async function assertOwnPost(user: SessionUser, id: number): Promise<void> {
    const owner = await q.findPostOwner(ctx.db, id);
    if (!owner) throw notFound(POST_MESSAGES.notFound);
    if (owner.authorId !== user.id) throw forbidden(POST_MESSAGES.notYourPost);
  }

  /** `@username` mentions become one event (notifications are another feature's business). */
  async function announceMentions(actor: SessionUser, content: string, url: string): Promise<void> {
    const names = parseMentions(content).filter((n) => n !== actor.username.toLowerCase());
    const userIds = (await q.findUserIdsByUsernames(ctx.db, names)).filter((id) => id !== actor.id);
    if (userIds.length > 0) {
      await ctx.events.emit("member.mentioned", {
        actorId: actor.id,
        userIds,
        url,
        excerpt: excerpt(content),
      });
    }
  }

  /** Refused either way, in words that do not say who blocked whom (decision 0092). */
  async function assertNotBlocked(user: SessionUser, otherId: number, otherAnonymous: boolean) {
    if (!otherAnonymous && (await blockedEitherWay(ctx, user.id, otherId))) {
      throw new AppError(403, BLOCK_MESSAGES.cannotReply, BLOCKED_CODE);
    }
  }

  /**
   * A member's Following page with their likes (the kept likes, decision 0150). The common one
   * (newest first, members only, no block or mute) is read with other members' at once
   * (`q.followingPage`); any other goes through `followingPosts`. A member who follows no member,
   * hashtag or model reads an empty page without a statement (their kept follows say so: a follow
   * forgets them here and on every instance).
   */
  async function followingPage(
    viewer: SessionUser,
    page: { limit: number; cursor?: number; tag?: string },
    order: q.FeedOrder,
    exclude: SQL | undefined,
  ): Promise<q.PostWithAuthor[]> {
    const topics = await followedTopics.get(ctx, viewer.id);
    // Following nobody and nothing (every new member): nothing to read.
    if (followedCount(topics) === 0) return [];
    const common =
      order.sort === "new" && !page.tag && !exclude && topics.tags.length === 0 && topics.models.length === 0;
    // The member's likes are read while the page is (once, then kept: decision 0150).
    keepLikesOf(ctx, viewer.id);
    const rows = common
      ? await q.followingPage(ctx.db, {
          viewerId: viewer.id,
          cursor: page.cursor ?? NO_CURSOR,
          limit: page.limit,
        })
      : await q.followingPosts(ctx.db, viewer.id, page, order, topics, exclude);
    return withLikes(viewer, rows);
  }

  /** Rows read for every viewer, with whether the member liked each. */
  async function withLikes(
    viewer: SessionUser | null,
    rows: q.PostWithAuthor[],
  ): Promise<q.PostWithAuthor[]> {
    if (!viewer) return rows;
    const liked = await likedByMember(
      ctx,
      viewer.id,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, isLiked: liked.has(r.id) }));
  }

  const viewKey = (viewer: SessionUser | null, address: string) =>
    viewer ? `u:${viewer.id}` : `a:${createHash("sha256").update(address).digest("base64url").slice(0, 22)}`;
  const viewHour = () => new Date(Math.floor(ctx.now().getTime() / HOUR_MS) * HOUR_MS);

  return {
    /**
     * The page's rows are the same for every viewer; a member's likes are looked up apart. A
     * member with blocks or mutes reads their own page: named posts of members blocked either way
     * leave every feed; muted members' and muted hashtags' leave the home feed (a hashtag's own
     * page still shows it). Stealth posts stay (decision 0092). `sort` orders the page New, Hot
     * or Top (decision 0103); the Following tab is a member's own (decision 0104).
     */
    async list(viewer: SessionUser | null, query: PostListQuery) {
      const page = { limit: query.limit, cursor: query.cursor, tag: query.tag || undefined };
      const hours = TOP_WINDOW_HOURS[query.t];
      const order: q.FeedOrder = {
        sort: query.sort,
        // Whole minutes, so that the pages of one visit (and the shared cache) read one window.
        since:
          query.sort === "top" && hours !== null
            ? new Date(Math.floor(ctx.now().getTime() / MINUTE_MS) * MINUTE_MS - hours * HOUR_MS)
            : null,
      };
      const following = query.tab === "following";
      if (following && !viewer) throw unauthorized(FOLLOWING_LOGIN);
      const window = query.sort === "top" ? query.t : "";
      const key = `posts:${page.limit}:${page.cursor ?? ""}:${page.tag?.toLowerCase() ?? ""}:${query.sort}:${window}`;
      const filter = await viewerFilter(ctx, viewer);
      const exclude = filter.empty
        ? undefined
        : and(
            notAuthoredBy(filter.hidden, sql`${posts.authorId}`, sql`${posts.isAnonymous}`),
            page.tag
              ? undefined
              : notAuthoredBy(filter.mutedMembers, sql`${posts.authorId}`, sql`${posts.isAnonymous}`),
            page.tag ? undefined : noTagAmong(filter.mutedTags, sql`${posts.tagKeys}`),
          );
      // The Following tab is the member's own; every other page is the same for every viewer,
      // its rows presented as they are with the member's likes looked up apart (no copy per row).
      if (following && viewer) {
        return (await followingPage(viewer, page, order, exclude)).map((r) => presentPost(r, viewer));
      }
      // A page of New after a cursor shows posts older than the cursor: a new post never joins it,
      // so it is kept until a write names one of its posts (decision 0153), as a visitor's is.
      const olderPage = page.cursor !== undefined && !page.tag && query.sort === "new";
      const rows = exclude
        ? await q.listSortedPosts(ctx.db, page, order, exclude)
        : await shared(
            key,
            () => q.listSortedPosts(ctx.db, page, order),
            olderPage ? (rows) => namedPostRows(rows) : undefined,
          );
      const liked = viewer
        ? await likedByMember(
            ctx,
            viewer.id,
            rows.map((r) => r.id),
          )
        : null;
      return postsJson(rows, viewer, liked, !exclude);
    },

    /**
     * What a member's kept Following page names (decision 0137), for pages newest first without a
     * hashtag, of a member with no block or mute: each member followed (their next named post
     * joins it: creating one names its author), each hashtag and model followed (a new or edited
     * post names those it carries) and each post shown (its likes, comments, edits, deletion name
     * it). null: not kept.
     */
    async followingEntities(viewer: SessionUser, shown: ReadonlyArray<{ id: number }>) {
      const [topics, filter] = await Promise.all([
        followedTopics.get(ctx, viewer.id),
        viewerFilter(ctx, viewer),
      ]);
      if (!filter.empty || followedCount(topics) > MAX_NAMED_FOLLOWS) return null;
      return [
        ...topics.members.map(userEntity),
        ...topics.tags.map(tagEntity),
        ...topics.models.map(modelPostsEntity),
        ...shown.map((p) => postEntity(p.id)),
      ];
    },

    async search(viewer: SessionUser | null, query: PostSearchQuery) {
      const filter = await viewerFilter(ctx, viewer);
      const rows = await q.searchPosts(
        ctx.db,
        viewer?.id ?? null,
        { q: query.q, limit: query.limit, tag: query.tag || undefined },
        notAuthoredBy(filter.hidden, sql`${posts.authorId}`, sql`${posts.isAnonymous}`),
      );
      return rows.map((r) => presentPost(r, viewer));
    },

    /**
     * Opening a post counts one view per viewer per hour (members by id, visitors by hashed
     * address). With a view buffer (the app's), the view is written with others a moment later
     * and the answer counts it at once; without one (scripts), it is written now.
     */
    async open(viewer: SessionUser | null, id: number, address: string) {
      const viewerKey = viewKey(viewer, address);
      const hour = viewHour();
      if (views) {
        const post = await load(viewer, id);
        views.record(id, viewerKey, hour);
        return { ...post, views: post.views + views.pendingFor(id) };
      }
      try {
        await ctx.db.transaction((tx) => q.recordView(tx, id, viewerKey, hour));
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
      }
      return load(viewer, id);
    },

    /**
     * A visitor's view of a post answered from the public cache (decision 0119): held like any
     * view (the cached answer was a visible post); the count shown is the cached answer's.
     */
    countView(id: number, address: string) {
      views?.record(id, viewKey(null, address), viewHour());
    },

    async create(user: SessionUser, input: PostCreate) {
      // The repeat check reads while the image is looked up; the fingerprint is remembered while
      // the post is stored (decision 0149).
      const ahead = moderation.lookAhead(user, input.content, "post");
      if (input.image && !(await uploadExists(ctx, input.image))) {
        throw badRequest("The image was not found: upload it again");
      }
      const { text: content, remembered } = await moderation.screen(user, input.content, {
        kind: "post",
        ahead,
      });
      const aiModel = input.aiModel ?? null;
      const rating = input.rating ?? null;
      const [row] = await Promise.all([
        q.createPostRow(ctx.db, {
          authorId: user.id,
          content,
          aiModel,
          rating,
          image: input.image ?? null,
          tags: mergeTags(input.tags, parseHashtags(content)),
          isAnonymous: input.isAnonymous,
          createdAt: ctx.now(),
        }),
        remembered,
      ]);
      const id = row.id;
      if (aiModel && rating) {
        await ctx.events.emit("post.rating-created", {
          postId: id,
          userId: user.id,
          aiModel,
          rating,
          content,
        });
      }
      // Announcing an anonymous post or its mentions would reveal its author.
      if (!input.isAnonymous) {
        await ctx.events.emit("post.created", { actorId: user.id, postId: id });
        await announceMentions(user, content, `/post/${id}`);
      }
      // The stored row and its author: no second read (nobody has liked a post this new).
      return presentPost({ ...row, ...authorFields(user), isLiked: false }, user);
    },

    async update(user: SessionUser, id: number, input: PostUpdateInput) {
      const existing = await q.findPost(ctx.db, user.id, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      if (existing.authorId !== user.id) throw forbidden(POST_MESSAGES.notYourPost);
      const content = await moderation.check(user, input.content, { kind: "post", isEdit: true });
      // A no-op edit changes nothing: no "edited" mark, no revision (decision 0105).
      if (content === existing.content) return load(user, id);
      const editedAt = ctx.now();
      const changed = await ctx.db.transaction(async (tx) => {
        const updated = await q.updatePostContent(tx, id, user.id, {
          content,
          tags: tagsAfterEdit(existing.tags, existing.content, content),
          updatedAt: editedAt,
        });
        if (updated) {
          await recordRevision(tx, {
            kind: "post",
            targetId: id,
            before: { content: existing.content },
            after: { content },
            originalAt: existing.updatedAt,
            originalBy: existing.authorId,
            editedAt,
            editedBy: user.id,
          });
        }
        return updated;
      });
      if (!changed) throw notFound(POST_MESSAGES.notFound);
      return load(user, id);
    },

    async remove(user: SessionUser, id: number) {
      await assertOwnPost(user, id);
      const deleted = await q.deletePost(ctx.db, id, user.id);
      if (!deleted) throw notFound(POST_MESSAGES.notFound);
      await ctx.events.emit("post.deleted", { postId: id });
      if (deleted.image && !(await q.isImageInUse(ctx.db, deleted.image))) {
        await removeUpload(ctx, deleted.image).catch((err) =>
          ctx.log.warn({ err }, "could not remove an upload"),
        );
      }
      return { message: "Post deleted" };
    },

    /**
     * Like or unlike. The like row (unique per post and member) and the counter change in one
     * transaction, so concurrent likes never double-count.
     */
    async toggleLike(user: SessionUser, id: number) {
      let result: Awaited<ReturnType<typeof q.toggleLikeRow>>;
      try {
        result = await q.toggleLikeRow(ctx.db, id, user.id, ctx.now());
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound(POST_MESSAGES.notFound);
        throw err;
      }
      if (result.authorId === null) throw notFound(POST_MESSAGES.notFound);
      if (result.added) {
        await ctx.events.emit("post.liked", { actorId: user.id, postId: id, ownerId: result.authorId });
      }
      return { liked: result.liked, likes: result.likes };
    },

    async listComments(viewer: SessionUser | null, postId: number, page: PageQuery) {
      // A hidden post's comments go with it: only its author and admins still see them.
      const owner = await q.findPostOwner(ctx.db, postId);
      if (!owner || (owner.hidden && !viewer?.isAdmin && owner.authorId !== viewer?.id)) {
        throw notFound(POST_MESSAGES.notFound);
      }
      // A member who blocked the viewer: their named comments are left out (the viewer is not
      // told); a member the viewer blocked: shown collapsed (decision 0092).
      const filter = await viewerFilter(ctx, viewer);
      const rows = await q.listComments(
        ctx.db,
        postId,
        page,
        notAuthoredBy(
          [...filter.blockingMe],
          sql`${postComments.authorId}`,
          sql`${postComments.isAnonymous}`,
        ),
      );
      return rows.map((r) =>
        presentComment(r, viewer, filter.blockedByMe.has(r.authorId) && !r.isAnonymous && !r.deletedAt),
      );
    },

    async addComment(user: SessionUser, postId: number, input: CommentCreate | CommentCreateInput) {
      // The repeat check reads while the post is looked up; the fingerprint is remembered while
      // the comment is stored (decision 0149): three waits in turn instead of five.
      const ahead = moderation.lookAhead(user, input.content, "comment");
      const owner = await q.findPostOwner(ctx.db, postId);
      if (!owner || (owner.hidden && !user.isAdmin && owner.authorId !== user.id)) {
        throw notFound(POST_MESSAGES.notFound);
      }
      // A stealth post's author is nobody here: refusing would name them (decision 0092).
      await assertNotBlocked(user, owner.authorId, owner.anonymous);
      // A reply (docs/decisions/0070): one level; answering a reply joins its thread.
      // `answered` is the comment the member answered (its author is notified), `parent` its thread.
      let answered: Awaited<ReturnType<typeof q.findComment>> | undefined;
      let parent: typeof answered;
      if (input.parentId != null) {
        answered = await q.findComment(ctx.db, postId, input.parentId);
        parent =
          answered?.parentId != null ? await q.findComment(ctx.db, postId, answered.parentId) : answered;
        for (const c of [answered, parent]) {
          if (!c || c.hiddenAt || c.deletedAt) throw notFound(POST_MESSAGES.parentNotFound);
        }
        await assertNotBlocked(user, answered!.authorId, answered!.isAnonymous);
      }
      const { text: content, remembered } = await moderation.screen(user, input.content, {
        kind: "comment",
        ahead,
      });
      const isAnonymous = input.isAnonymous ?? false;
      const values = {
        postId,
        authorId: user.id,
        content,
        isAnonymous,
        createdAt: ctx.now(),
        parentId: parent?.id ?? null,
      };
      let created: { id: number; ownerId: number };
      try {
        [created] = await Promise.all([q.insertComment(ctx.db, values), remembered]);
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw notFound(parent ? POST_MESSAGES.parentNotFound : POST_MESSAGES.notFound);
        }
        throw err;
      }
      if (!isAnonymous) {
        await ctx.events.emit("post.commented", {
          actorId: user.id,
          postId,
          commentId: created.id,
          ownerId: created.ownerId,
        });
        await announceMentions(user, content, `/post/${postId}`);
      }
      // The answered comment's author hears of the reply (once: not again as the post's author);
      // a stealth reply names no one ("comment.replied" with anonymous).
      if (
        answered &&
        parent &&
        answered.authorId !== user.id &&
        (isAnonymous || answered.authorId !== created.ownerId)
      ) {
        await ctx.events.emit("comment.replied", {
          actorId: user.id,
          postId,
          commentId: created.id,
          parentId: parent.id,
          ownerId: answered.authorId,
          anonymous: isAnonymous,
        });
      }
      // The stored values and their author: no second read.
      return presentComment(
        { ...values, id: created.id, editedAt: null, deletedAt: null, ...authorFields(user) },
        user,
      );
    },

    /** The author edits their comment: same checks as an edit of a post; stealth stays as it was. */
    async updateComment(user: SessionUser, postId: number, commentId: number, input: CommentUpdateInput) {
      const existing = await q.findComment(ctx.db, postId, commentId);
      if (!existing || existing.hiddenAt || existing.deletedAt) throw notFound(POST_MESSAGES.commentNotFound);
      if (existing.authorId !== user.id) throw forbidden(POST_MESSAGES.notYourCommentEdit);
      const content = await moderation.check(user, input.content, { kind: "comment", isEdit: true });
      if (content === existing.content) return presentComment(existing, user);
      const editedAt = ctx.now();
      const changed = await ctx.db.transaction(async (tx) => {
        const updated = await q.updateComment(tx, postId, commentId, user.id, { content, editedAt });
        if (updated) {
          await recordRevision(tx, {
            kind: "comment",
            targetId: commentId,
            before: { content: existing.content },
            after: { content },
            originalAt: existing.editedAt ?? existing.createdAt,
            originalBy: existing.authorId,
            editedAt,
            editedBy: user.id,
          });
        }
        return updated;
      });
      if (!changed) throw notFound(POST_MESSAGES.commentNotFound);
      if (!existing.isAnonymous) {
        // Mentions are announced when the edit adds a name (a mention is noticed once per item).
        const before = new Set(parseMentions(existing.content));
        const added = parseMentions(content).filter((n) => !before.has(n));
        if (added.length > 0) await announceMentions(user, content, `/post/${postId}`);
      }
      return presentComment({ ...existing, content, editedAt }, user);
    },

    async deleteComment(user: SessionUser, postId: number, commentId: number) {
      const existing = await q.findComment(ctx.db, postId, commentId);
      if (!existing || existing.deletedAt) throw notFound(POST_MESSAGES.commentNotFound);
      if (existing.authorId !== user.id) throw forbidden(POST_MESSAGES.notYourComment);
      const deleted = await ctx.db.transaction((tx) =>
        q.removeComment(tx, postId, commentId, user.id, ctx.now()),
      );
      if (!deleted) throw notFound(POST_MESSAGES.commentNotFound);
      return { message: "Comment deleted" };
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
