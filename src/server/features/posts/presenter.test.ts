import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { postSchema } from "../../../common/posts";
import { compileSerializer } from "../../platform/serializer";
import { presentPost, postsJson } from "./presenter";
import type { PostWithAuthor } from "./queries";

/** What the feed route wrote before decision 0130: the presented posts through its schema. */
const writePage = compileSerializer(z.array(postSchema)) as (posts: unknown) => string;

function row(id: number, authorId: number, extra: Partial<PostWithAuthor> = {}): PostWithAuthor {
  const at = new Date(Date.UTC(2026, 10, 28, 10, id));
  return {
    id,
    authorId,
    content: `Post ${id}: "quoted", a back\\slash, </script>, a tab\there, line\nbreak, émoji 🤖 and \u2028`,
    aiModel: id % 2 ? "claude" : null,
    rating: id % 2 ? 4 : null,
    image: id % 3 ? null : `/uploads/${id}.png`,
    tags: id % 2 ? ["Claude", "Tips"] : [],
    tagKeys: id % 2 ? ["claude", "tips"] : [],
    isAnonymous: id % 4 === 0,
    likes: id * 3,
    comments: id,
    views: id * 10,
    createdAt: at,
    updatedAt: at,
    hiddenAt: null,
    authorUsername: `member_${authorId}`,
    authorAvatar: authorId % 2 ? null : `/avatars/${authorId}.png`,
    authorGeneration: "millennial",
    isLiked: false,
    ...extra,
  } as PostWithAuthor;
}

describe("postsJson (decision 0130)", () => {
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => row(id, 100 + (id % 3)));
  const viewers = [
    null,
    { id: 100, isAdmin: false }, // the author of some rows, two of them anonymous
    { id: 999, isAdmin: false },
    { id: 101, isAdmin: true }, // an admin sees anonymous authors
  ];
  const likeSets = [null, new Set<number>(), new Set([2, 4, 7])];

  it("writes the same text as the route's schema for every kind of viewer and like", () => {
    for (const viewer of viewers) {
      for (const liked of likeSets) {
        const expected = writePage(rows.map((r) => presentPost(r, viewer, liked ? liked.has(r.id) : false)));
        // Twice: the second time each row's shared part is the one kept from the first.
        expect(postsJson(rows, viewer, liked).text).toBe(expected);
        expect(postsJson(rows, viewer, liked).text).toBe(expected);
      }
    }
  });

  it("keeps a viewer's likes, their own posts and an admin's view out of what others read", () => {
    const page = (viewer: (typeof viewers)[number], liked: Set<number> | null) =>
      JSON.parse(postsJson(rows, viewer, liked).text) as {
        id: number;
        isOwn: boolean;
        isLiked: boolean;
        author: { id: number | null };
      }[];
    page({ id: 101, isAdmin: true }, new Set([1, 2, 3]));
    page({ id: 100, isAdmin: false }, new Set([4]));
    const visitor = page(null, null);
    expect(visitor.every((p) => !p.isOwn && !p.isLiked)).toBe(true);
    expect(visitor.filter((p) => p.author.id === null).map((p) => p.id)).toEqual([4, 8]);
    const author = page({ id: 100, isAdmin: false }, null);
    expect(author.filter((p) => p.isOwn).map((p) => p.id)).toEqual([3, 6]);
  });

  it("answers an empty page", () => {
    expect(postsJson([], null, null).text).toBe("[]");
  });
});

describe("postsJson on a shared page (decision 0132)", () => {
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => row(id, 100 + (id % 3)));
  const browser = "gzip, deflate, br";

  it("answers every member who neither liked nor wrote any of it the same text, compressed once", () => {
    const first = postsJson(rows, { id: 500, isAdmin: false }, new Set(), true);
    const second = postsJson(rows, { id: 501, isAdmin: false }, new Set([99]), true);
    const expected = writePage(rows.map((r) => presentPost(r, { id: 500, isAdmin: false }, false)));
    expect(first.text).toBe(expected);
    expect(second.text).toBe(expected);
    const br = first.encoded?.(browser);
    expect(br?.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br!.bytes).toString("utf8")).toBe(expected);
    expect(second.encoded?.(browser)?.bytes).toBe(br?.bytes); // the same bytes, not compressed again
    const gzip = second.encoded?.("gzip");
    expect(gzip?.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip!.bytes).toString("utf8")).toBe(expected);
    expect(second.encoded?.("identity")).toBeNull();
    expect(second.encoded?.(undefined)).toBeNull();
  });

  it("writes their own answer for an admin, a visitor, or rows that are not a shared page", () => {
    expect(postsJson(rows, { id: 500, isAdmin: true }, new Set(), true).encoded).toBeUndefined();
    expect(postsJson(rows, { id: 500, isAdmin: false }, new Set(), false).encoded).toBeUndefined();
    expect(postsJson(rows, { id: 500, isAdmin: false }, new Set([3]), false).encoded).toBeUndefined();
    expect(postsJson(rows, null, null, true).encoded).toBeUndefined();
  });
});

describe("postsJson: members who liked or wrote posts of a shared page (decision 0145)", () => {
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => row(id, 100 + (id % 3)));
  const browser = "gzip, deflate, br";
  type Shown = { id: number; isOwn: boolean; isLiked: boolean }[];
  const shown = (text: string) => JSON.parse(text) as Shown;
  const expectedFor = (viewer: { id: number; isAdmin: boolean }, liked: Set<number>) =>
    writePage(rows.map((r) => presentPost(r, viewer, liked.has(r.id))));

  it("answers members who liked the same posts of it the same text, compressed once", () => {
    const a = postsJson(rows, { id: 600, isAdmin: false }, new Set([3, 99]), true);
    const b = postsJson(rows, { id: 601, isAdmin: false }, new Set([3]), true);
    expect(a.text).toBe(expectedFor({ id: 600, isAdmin: false }, new Set([3])));
    expect(b.text).toBe(a.text);
    const br = a.encoded?.(browser);
    expect(zlib.brotliDecompressSync(br!.bytes).toString("utf8")).toBe(a.text);
    expect(b.encoded?.(browser)?.bytes).toBe(br?.bytes); // the same bytes, not compressed again
    expect(
      shown(b.text)
        .filter((p) => p.isLiked)
        .map((p) => p.id),
    ).toEqual([3]);
  });

  it("gives each member the likes they made and nobody else's", () => {
    const three = postsJson(rows, { id: 602, isAdmin: false }, new Set([3]), true);
    const five = postsJson(rows, { id: 603, isAdmin: false }, new Set([5]), true);
    const none = postsJson(rows, { id: 604, isAdmin: false }, new Set(), true);
    const both = postsJson(rows, { id: 605, isAdmin: false }, new Set([3, 5]), true);
    expect(
      shown(three.text)
        .filter((p) => p.isLiked)
        .map((p) => p.id),
    ).toEqual([3]);
    expect(
      shown(five.text)
        .filter((p) => p.isLiked)
        .map((p) => p.id),
    ).toEqual([5]);
    expect(shown(none.text).some((p) => p.isLiked)).toBe(false);
    expect(
      shown(both.text)
        .filter((p) => p.isLiked)
        .map((p) => p.id),
    ).toEqual([3, 5]);
    expect(five.encoded?.(browser)?.bytes).not.toBe(three.encoded?.(browser)?.bytes);
  });

  it("keeps an author's text (their posts, stealth ones too, marked their own) for them alone", () => {
    const author = { id: 100, isAdmin: false }; // wrote rows 3 and 6
    const first = postsJson(rows, author, new Set([3]), true);
    const again = postsJson(rows, author, new Set([3]), true);
    expect(first.text).toBe(expectedFor(author, new Set([3])));
    expect(again.encoded?.(browser)?.bytes).toBe(first.encoded?.(browser)?.bytes);
    expect(
      shown(first.text)
        .filter((p) => p.isOwn)
        .map((p) => p.id),
    ).toEqual([3, 6]);
    // Another member who liked the same post reads it as theirs to like, not to edit.
    const reader = postsJson(rows, { id: 606, isAdmin: false }, new Set([3]), true);
    expect(shown(reader.text).some((p) => p.isOwn)).toBe(false);
    expect(reader.encoded?.(browser)?.bytes).not.toBe(first.encoded?.(browser)?.bytes);
  });

  it("writes a new page's text anew: a kept text belongs to one page", () => {
    const before = postsJson(rows, { id: 607, isAdmin: false }, new Set([2]), true);
    const after = rows.map((r) => (r.id === 2 ? { ...r, likes: r.likes + 1 } : r));
    const now = postsJson(after, { id: 607, isAdmin: false }, new Set([2]), true);
    expect(shown(before.text).find((p) => p.id === 2)).toMatchObject({ isLiked: true });
    expect((JSON.parse(now.text) as { id: number; likes: number }[]).find((p) => p.id === 2)?.likes).toBe(
      (rows.find((r) => r.id === 2)?.likes ?? 0) + 1,
    );
  });
});
