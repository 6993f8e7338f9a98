/**
 * The URL lists of bench:api's realistic mixes (issue 26 items 1 and 3), read from the bench
 * database: many distinct public API URLs, the signed-in URLs, and the server-rendered pages.
 * Each list is ordered by popularity (rank 0 the most requested): a few site-wide URLs first
 * (the landing page's reads, the directories, trending), then every kind interleaved in
 * proportion to its size, each kind in its own popularity order (most liked posts and busiest
 * threads first, newest after). bench/api.ts draws each request's rank from a Zipf(s) sequence
 * (lib.ts `zipfSequence`) over the list.
 */
import { TIMEFRAMES } from "../src/common/trending";
import { MODEL_CATEGORIES, MODEL_SORTS } from "../src/common/ai-models";
import { PROMPT_CATEGORIES, PROMPT_DIFFICULTIES, PROMPT_SORTS } from "../src/common/prompts";
import type { BenchDb } from "./lib";

export interface UrlKind {
  kind: string;
  /** Most requested first. */
  urls: string[];
}

/** Front URLs first, then each kind's URLs spread evenly over the rest (in proportion to its size). */
export function interleave(front: string[], kinds: UrlKind[]): string[] {
  const placed: { at: number; order: number; url: string }[] = [];
  kinds.forEach((k, order) => {
    k.urls.forEach((url, i) => {
      placed.push({ at: (i + 0.5) / k.urls.length, order, url });
    });
  });
  placed.sort((a, b) => a.at - b.at || a.order - b.order);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of [...front, ...placed.map((p) => p.url)]) {
    if (seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

/** Count of each kind in a list built by `interleave` (for the report). */
export function kindCounts(front: string[], kinds: UrlKind[]): Record<string, number> {
  const out: Record<string, number> = { "site-wide (front)": front.length };
  for (const k of kinds) out[k.kind] = k.urls.length;
  return out;
}

/** Search terms a visitor might type: generated words, hashtags, model names, and pairs of them. */
const WORDS =
  "model prompt agent reasoning context token latency benchmark vision audio code python rust open weights fine tune dataset eval safety alignment chat assistant image video music research paper inference gpu cluster cost quality speed creative writing summary translation memory tool search retrieval embedding vector cache ship launch demo idea question answer tips workflow serendipity".split(
    " ",
  );

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const take = <T>(xs: T[], n: number) => xs.slice(0, Math.max(0, n));

/** Alternates two popularity orders (e.g. most liked and newest), without repeats. */
function alternate<T>(a: T[], b: T[], n: number): T[] {
  const seen = new Set<T>();
  const out: T[] = [];
  for (let i = 0; out.length < n && (i < a.length || i < b.length); i++) {
    for (const x of [a[i], b[i]]) {
      if (x !== undefined && !seen.has(x) && out.length < n) {
        seen.add(x);
        out.push(x);
      }
    }
  }
  return out;
}

/** Each URL's kind (the first kind that lists it), for the per-kind cost probe. */
export function kindOf(front: string[], kinds: UrlKind[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const url of front) out.set(url, "site-wide (front)");
  for (const k of kinds) for (const url of k.urls) if (!out.has(url)) out.set(url, k.kind);
  return out;
}

export interface MixList {
  urls: string[];
  kinds: Record<string, number>;
  kindOf: Map<string, string>;
}

export interface MixLists {
  publicApi: MixList;
  signedIn: MixList;
  html: MixList & {
    models: string[];
    threads: string[];
    posts: string[];
  };
}

/**
 * Builds the three lists. `size` is the number of distinct public API URLs aimed at (post pages
 * fill whatever the other kinds leave; a small data set may give fewer).
 */
export async function buildMixLists(db: BenchDb, size: number): Promise<MixLists> {
  const q = async <T>(sql: string, params?: unknown[]) => (await db.query(sql, params)).rows as T[];
  const share = (f: number) => Math.round(size * f);

  // Visible posts by visible members: most liked and newest.
  const postWhere =
    "p.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p.author_id AND u.banned_at IS NOT NULL)";
  const likedPosts = ids(
    await q<{ id: number }>(
      `SELECT id FROM posts p WHERE ${postWhere} ORDER BY likes DESC, id DESC LIMIT $1`,
      [size],
    ),
  );
  const newestPosts = ids(
    await q<{ id: number }>(`SELECT id FROM posts p WHERE ${postWhere} ORDER BY id DESC LIMIT $1`, [size]),
  );
  const commentedPosts = ids(
    await q<{ id: number }>(
      `SELECT id FROM posts p WHERE ${postWhere} AND comments > 0 ORDER BY comments DESC, id DESC LIMIT $1`,
      [share(0.07)],
    ),
  );

  const threads = await q<{ id: number; forum_id: number }>(
    "SELECT t.id, t.forum_id FROM forum_threads t WHERE t.hidden_at IS NULL ORDER BY t.reply_count DESC, t.id LIMIT $1",
    [share(0.1)],
  );
  // Reply pages after the first: the cursor is the last reply id of the page before (20 a page).
  const busyThreads = threads.slice(0, Math.max(1, share(0.012)));
  const replyCursors = await q<{ thread_id: number; id: number; rn: number }>(
    `SELECT thread_id, id, rn FROM (
       SELECT thread_id, id, row_number() OVER (PARTITION BY thread_id ORDER BY id) AS rn
       FROM forum_replies WHERE thread_id = ANY($1::int[]) AND hidden_at IS NULL
     ) x WHERE rn % 20 = 0 AND rn <= 400 ORDER BY rn, thread_id`,
    [busyThreads.map((t) => t.id)],
  );
  const forums = ids(
    await q<{ id: number }>("SELECT id FROM forums ORDER BY thread_count DESC, id LIMIT $1", [share(0.06)]),
  );
  const busyForums = forums.slice(0, Math.max(1, share(0.005)));
  const threadCursors = await q<{ forum_id: number; id: number }>(
    `SELECT forum_id, id FROM (
       SELECT forum_id, id, row_number() OVER (PARTITION BY forum_id ORDER BY last_activity_at DESC, id DESC) AS rn
       FROM forum_threads WHERE forum_id = ANY($1::int[]) AND hidden_at IS NULL
     ) x WHERE rn % 20 = 0 AND rn <= 200 ORDER BY rn, forum_id`,
    [busyForums],
  );

  const models = await q<{ id: number; slug: string; name: string }>(
    "SELECT id, slug, name FROM ai_models ORDER BY review_count DESC, id",
  );
  const compare: string[] = [];
  for (let sum = 1; compare.length < share(0.08) && sum < 2 * models.length; sum++) {
    for (let i = 0; i < models.length && compare.length < share(0.08); i++) {
      const j = sum - i;
      if (j > i && j < models.length) compare.push(`${models[i]!.id},${models[j]!.id}`);
    }
  }
  for (let i = 0; i + 2 < models.length && compare.length < share(0.09); i++) {
    compare.push(`${models[i]!.id},${models[i + 1]!.id},${models[i + 2]!.id}`);
  }

  const members = ids(
    await q<{ id: number }>(
      "SELECT id FROM users WHERE banned_at IS NULL ORDER BY followers_count DESC, id LIMIT $1",
      [share(0.1)],
    ),
  );
  const prompts = ids(
    await q<{ id: number }>("SELECT id FROM prompts WHERE hidden_at IS NULL ORDER BY id DESC LIMIT $1", [
      share(0.04),
    ]),
  );
  const tags = (
    await q<{ tag: string }>(
      "SELECT tag FROM (SELECT unnest(tags) AS tag FROM (SELECT tags FROM posts ORDER BY id DESC LIMIT 5000) r) t GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 40",
    )
  ).map((r) => r.tag);

  const terms = [...WORDS, ...tags.map((t) => t.toLowerCase()), ...models.map((m) => m.name)];
  const L = WORDS.length;
  for (let i = 0; terms.length < share(0.04) && i < L * L; i++) {
    const a = i % L;
    const b = (a + 1 + Math.floor(i / L)) % L;
    if (a !== b) terms.push(`${WORDS[a]} ${WORDS[b]}`);
  }
  const searchUrls = [...new Set(terms)].map((t) => `/api/search?q=${encodeURIComponent(t)}`);

  // --- public API list
  const front = [
    "/api/posts?limit=3",
    "/api/stats",
    "/api/posts?limit=20",
    "/api/ai-models",
    "/api/forums",
    "/api/trending/topics?timeframe=24h",
    "/api/trending/posts?timeframe=24h",
    "/api/prompts",
    "/api/trending/creators?timeframe=24h",
    "/api/creators",
  ];
  const feedCursors = newestPosts.filter((_, i) => i > 0 && i % 20 === 19).map((id) => id);
  const publicKinds: UrlKind[] = [
    {
      kind: "comparisons",
      urls: compare.map((c) => `/api/ai-models/compare?models=${c}`),
    },
    {
      kind: "model pages (detail, reviews, comments)",
      urls: models.flatMap((m) => [
        `/api/ai-models/${m.slug}`,
        `/api/ai-models/${m.slug}/reviews`,
        `/api/ai-models/${m.slug}/comments`,
      ]),
    },
    {
      kind: "model directory (category × sort)",
      urls: MODEL_CATEGORIES.flatMap((c) =>
        MODEL_SORTS.map((s) => `/api/ai-models?category=${encodeURIComponent(c)}&sort=${s}`),
      ),
    },
    {
      kind: "trending windows (topics, posts, creators)",
      urls: TIMEFRAMES.flatMap((t) => [
        `/api/trending/topics?timeframe=${t}`,
        `/api/trending/posts?timeframe=${t}`,
        `/api/trending/creators?timeframe=${t}`,
      ]),
    },
    {
      kind: "prompt categories (category × sort × difficulty) and prompt pages",
      urls: [
        ...PROMPT_CATEGORIES.flatMap((c) => PROMPT_SORTS.map((s) => `/api/prompts?category=${c}&sort=${s}`)),
        ...PROMPT_CATEGORIES.flatMap((c) =>
          PROMPT_DIFFICULTIES.map((d) => `/api/prompts?category=${c}&difficulty=${d}`),
        ),
        ...prompts.map((id) => `/api/prompts/${id}`),
      ],
    },
    { kind: "search terms", urls: searchUrls },
    {
      kind: "threads",
      urls: threads.map((t) => `/api/threads/${t.id}`),
    },
    {
      kind: "thread reply pages (first and by cursor)",
      urls: [
        ...threads.slice(0, share(0.06)).map((t) => `/api/threads/${t.id}/replies?limit=20`),
        ...replyCursors.map((r) => `/api/threads/${r.thread_id}/replies?limit=20&cursor=${r.id}`),
      ],
    },
    {
      kind: "forum thread lists (first and by cursor)",
      urls: [
        ...forums.map((f) => `/api/forums/${f}/threads`),
        ...threadCursors.map((t) => `/api/forums/${t.forum_id}/threads?cursor=${t.id}`),
      ],
    },
    {
      kind: "profiles (profile, posts, stats)",
      urls: [
        ...members.map((id) => `/api/users/${id}`),
        ...take(members, share(0.04)).map((id) => `/api/users/${id}/posts`),
        ...take(members, share(0.03)).map((id) => `/api/users/${id}/stats`),
      ],
    },
    {
      kind: "feed pages (by cursor, by hashtag)",
      urls: [
        ...tags.map((t) => `/api/posts?limit=20&tag=${encodeURIComponent(t)}`),
        ...take(feedCursors, share(0.03)).map((c) => `/api/posts?limit=20&cursor=${c}`),
      ],
    },
    { kind: "post comments", urls: commentedPosts.map((id) => `/api/posts/${id}/comments`) },
  ];
  const others = new Set([...front, ...publicKinds.flatMap((k) => k.urls)]).size;
  publicKinds.unshift({
    kind: "post pages",
    urls: alternate(likedPosts, newestPosts, Math.max(share(0.1), size - others)).map(
      (id) => `/api/posts/${id}`,
    ),
  });

  // --- signed-in list (the same sessions rotate over every request)
  const signedFront = [
    "/api/notifications/unread-count",
    "/api/posts?limit=20",
    "/api/notifications?limit=20",
  ];
  const notificationCursors = ids(
    await q<{ id: number }>("SELECT id FROM notifications ORDER BY id DESC LIMIT $1", [20 * 500]),
  ).filter((_, i) => i % 20 === 19);
  const signedKinds: UrlKind[] = [
    {
      kind: "feed pages by cursor",
      urls: feedCursors.slice(0, 1500).map((c) => `/api/posts?limit=20&cursor=${c}`),
    },
    {
      kind: "notification pages by cursor",
      urls: notificationCursors.map((c) => `/api/notifications?limit=20&cursor=${c}`),
    },
    { kind: "search terms", urls: searchUrls },
    {
      kind: "profile views (profile, posts)",
      urls: [
        ...members.slice(0, 1500).map((id) => `/api/users/${id}`),
        ...members.slice(0, 500).map((id) => `/api/users/${id}/posts`),
      ],
    },
  ];

  // --- server-rendered pages (signed out)
  const htmlModels = models.map((m) => `/ai-models/${m.slug}`);
  const htmlThreads = threads.slice(0, 1000).map((t) => `/forums/${t.forum_id}/threads/${t.id}`);
  const htmlPosts = alternate(likedPosts, newestPosts, 2000).map((id) => `/post/${id}`);
  const htmlKinds: UrlKind[] = [
    { kind: "model pages", urls: htmlModels },
    { kind: "threads", urls: htmlThreads },
    { kind: "shared posts", urls: htmlPosts },
  ];

  return {
    publicApi: {
      urls: interleave(front, publicKinds),
      kinds: kindCounts(front, publicKinds),
      kindOf: kindOf(front, publicKinds),
    },
    signedIn: {
      urls: interleave(signedFront, signedKinds),
      kinds: kindCounts(signedFront, signedKinds),
      kindOf: kindOf(signedFront, signedKinds),
    },
    html: {
      urls: interleave(["/"], htmlKinds),
      kinds: kindCounts(["/"], htmlKinds),
      kindOf: kindOf(["/"], htmlKinds),
      models: htmlModels,
      threads: htmlThreads,
      posts: htmlPosts,
    },
  };
}
