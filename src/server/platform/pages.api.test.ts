import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, escapeHtml } from "../../client/head";
import { SESSION_COOKIE } from "../../common/constants";
import { queryRows } from "../db/connect";
import { aiModels } from "../db/schema";
import { tempClientBuild } from "../test/client-build";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";

let t: TestApp;
const clientDir = tempClientBuild({
  "index.html": [
    "<!doctype html>",
    '<html lang="en">',
    "  <head>",
    "    <title>Placeholder</title>",
    '    <meta name="description" content="Placeholder text" />',
    '    <script src="/theme-init.js"></script>',
    '    <link rel="alternate" type="application/atom+xml" title="AI Agora: latest posts" href="/feeds/posts.xml" />',
    "  </head>",
    '  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>',
    "</html>",
  ].join("\n"),
  "icons/icon-512.png": "png",
});
const APP_URL = "http://localhost:5000";
/** The rendering module from source (the build's dist/ssr/entry-server.js in production). */
const SSR_ENTRY = path.resolve("src/client/entry-server.tsx");

beforeAll(async () => {
  t = await createTestApp({ clientDir, appUrl: APP_URL, appOrigin: APP_URL, ssrEntry: SSR_ENTRY });
  await t.seed();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Attribute `attr` of every tag in the page's <head> matching `selector` (a regex source). */
function meta(html: string, key: "name" | "property", value: string): string[] {
  const re = new RegExp(`<meta ${key}="${value}" content="([^"]*)" />`, "g");
  return [...html.matchAll(re)].map((m) => m[1] ?? "");
}
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const canonicalOf = (html: string) =>
  [...html.matchAll(/<link rel="canonical" href="([^"]*)" \/>/g)].map((m) => m[1]);

async function page(url: string, status = 200) {
  const res = await t.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers["content-type"]).toMatch(/text\/html/);
  expect(res.headers["cache-control"]).toBe("no-cache");
  return res.body;
}
/** The markup the server rendered into the app's root. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1];
/** Text as React escapes it in the page's markup. */
const inMarkup = (text: string) => escapeHtml(text).replace(/&#39;/g, "&#x27;");
/** The data serialised for hydration. */
function dataOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | undefined {
  const text = /<script type="application\/json" id="agora-data">([^<]*)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}
const asMember = (url: string, member: TestMember) => t.inject({ method: "GET", url, as: member });

describe("public pages' head tags", () => {
  it("gives a model page the model's name, company and description from the database", async () => {
    const html = await page("/ai-models/gpt-4o");
    expect(titleOf(html)).toEqual(["GPT-4o by OpenAI · AI Agora"]);
    const [description] = meta(html, "name", "description");
    expect(description).toMatch(/^OpenAI&#39;s multimodal model that reasons across text/);
    expect(description!.length).toBeLessThanOrEqual(170);
    expect(meta(html, "property", "og:title")).toEqual(["GPT-4o by OpenAI · AI Agora"]);
    expect(meta(html, "property", "og:description")).toEqual([description]);
    expect(meta(html, "property", "og:type")).toEqual(["article"]);
    expect(meta(html, "property", "og:url")).toEqual([`${APP_URL}/ai-models/gpt-4o`]);
    expect(meta(html, "property", "og:image")).toEqual([`${APP_URL}/icons/icon-512.png`]);
    expect(meta(html, "name", "twitter:card")).toEqual(["summary"]);
    expect(meta(html, "name", "twitter:title")).toEqual(["GPT-4o by OpenAI · AI Agora"]);
    expect(meta(html, "name", "twitter:description")).toEqual([description]);
    expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models/gpt-4o`]);
    // The placeholders are replaced, the rest of index.html is kept.
    expect(html).not.toContain("Placeholder");
    expect(html).toContain('<script src="/theme-init.js"></script>');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    // No inline executable script (the CSP forbids them): the data is JSON, not code.
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="agora-data">',
    ]);
  });

  it("escapes every value taken from the database", async () => {
    await t.ctx.db.insert(aiModels).values({
      slug: "qzx-tst",
      name: `Q<b>"zx"</b> & 'co'`,
      company: "Brk <script>alert(1)</script>",
      description: 'Says "<img src=x onerror=alert(1)>" & more',
      longDescription: "x </script><script>alert(2)</script>",
      category: "Language Models",
      pricing: "Free",
      pricingDetails: "free",
      features: [],
      useCases: [],
    } as typeof aiModels.$inferInsert);
    const html = await page("/ai-models/qzx-tst");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    const expectedTitle = escapeHtml(`Q<b>"zx"</b> & 'co' by Brk <script>alert(1)</script> · AI Agora`);
    expect(titleOf(html)).toEqual([expectedTitle]);
    expect(expectedTitle).toContain("&lt;b&gt;&quot;zx&quot;&lt;/b&gt; &amp; &#39;co&#39;");
    expect(meta(html, "name", "description")).toEqual([
      "Says &quot;&lt;img src=x onerror=alert(1)&gt;&quot; &amp; more",
    ]);
    // The serialised data cannot close its script element either.
    expect(dataOf(html)?.queries.some((q) => JSON.stringify(q.state.data).includes("</script>"))).toBe(true);
  });

  it("falls back to the generic tags for an unknown model (a 404) and pages without their own", async () => {
    for (const [url, status] of [
      ["/ai-models/no-such-model", 404],
      ["/ai-models/Bad_Slug!", 404],
      ["/", 200],
      ["/terms-of-service?x=<y>", 200],
    ] as const) {
      const html = await page(url, status);
      expect(titleOf(html)).toEqual([escapeHtml(DEFAULT_TITLE)]);
      expect(meta(html, "name", "description")).toEqual([escapeHtml(DEFAULT_DESCRIPTION)]);
      expect(meta(html, "property", "og:type")).toEqual(["website"]);
      expect(html).not.toContain("<y>");
    }
    expect(canonicalOf(await page("/"))).toEqual([`${APP_URL}/`]);
    expect(canonicalOf(await page("/ai-models/no-such-model", 404))).toEqual([
      `${APP_URL}/ai-models/no-such-model`,
    ]);
  });

  it("redirects a renamed model's old slug to its address with a 301 (decision 0116)", async () => {
    await t.exec(
      "INSERT INTO ai_model_slug_redirects (slug, model_id) SELECT 'gpt-4o-old-name', id FROM ai_models WHERE slug = 'gpt-4o'",
    );
    const res = await t.inject({ method: "GET", url: "/ai-models/gpt-4o-old-name?reviews=newest" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/ai-models/gpt-4o?reviews=newest");
    expect(await page("/ai-models/gpt-4o")).toContain("Last verified");
  });

  it("describes the directory and a comparison of real models", async () => {
    for (const url of ["/ai-models", "/models"]) {
      const html = await page(url);
      expect(titleOf(html)).toEqual(["AI Models Directory · AI Agora"]);
      expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models`]);
    }
    const [a, b] = await t.ctx.db.select({ id: aiModels.id, name: aiModels.name }).from(aiModels).limit(2);
    const html = await page(`/ai-models/compare?models=${a!.id},${b!.id}`);
    const title = escapeHtml(`Compare ${a!.name} vs ${b!.name} · AI Agora`);
    expect(titleOf(html)).toEqual([title]);
    expect(meta(html, "property", "og:title")).toEqual([title]);
    expect(meta(html, "property", "og:description")[0]).toContain(escapeHtml(`${a!.name}, ${b!.name}`));
    expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models/compare?models=${a!.id},${b!.id}`]);
    const none = await page("/ai-models/compare?models=abc");
    expect(titleOf(none)).toEqual(["Compare AI Models · AI Agora"]);
  });

  it("renders a visitor's page signed out, a member's in the browser, and compresses the page", async () => {
    // The visitor's page carries the signed-out state: the app starts without asking GET /api/auth/me.
    for (const cookie of [undefined, `${SESSION_COOKIE}=abc`]) {
      const res = await t.inject({ method: "GET", url: "/", headers: cookie ? { cookie } : {} });
      const auth = dataOf(res.body)?.queries.find((q) => q.queryKey[0] === "/api/auth/me");
      expect(auth?.state.data).toBeNull();
    }
    const member = await t.register();
    const shell = await asMember("/", member);
    expect(shell.statusCode).toBe(200);
    expect(shell.headers["cache-control"]).toBe("private, no-cache");
    expect(shell.body).toContain('<div id="root"></div>');
    expect(dataOf(shell.body)).toBeUndefined();
    expect(shell.body).not.toContain(member.username);
    const gz = await t.inject({
      method: "GET",
      url: "/ai-models/gpt-4o",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("no-cache");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain("GPT-4o by OpenAI · AI Agora");
    // Rendered for this request (no page kept under this address yet), as a browser takes it.
    const br = await t.inject({
      method: "GET",
      url: "/ai-models/gpt-4o?from=brotli",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["x-public-cache"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain("GPT-4o by OpenAI · AI Agora");
  });

  it("answers HEAD for a page", async () => {
    const res = await t.inject({ method: "HEAD", url: "/ai-models" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });

  it("sends a sign-in form posted before the page's script ran back to its page, and never asks for its fields in the address", async () => {
    for (const url of ["/auth", "/auth?mode=register", "/forgot-password", "/reset-password?token=abc"]) {
      const html = (await t.inject({ method: "GET", url })).body;
      const forms = rootOf(html)?.match(/<form[^>]*>/g) ?? [];
      expect(forms.length, url).toBeGreaterThan(0);
      for (const form of forms) expect(form, url).toContain('method="post"');
      const posted = await t.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: t.ctx.config.appUrl },
        payload: "username=someone&password=correct+horse+battery+42",
      });
      expect(posted.statusCode, url).toBe(303);
      expect(posted.headers.location, url).toBe(url);
    }
    expect((await t.inject({ method: "POST", url: "/api/nope", payload: {} })).statusCode).toBe(404);
  });

  it("keeps JSON 404s for the API and missing files", async () => {
    expect((await t.inject({ method: "GET", url: "/api/nope" })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/missing.js" })).statusCode).toBe(404);
  });
});

describe("server rendering (src/client/entry-server.tsx)", () => {
  it("renders a visitor's landing page, and none for a member's home feed", async () => {
    expect(rootOf(await page("/"))).toContain("The public square for ");
    const member = await t.register();
    expect((await asMember("/", member)).body).not.toContain("The public square for ");
  });

  it("renders the directory's heading and models, and a model's name, company, description and overview", async () => {
    const directory = rootOf(await page("/ai-models"));
    expect(directory).toContain('<h1 class="text-3xl font-bold tracking-tight">AI Models</h1>');
    expect(directory).toContain('href="/ai-models/gpt-4o"');
    const [model] = await t.ctx.db
      .select({
        slug: aiModels.slug,
        name: aiModels.name,
        company: aiModels.company,
        description: aiModels.description,
        longDescription: aiModels.longDescription,
      })
      .from(aiModels)
      .where(eq(aiModels.slug, "gpt-4o"));
    const html = rootOf(await page(`/ai-models/${model!.slug}`));
    expect(html).toContain(`>${inMarkup(model!.name)}</h1>`);
    expect(html).toContain(inMarkup(model!.company));
    expect(html).toContain(inMarkup(model!.description));
    expect(html).toContain(inMarkup(model!.longDescription));
    // An unknown model: the page says so, with a 404.
    const missing = rootOf(await page("/ai-models/no-such-model", 404));
    expect(missing).toContain(">Model not found</h1>");
  });

  it("gives a visitor's comparison the landing page", async () => {
    const rows = await t.ctx.db.select({ id: aiModels.id }).from(aiModels).limit(3);
    const url = `/ai-models/compare?models=${rows.map((r) => r.id).join(",")}`;
    expect(rootOf(await page(url))).toContain("The public square for ");
  });

  it("renders a member's comparison as they see it, and no member's view into a visitor's page rendered meanwhile (decision 0123)", async () => {
    const rows = await t.ctx.db.select({ id: aiModels.id, name: aiModels.name }).from(aiModels).limit(3);
    const url = `/ai-models/compare?models=${rows.map((r) => r.id).join(",")}`;
    const member = await t.register();
    // A post of the member's hidden by moderation: the member still sees it, a visitor gets a 404.
    const secret = `Hidden words ${Date.now()}`;
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: member,
      payload: { content: secret },
    });
    expect(created.statusCode, created.body).toBe(201);
    const postId = (created.json() as { id: number }).id;
    await t.ctx.db.execute(sql`UPDATE posts SET hidden_at = now() WHERE id = ${postId}`);
    const meOf = (html: string) =>
      dataOf(html)?.queries.find((q) => q.queryKey[0] === "/api/auth/me")?.state.data as
        | { username: string }
        | null
        | undefined;
    // The member's renders and visitors' renders interleaved: each page is its own requester's.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? asMember(url, member).then((res) => ({ forMember: true, res }))
          : t.inject({ method: "GET", url: `/post/${postId}` }).then((res) => ({ forMember: false, res })),
      ),
    );
    for (const { forMember, res } of answers) {
      if (forMember) {
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, no-cache");
        expect(meOf(res.body)?.username).toBe(member.username);
        for (const m of rows) expect(rootOf(res.body)).toContain(inMarkup(m.name));
        expect(rootOf(res.body)).not.toContain("The public square for ");
      } else {
        expect(res.statusCode).toBe(404);
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(meOf(res.body)).toBeNull();
        expect(res.body).not.toContain(secret);
        expect(res.body).not.toContain(member.username);
      }
    }
    // A member's other pages stay the browser's: no render, no data.
    expect(dataOf((await asMember("/", member)).body)).toBeUndefined();
  });

  it("renders every page a visitor can open, each with one heading", async () => {
    const [forum] = (await t.inject({ method: "GET", url: "/api/forums?limit=1" })).json() as {
      id: number;
    }[];
    for (const url of [
      "/auth",
      "/auth?mode=register",
      "/forgot-password",
      "/reset-password?token=abc",
      "/verify-email?token=abc",
      "/forums",
      `/forums/${forum!.id}`,
      "/prompts",
      "/contact",
      "/responsible-disclosure",
      "/privacy-policy",
      "/privacy",
      "/accessibility",
      "/dmca",
      "/no/such/page",
    ]) {
      const root = rootOf(await page(url));
      expect(root?.match(/<h1[\s>]/g), url).toHaveLength(1);
    }
    expect(rootOf(await page(`/forums/${forum!.id}/threads/999999999`, 404))).toContain("404 Page Not Found");
    expect(rootOf(await page("/forums/abc", 404))).toContain("404 Page Not Found");
  });

  it("renders the other public pages, and leaves members' pages to the browser", async () => {
    expect(rootOf(await page("/terms-of-service"))).toContain("Terms of Service</h1>");
    const member = await t.register();
    const profile = await asMember("/profile", member);
    expect(profile.body).toContain('<div id="root"></div>');
  });
});

describe("link previews of shared posts", () => {
  async function newPost(author: TestMember, isAnonymous: boolean, content: string) {
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: author,
      payload: { content, isAnonymous },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }

  it("shows a post's text and its author's name", async () => {
    const author = await t.register();
    const post = await newPost(author, false, "Sharing what I learnt about context windows this week.");
    const html = await page(`/post/${post.id}`);
    expect(titleOf(html)).toEqual([`Post by ${author.username} · AI Agora`]);
    expect(meta(html, "property", "og:description")).toEqual([
      "Sharing what I learnt about context windows this week.",
    ]);
    expect(meta(html, "property", "og:type")).toEqual(["article"]);
    expect(canonicalOf(html)).toEqual([`${APP_URL}/post/${post.id}`]);
    expect(rootOf(html)).toContain("Sharing what I learnt about context windows this week.");
  });

  it("names a stealth post's author Anonymous, and the real author appears nowhere", async () => {
    const author = await t.register();
    const post = await newPost(author, true, "A stealth confession about my prompt habits.");
    const html = await page(`/post/${post.id}`);
    expect(titleOf(html)).toEqual(["Post by Anonymous · AI Agora"]);
    expect(meta(html, "name", "twitter:title")).toEqual(["Post by Anonymous · AI Agora"]);
    expect(rootOf(html)).toContain("A stealth confession about my prompt habits.");
    expect(html).not.toContain(author.username);
    expect(html).not.toContain(author.email);
    expect(html).not.toMatch(new RegExp(`"id":${author.id}\\b|/profile/${author.id}\\b`));
  });

  it("answers 404 for a post that is not there, or hidden by moderation", async () => {
    const author = await t.register();
    const post = await newPost(author, false, "Soon to be hidden by the moderators.");
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${post.id}`);
    for (const url of [`/post/${post.id}`, "/post/999999999", "/post/abc"]) {
      const html = await page(url, 404);
      expect(rootOf(html)).toContain("Post not found");
      expect(html).not.toContain("Soon to be hidden");
    }
  });
});

describe("feeds advertised in the head (decision 0101)", () => {
  const alternatesOf = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)" \/>/g,
      ),
    ].map((m) => ({ title: m[1], href: m[2] }));

  it("names each page's own feed, with an address that answers a feed", async () => {
    const author = await t.register();
    const [thread] = await queryRows<{ id: number; forumId: number; title: string }>(
      t.ctx.db,
      sql`INSERT INTO forum_threads (forum_id, author_id, title, content)
          SELECT id, ${author.id}, 'Feeds & "heads"', 'What do you read?' FROM forums ORDER BY id LIMIT 1
          RETURNING id, forum_id AS "forumId", title`,
    );
    const [forum] = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`SELECT name FROM forums WHERE id = ${thread!.forumId}`,
    );
    const cases: [string, { title: string; href: string }[]][] = [
      ["/", [{ title: "AI Agora: latest posts", href: `${APP_URL}/feeds/posts.xml` }]],
      [
        "/ai-models/gpt-4o",
        [{ title: "Reviews of GPT-4o", href: `${APP_URL}/feeds/models/gpt-4o/reviews.xml` }],
      ],
      [
        `/forums/${thread!.forumId}`,
        [
          {
            title: escapeHtml(`${forum!.name}: new threads`),
            href: `${APP_URL}/feeds/forums/${thread!.forumId}.xml`,
          },
        ],
      ],
      [
        `/forums/${thread!.forumId}/threads/${thread!.id}`,
        [
          {
            title: escapeHtml(`${thread!.title}: replies`),
            href: `${APP_URL}/feeds/threads/${thread!.id}.xml`,
          },
        ],
      ],
      [
        "/prompts?category=coding",
        [{ title: "Coding prompts", href: `${APP_URL}/feeds/prompts/coding.xml` }],
      ],
    ];
    for (const [url, expected] of cases) {
      const html = await page(url);
      expect(alternatesOf(html), url).toEqual(expected);
      for (const { href } of expected) {
        const feed = await t.inject({ method: "GET", url: href.slice(APP_URL.length) });
        expect(feed.statusCode, href).toBe(200);
        expect(feed.headers["content-type"]).toMatch(/^application\/atom\+xml/);
      }
    }
    // The library without a category: every category's feed.
    expect(alternatesOf(await page("/prompts")).map((a) => a.href)).toHaveLength(6);
    // A page with no feed of its own names none (index.html's is taken out).
    expect(alternatesOf(await page("/terms-of-service"))).toEqual([]);
  });

  it("keeps the latest posts' feed on a member's home feed (the shell the browser renders)", async () => {
    const member = await t.register();
    const res = await asMember("/", member);
    expect(res.statusCode).toBe(200);
    expect(alternatesOf(res.body)).toEqual([{ title: "AI Agora: latest posts", href: "/feeds/posts.xml" }]);
  });
});

describe("a visitor's page kept in the public cache (decision 0124)", () => {
  async function newPost(author: TestMember, content: string) {
    const res = await t.inject({ method: "POST", url: "/api/posts", as: author, payload: { content } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }
  const visit = (url: string, headers: Record<string, string> = {}) =>
    t.inject({ method: "GET", url, headers });

  it("serves a visitor the same page again from memory, as brotli, gzipped or plain, and never a member", async () => {
    const author = await t.register();
    const post = await newPost(author, "A page worth keeping: notes on retrieval quality.");
    const first = await visit(`/post/${post.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-public-cache"]).toBeUndefined();
    expect(rootOf(first.body)).toContain("A page worth keeping");

    const again = await visit(`/post/${post.id}`);
    expect(again.headers["x-public-cache"]).toBe("hit");
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.body).toBe(first.body);
    // As browsers ask: the page as brotli (decision 0139), kept so.
    for (let i = 0; i < 2; i++) {
      const br = await visit(`/post/${post.id}`, { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["x-public-cache"]).toBe("hit");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toContain("Accept-Encoding");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(first.body);
    }
    // A client that takes only gzip gets gzip, the same again (kept once made), then brotli is
    // still what a browser gets.
    for (let i = 0; i < 2; i++) {
      const zipped = await visit(`/post/${post.id}`, { "accept-encoding": "gzip" });
      expect(zipped.headers["x-public-cache"]).toBe("hit");
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(zipped.rawPayload).toString("utf8")).toBe(first.body);
    }
    const brAgain = await visit(`/post/${post.id}`, { "accept-encoding": "br" });
    expect(brAgain.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brAgain.rawPayload).toString("utf8")).toBe(first.body);
    expect((await visit(`/post/${post.id}`)).body).toBe(first.body);

    // Any session cookie, valid or not, goes past the kept page.
    const member = await asMember(`/post/${post.id}`, author);
    expect(member.headers["x-public-cache"]).toBeUndefined();
    expect(member.headers["cache-control"]).toBe("private, no-cache");
    const stranger = await visit(`/post/${post.id}`, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(stranger.headers["x-public-cache"]).toBeUndefined();
    expect(rootOf(stranger.body)).toContain("A page worth keeping");
  });

  it("drops a post's page when that post is edited, not when another one is", async () => {
    const author = await t.register();
    const post = await newPost(author, "The first version of a kept page.");
    const other = await newPost(author, "Another post, edited meanwhile.");
    await visit(`/post/${post.id}`);
    expect((await visit(`/post/${post.id}`)).headers["x-public-cache"]).toBe("hit");

    const editOther = await t.inject({
      method: "PUT",
      url: `/api/posts/${other.id}`,
      as: author,
      payload: { content: "Another post, edited." },
    });
    expect(editOther.statusCode, editOther.body).toBe(200);
    expect((await visit(`/post/${post.id}`)).headers["x-public-cache"]).toBe("hit");

    const edit = await t.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      as: author,
      payload: { content: "The second version of a kept page." },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await visit(`/post/${post.id}`);
    expect(after.headers["x-public-cache"]).toBeUndefined();
    expect(rootOf(after.body)).toContain("The second version of a kept page.");
    expect(after.body).not.toContain("The first version");
  });

  it("counts each visitor's view of a shared post, whether the page was kept or not", async () => {
    const author = await t.register();
    const reader = await t.register();
    const post = await newPost(author, "Counted once per visitor, rendered once.");
    const open = (ip: string) => t.inject({ method: "GET", url: `/post/${post.id}`, remoteAddress: ip });
    expect((await open("10.4.4.1")).headers["x-public-cache"]).toBeUndefined();
    expect((await open("10.4.4.2")).headers["x-public-cache"]).toBe("hit");
    expect((await open("10.4.4.2")).headers["x-public-cache"]).toBe("hit");
    // The first visitor's browser reads the post too: the render counted them, not the server.
    await t.inject({ method: "GET", url: `/api/posts/${post.id}`, remoteAddress: "10.4.4.1" });
    await t.ctx.buffers.flush();
    // Two visitors (each more than once in the hour), then the reader's own view: 3.
    const read = await t.inject({ method: "GET", url: `/api/posts/${post.id}`, as: reader });
    expect(read.json().views).toBe(3);
  });

  it("a kept model page counts each new visitor's view (held before it is answered, decision 0128)", async () => {
    const views = async () => {
      await t.ctx.buffers.flush();
      return (
        await t.ctx.db
          .select({ views: aiModels.views })
          .from(aiModels)
          .where(eq(aiModels.slug, "claude-3-5-sonnet"))
      )[0]!.views;
    };
    const open = (ip: string) =>
      t.inject({ method: "GET", url: "/ai-models/claude-3-5-sonnet", remoteAddress: ip });
    await open("10.6.6.1");
    const before = await views();
    for (const ip of ["10.6.6.2", "10.6.6.3", "10.6.6.4"]) {
      const res = await open(ip);
      expect(res.headers["x-public-cache"]).toBe("hit");
      // Held when the page was answered: the next batch writes it.
      expect(await views()).toBe(before + Number(ip.slice(-1)) - 1);
    }
    // A visitor already counted this hour adds nothing.
    await open("10.6.6.2");
    expect(await views()).toBe(before + 3);
  });

  it("shows an author's new name and takes a post hidden by reports off its kept page at once", async () => {
    const author = await t.register();
    const post = await newPost(author, "Kept, then renamed, then reported.");
    await visit(`/post/${post.id}`);
    expect((await visit(`/post/${post.id}`)).headers["x-public-cache"]).toBe("hit");

    const newName = `kept${Date.now() % 1_000_000}`;
    const renamed = await t.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { username: newName },
      as: author,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await visit(`/post/${post.id}`);
    expect(after.headers["x-public-cache"]).toBeUndefined();
    expect(titleOf(after.body)).toEqual([`Post by ${newName} · AI Agora`]);

    for (const reporter of [await t.register(), await t.register(), await t.register()]) {
      const res = await t.inject({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "post", targetId: post.id, reason: "spam" },
        as: reporter,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const hidden = await visit(`/post/${post.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain("Kept, then renamed, then reported.");
  });

  it("empties a page that shows a list on any write, and keeps no 404", async () => {
    const author = await t.register();
    await visit("/");
    expect((await visit("/")).headers["x-public-cache"]).toBe("hit");
    await newPost(author, "A new post empties the landing page's kept copy.");
    expect((await visit("/")).headers["x-public-cache"]).toBeUndefined();

    await visit("/post/999999998");
    const missing = await visit("/post/999999998");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-public-cache"]).toBeUndefined();
  });
});
