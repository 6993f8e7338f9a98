import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MODEL_REQUEST_CODES } from "../../../common/model-requests";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.register();
  bob = await t.register();
  carol = await t.register();
  admin = await t.register();
  await t.makeAdmin(admin);
});
afterAll(async () => t?.close());
// A fresh requester each test: requests are rate limited per member per hour.
beforeEach(async () => {
  alice = await t.register();
});

interface Req {
  id: number;
  name: string;
  status: string;
  upvotes: number;
  upvoted: boolean;
  isOwn: boolean;
  draft: unknown;
  modelSlug: string | null;
  mergedIntoId: number | null;
  declineReason: string | null;
}

const input = (name = `Model ${randomTag(8)}`) => ({
  name,
  maker: "Example Labs",
  link: "https://example.com/model",
  why: `It tops the coding benchmarks and members keep asking about it (${randomTag(6)}).`,
});

const post = (as: TestMember | undefined, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: "/api/model-requests", as, payload });

async function request(as: TestMember, name?: string): Promise<Req> {
  const res = await post(as, input(name));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Req;
}
const upvote = (as: TestMember | undefined, id: number, upvoted = true) =>
  t.inject({ method: "PUT", url: `/api/model-requests/${id}/upvote`, as, payload: { upvoted } });
const adminCall = (as: TestMember, id: number, action: string, payload: Record<string, unknown> = {}) =>
  t.inject({ method: "POST", url: `/api/admin/model-requests/${id}/${action}`, as, payload });
async function list(query = "", as?: TestMember): Promise<{ items: Req[]; nextCursor: number | null }> {
  const res = await t.inject({ method: "GET", url: `/api/model-requests${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function notices(as: TestMember): Promise<{ type: string; message: string; url: string | null }[]> {
  const res = await t.inject({ method: "GET", url: "/api/notifications", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("requesting a model", () => {
  it("creates an open request the list shows, and needs a session", async () => {
    expect((await post(undefined, input())).statusCode).toBe(401);
    const created = await request(alice);
    expect(created).toMatchObject({ status: "open", upvotes: 0, isOwn: true, upvoted: false, draft: null });
    const page = await list("?sort=new");
    expect(page.items.map((r) => r.id)).toContain(created.id);
    expect(page.items.find((r) => r.id === created.id)?.isOwn).toBe(false);
  });

  it("refuses bad input with 400 and a code, never storing it", async () => {
    for (const bad of [
      { ...input(), link: "javascript:alert(1)" },
      { ...input(), link: "ftp://example.com/x" },
      { ...input(), name: "" },
      { ...input(), name: "---" },
      { ...input(), why: "short" },
      { ...input(), maker: "x".repeat(101) },
      { ...input(), extra: true },
    ]) {
      const res = await post(bob, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const res = await post(bob, { ...input(), link: "ftp://example.com/x" });
    expect(res.json().fields.link).toMatch(/http/);
  });

  it("refuses a duplicate of an open request (normalised name) with 409 linking it", async () => {
    const tag = randomTag(6);
    const first = await request(alice, `Dup-Model ${tag}`);
    const res = await post(bob, input(`dup model${tag.toUpperCase()}`));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: MODEL_REQUEST_CODES.duplicate,
      url: `/ai-models/requests#request-${first.id}`,
    });
  });

  it("goes through moderation like posts, and is rate limited", async () => {
    const first = input();
    expect((await post(alice, first)).statusCode).toBe(201);
    const repeat = await post(alice, { ...input(), why: first.why });
    expect(repeat.statusCode).toBe(422);
    expect(repeat.json().code).toBe("content_suspicious");
    let last = 201;
    for (let i = 0; i < 6 && last !== 429; i++) last = (await post(alice, input())).statusCode;
    expect(last).toBe(429);
  });
});

describe("upvotes", () => {
  it("counts once per member, can be taken back, and never one's own", async () => {
    const r = await request(alice);
    expect((await upvote(undefined, r.id)).statusCode).toBe(401);
    const own = await upvote(alice, r.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(MODEL_REQUEST_CODES.ownUpvote);
    expect((await upvote(bob, r.id)).json()).toEqual({ upvoted: true, upvotes: 1 });
    expect((await upvote(bob, r.id)).json()).toEqual({ upvoted: true, upvotes: 1 });
    expect((await upvote(carol, r.id)).json()).toEqual({ upvoted: true, upvotes: 2 });
    expect((await upvote(carol, r.id, false)).json()).toEqual({ upvoted: false, upvotes: 1 });
    const mine = (await list("?sort=new", bob)).items.find((x) => x.id === r.id);
    expect(mine).toMatchObject({ upvoted: true, upvotes: 1 });
    expect((await upvote(bob, 2_000_000_000)).statusCode).toBe(404);
  });

  it("sorts by most upvoted with keyset pages", async () => {
    const a = await request(carol);
    const b = await request(carol);
    await upvote(alice, b.id);
    await upvote(bob, b.id);
    await upvote(alice, a.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    let votes = Number.POSITIVE_INFINITY;
    do {
      const page: { items: Req[]; nextCursor: number | null } = await list(
        `?sort=top&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      for (const item of page.items) {
        expect(item.upvotes).toBeLessThanOrEqual(votes);
        votes = item.upvotes;
        seen.push(item.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.indexOf(b.id)).toBeLessThan(seen.indexOf(a.id));
  });
});

describe("blocks", () => {
  it("leave a blocked member's requests out of the list, both ways", async () => {
    const blocker = await t.register();
    const r = await request(alice);
    expect(
      (await t.inject({ method: "PUT", url: `/api/users/${alice.id}/block`, as: blocker })).statusCode,
    ).toBe(200);
    expect((await list("?sort=new&limit=100", blocker)).items.some((x) => x.id === r.id)).toBe(false);
    const mine = await request(blocker);
    expect((await list("?sort=new&limit=100", alice)).items.some((x) => x.id === mine.id)).toBe(false);
    expect((await list("?sort=new&limit=100", carol)).items.some((x) => x.id === r.id)).toBe(true);
  });
});

describe("admin decisions", () => {
  it("are refused to members (403) and visitors (401), changing nothing", async () => {
    const r = await request(alice);
    for (const [action, body] of [
      ["accept", {}],
      ["decline", { reason: "Not an AI model" }],
      ["merge", { intoId: r.id + 1 }],
      ["publish", {}],
    ] as const) {
      expect((await adminCall(bob, r.id, action, body)).statusCode).toBe(403);
      expect(
        (
          await t.inject({
            method: "POST",
            url: `/api/admin/model-requests/${r.id}/${action}`,
            payload: body,
          })
        ).statusCode,
      ).toBe(401);
    }
    const still = (await list("?sort=new")).items.find((x) => x.id === r.id);
    expect(still?.status).toBe("open");
  });

  it("accept makes a draft only admins see, notifies requester and upvoters, and publish lists the model", async () => {
    const name = `Accepted ${randomTag(8)}`;
    const r = await request(alice, name);
    await upvote(bob, r.id);
    const accepted = await adminCall(admin, r.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", draft: { description: "", category: null } });

    // The draft is nowhere in the directory for visitors or members.
    const models = await t.inject({
      method: "GET",
      url: `/api/ai-models?search=${encodeURIComponent(name)}`,
    });
    expect(models.body).not.toContain(name);
    const forMember = (await list("?status=accepted", bob)).items.find((x) => x.id === r.id);
    expect(forMember?.draft).toBeNull();
    expect((await adminCall(admin, r.id, "accept")).statusCode).toBe(409);

    for (const who of [alice, bob]) {
      expect(
        (await notices(who)).some((n) => n.type === "model_request" && n.message.includes("accepted")),
      ).toBe(true);
    }
    expect((await notices(carol)).some((n) => n.message.includes(name))).toBe(false);

    // Publishing needs a complete draft.
    const early = await adminCall(admin, r.id, "publish");
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(MODEL_REQUEST_CODES.incomplete);
    const draft = await t.inject({
      method: "PUT",
      url: `/api/admin/model-requests/${r.id}/draft`,
      as: admin,
      payload: {
        name,
        maker: "Example Labs",
        link: "https://example.com/model",
        description: "A model members asked for.",
        category: "Language Models",
        pricing: "Free",
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await adminCall(admin, r.id, "publish");
    expect(published.statusCode, published.body).toBe(200);
    const { slug } = published.json() as { slug: string };
    const detail = await t.inject({ method: "GET", url: `/api/ai-models/${slug}` });
    expect(detail.statusCode).toBe(200);

    // Now the directory has it: asking again is refused, linking the model.
    const again = await post(carol, input(name.toLowerCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: MODEL_REQUEST_CODES.exists, url: `/ai-models/${slug}` });

    const audit = await t.inject({ method: "GET", url: "/api/admin/audit-log", as: admin });
    const actions = (audit.json() as { action: string; targetId: number | null }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["model_request.accept", "model_request.publish"]));
  });

  it("a draft cannot be renamed into another live request", async () => {
    const other = await request(carol);
    const r = await request(alice);
    expect((await adminCall(admin, r.id, "accept")).statusCode).toBe(200);
    const res = await t.inject({
      method: "PUT",
      url: `/api/admin/model-requests/${r.id}/draft`,
      as: admin,
      payload: {
        name: other.name,
        maker: "Example Labs",
        link: "https://example.com/model",
        description: "",
        category: null,
        pricing: null,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(MODEL_REQUEST_CODES.duplicate);
    // An open request has no draft to edit.
    const open = await t.inject({
      method: "PUT",
      url: `/api/admin/model-requests/${other.id}/draft`,
      as: admin,
      payload: {
        name: "X1",
        maker: "Y",
        link: "https://example.com",
        description: "",
        category: null,
        pricing: null,
      },
    });
    expect(open.statusCode).toBe(409);
  });

  it("decline needs a reason, which the requester and upvoters read", async () => {
    const r = await request(alice);
    await upvote(carol, r.id);
    expect((await adminCall(admin, r.id, "decline", {})).statusCode).toBe(400);
    const res = await adminCall(admin, r.id, "decline", { reason: "It is not an AI model" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", declineReason: "It is not an AI model" });
    expect((await upvote(bob, r.id)).statusCode).toBe(409);
    for (const who of [alice, carol]) {
      expect((await notices(who)).some((n) => n.message.includes("It is not an AI model"))).toBe(true);
    }
  });

  it("merge moves the upvotes and the requester's vote, and tells the requester", async () => {
    const into = await request(alice);
    const from = await request(bob);
    await upvote(carol, from.id);
    await upvote(alice, from.id);
    const res = await adminCall(admin, from.id, "merge", { intoId: into.id, reason: "Same model" });
    expect(res.statusCode, res.body).toBe(200);
    // carol and bob (the merged request's author); alice is the target's requester: not counted.
    expect(res.json()).toMatchObject({ id: into.id, upvotes: 2 });
    expect((await adminCall(admin, into.id, "merge", { intoId: into.id })).statusCode).toBe(400);
    expect((await list("?sort=new")).items.some((x) => x.id === from.id)).toBe(false);
    expect((await notices(bob)).some((n) => n.message.includes("merged"))).toBe(true);
    const audit = await t.inject({ method: "GET", url: "/api/admin/audit-log", as: admin });
    expect((audit.json() as { action: string }[]).some((e) => e.action === "model_request.merge")).toBe(true);
  });
});
