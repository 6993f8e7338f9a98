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

  it("writes their own answer for a member who liked or wrote a post of it, an admin, or rows of one member", () => {
    expect(postsJson(rows, { id: 500, isAdmin: false }, new Set([3]), true).encoded).toBeUndefined();
    expect(postsJson(rows, { id: 100, isAdmin: false }, new Set(), true).encoded).toBeUndefined();
    expect(postsJson(rows, { id: 500, isAdmin: true }, new Set(), true).encoded).toBeUndefined();
    expect(postsJson(rows, { id: 500, isAdmin: false }, new Set(), false).encoded).toBeUndefined();
    expect(postsJson(rows, null, null, true).encoded).toBeUndefined();
    const liked = JSON.parse(postsJson(rows, { id: 500, isAdmin: false }, new Set([3]), true).text) as Array<{
      id: number;
      isLiked: boolean;
    }>;
    expect(liked.find((p) => p.id === 3)?.isLiked).toBe(true);
  });
});
