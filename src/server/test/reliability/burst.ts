import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Database, queryRows } from "../../db/connect";
import { call, counterMismatches, type Member, type ServerProcess } from "./harness";

/**
 * The write burst of the durability tests (issue 13 §4): 1,000 posts, likes and comments from many
 * members at once, a SIGKILL of the server once 400 are acknowledged, and the check afterwards
 * that each acknowledged write is in the database and each counter equals its rows.
 */

export const BURST = 1000;
export const KILL_AFTER_ACKS = 400;
export const CONCURRENCY = 12;
export const MEMBERS = 200;
export const TARGET_POSTS = 30;

export type Op =
  | { kind: "post"; member: Member; content: string }
  | { kind: "like"; member: Member; postId: number }
  | { kind: "comment"; member: Member; postId: number; content: string };

export interface Acked {
  posts: { id: number; authorId: number; content: string }[];
  likes: { postId: number; userId: number }[];
  comments: { id: number; postId: number; content: string }[];
  failures: number;
  attempted: number;
}

/** 1,000 writes spread so that no member exceeds 5 posts or comments in the burst. */
export function planBurst(members: Member[], targets: number[], run: string): Op[] {
  const ops: Op[] = [];
  const pairs = new Set<string>();
  for (let i = 0; ops.length < BURST; i++) {
    const member = members[i % members.length]!;
    const slot = i % 10;
    if (slot < 4) {
      ops.push({ kind: "post", member, content: `rlb ${run} pst ${i} zxq` });
    } else if (slot < 9) {
      // Each (member, post) pair is toggled once, so an acknowledged toggle must leave a like.
      let postId = targets[(i * 7) % targets.length]!;
      for (let k = 1; pairs.has(`${member.id}:${postId}`); k++)
        postId = targets[(i * 7 + k) % targets.length]!;
      pairs.add(`${member.id}:${postId}`);
      ops.push({ kind: "like", member, postId });
    } else {
      const postId = targets[i % targets.length]!;
      ops.push({ kind: "comment", member, postId, content: `rlb ${run} cmt ${i} zxq` });
    }
  }
  return ops;
}

/** Runs the burst and SIGKILLs the server once KILL_AFTER_ACKS writes were acknowledged. */
export async function burstAndKill(server: ServerProcess, ops: Op[]): Promise<Acked> {
  const acked: Acked = { posts: [], likes: [], comments: [], failures: 0, attempted: 0 };
  const acks = () => acked.posts.length + acked.likes.length + acked.comments.length;
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++]!;
      acked.attempted++;
      const base = server.url;
      if (op.kind === "post") {
        const res = await call(`${base}/api/posts`, {
          method: "POST",
          cookie: op.member.cookie,
          body: { content: op.content },
        });
        if (res.status === 201) {
          acked.posts.push({
            id: (res.body as { id: number }).id,
            authorId: op.member.id,
            content: op.content,
          });
        } else acked.failures++;
        if (res.status !== 201 && res.status !== 0)
          throw new Error(`post: ${res.status} ${JSON.stringify(res.body)}`);
      } else if (op.kind === "like") {
        const res = await call(`${base}/api/posts/${op.postId}/like`, {
          method: "POST",
          cookie: op.member.cookie,
        });
        if (res.status === 200) {
          expect((res.body as { liked: boolean }).liked).toBe(true);
          acked.likes.push({ postId: op.postId, userId: op.member.id });
        } else acked.failures++;
        if (res.status !== 200 && res.status !== 0)
          throw new Error(`like: ${res.status} ${JSON.stringify(res.body)}`);
      } else {
        const res = await call(`${base}/api/posts/${op.postId}/comments`, {
          method: "POST",
          cookie: op.member.cookie,
          body: { content: op.content },
        });
        if (res.status === 201) {
          acked.comments.push({
            id: (res.body as { id: number }).id,
            postId: op.postId,
            content: op.content,
          });
        } else acked.failures++;
        if (res.status !== 201 && res.status !== 0)
          throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`);
      }
      if (acks() >= KILL_AFTER_ACKS && !killed) {
        killed = true;
        server.proc.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(killed).toBe(true);
  await server.exited;
  expect(server.proc.signalCode).toBe("SIGKILL");
  expect(acks()).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  return acked;
}

/** Every acknowledged write is in the database, and every counter equals its rows. */
export async function verify(database: Database, acked: Acked, run: string): Promise<Record<string, number>> {
  const postRows = await queryRows<{ id: number; authorId: number; content: string }>(
    database.db,
    sql`SELECT id, author_id AS "authorId", content FROM posts WHERE content LIKE ${`rlb ${run} pst %`}`,
  );
  const posts = new Map(postRows.map((r) => [r.id, r]));
  const missingPosts = acked.posts.filter((p) => posts.get(p.id)?.content !== p.content);
  expect(missingPosts).toEqual([]);
  for (const p of acked.posts) expect(posts.get(p.id)?.authorId).toBe(p.authorId);

  const likeRows = await queryRows<{ postId: number; userId: number }>(
    database.db,
    sql`SELECT post_id AS "postId", user_id AS "userId" FROM post_likes`,
  );
  const likes = new Set(likeRows.map((r) => `${r.postId}:${r.userId}`));
  expect(acked.likes.filter((l) => !likes.has(`${l.postId}:${l.userId}`))).toEqual([]);

  const commentRows = await queryRows<{ id: number; postId: number; content: string }>(
    database.db,
    sql`SELECT id, post_id AS "postId", content FROM post_comments WHERE content LIKE ${`rlb ${run} cmt %`}`,
  );
  const comments = new Map(commentRows.map((r) => [r.id, r]));
  expect(acked.comments.filter((c) => comments.get(c.id)?.content !== c.content)).toEqual([]);

  expect(await counterMismatches(database)).toEqual([]);
  return {
    acknowledged: acked.posts.length + acked.likes.length + acked.comments.length,
    attempted: acked.attempted,
    postsInDb: postRows.length,
    likesInDb: likeRows.length,
    commentsInDb: commentRows.length,
  };
}

/** After the restart the server answers and writes as usual. */
export async function worksAfterRestart(
  server: ServerProcess,
  member: Member,
  targetPostId: number,
): Promise<void> {
  const created = await call(`${server.url}/api/posts`, {
    method: "POST",
    cookie: member.cookie,
    body: { content: "rlb after restart qzx 7" },
  });
  expect(created.status).toBe(201);
  const liked = await call(`${server.url}/api/posts/${targetPostId}/like`, {
    method: "POST",
    cookie: member.cookie,
  });
  expect(liked.status).toBe(200);
  const feed = await call(`${server.url}/api/posts?limit=5`);
  expect(feed.status).toBe(200);
  expect((feed.body as { id: number }[])[0]?.id).toBe((created.body as { id: number }).id);
}
