import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../common/constants";
import { aiModels } from "../db/schema";
import { tempClientBuild } from "../test/client-build";
import { createTestApp, type TestApp } from "../test/harness";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, escapeHtml } from "./page-head";

let t: TestApp;
const clientDir = tempClientBuild({
  "index.html": [
    "<!doctype html>",
    '<html lang="en">',
    "  <head>",
    "    <title>Placeholder</title>",
    '    <meta name="description" content="Placeholder text" />',
    '    <script src="/theme-init.js"></script>',
    "  </head>",
    '  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>',
    "</html>",
  ].join("\n"),
  "icons/icon-512.png": "png",
});
const APP_URL = "http://localhost:5000";

beforeAll(async () => {
  t = await createTestApp({ clientDir, appUrl: APP_URL, appOrigin: APP_URL });
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

async function page(url: string) {
  const res = await t.inject({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/text\/html/);
  expect(res.headers["cache-control"]).toBe("no-cache");
  return res.body;
}

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
    expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models/gpt-4o`]);
    // The placeholders are replaced, the rest of index.html is kept.
    expect(html).not.toContain("Placeholder");
    expect(html).toContain('<script src="/theme-init.js"></script>');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it("escapes every value taken from the database", async () => {
    await t.ctx.db.insert(aiModels).values({
      slug: "qzx-tst",
      name: `Q<b>"zx"</b> & 'co'`,
      company: "Brk <script>alert(1)</script>",
      description: 'Says "<img src=x onerror=alert(1)>" & more',
      longDescription: "x",
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
  });

  it("falls back to the generic tags for an unknown model and other pages", async () => {
    for (const url of ["/ai-models/no-such-model", "/ai-models/Bad_Slug!", "/", "/forums/3?x=<y>"]) {
      const html = await page(url);
      expect(titleOf(html)).toEqual([escapeHtml(DEFAULT_TITLE)]);
      expect(meta(html, "name", "description")).toEqual([escapeHtml(DEFAULT_DESCRIPTION)]);
      expect(meta(html, "property", "og:type")).toEqual(["website"]);
      expect(html).not.toContain("<y>");
    }
    expect(canonicalOf(await page("/"))).toEqual([`${APP_URL}/`]);
    expect(canonicalOf(await page("/ai-models/no-such-model"))).toEqual([
      `${APP_URL}/ai-models/no-such-model`,
    ]);
  });

  it("describes the directory and a comparison of real models", async () => {
    for (const url of ["/ai-models", "/models"]) {
      const html = await page(url);
      expect(titleOf(html)).toEqual(["AI Models Directory · AI Agora"]);
      expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models`]);
    }
    const [a, b] = await t.ctx.db.select({ id: aiModels.id, name: aiModels.name }).from(aiModels).limit(2);
    const html = await page(`/ai-models/compare?models=${a!.id},${b!.id}`);
    expect(titleOf(html)).toEqual([escapeHtml(`Compare ${a!.name} vs ${b!.name} · AI Agora`)]);
    expect(canonicalOf(html)).toEqual([`${APP_URL}/ai-models/compare?models=${a!.id},${b!.id}`]);
    const none = await page("/ai-models/compare?models=abc");
    expect(titleOf(none)).toEqual(["Compare AI Models · AI Agora"]);
  });

  it("tells the client when the browser sent no session cookie, and compresses the page", async () => {
    const hint = '<meta name="agora-session" content="none" />';
    expect(await page("/")).toContain(hint);
    const withCookie = await t.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `${SESSION_COOKIE}=abc` },
    });
    expect(withCookie.body).not.toContain(hint);
    const gz = await t.inject({
      method: "GET",
      url: "/ai-models/gpt-4o",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps JSON 404s for the API and missing files", async () => {
    expect((await t.inject({ method: "GET", url: "/api/nope" })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/missing.js" })).statusCode).toBe(404);
  });
});

describe("first paint (platform/first-paint.ts)", () => {
  const firstPaintOf = (html: string) =>
    /<div id="first-paint" aria-hidden="true">([\s\S]*?)<div id="root">/.exec(html)?.[1];
  const asMember = (url: string) =>
    t.inject({ method: "GET", url, headers: { cookie: `${SESSION_COOKIE}=abc` } });

  it("paints a visitor's landing page, and none for a member's home feed", async () => {
    expect(firstPaintOf(await page("/"))).toContain("The public square for ");
    expect(firstPaintOf((await asMember("/")).body)).toBeUndefined();
  });

  it("paints the directory's heading and lead, and a model's name, company, description and overview", async () => {
    const directory = firstPaintOf(await page("/ai-models"));
    expect(directory).toContain('<h1 class="text-3xl font-bold tracking-tight">AI Models</h1>');
    const [model] = await t.ctx.db
      .select({
        slug: aiModels.slug,
        name: aiModels.name,
        company: aiModels.company,
        longDescription: aiModels.longDescription,
      })
      .from(aiModels)
      .where(eq(aiModels.slug, "gpt-4o"));
    const paint = firstPaintOf(await page(`/ai-models/${model!.slug}`));
    expect(paint).toContain(`>${escapeHtml(model!.name)}</h1>`);
    expect(paint).toContain(escapeHtml(model!.company));
    expect(paint).toContain(escapeHtml(model!.longDescription));
    // An unknown model gets no picture of a model.
    expect(firstPaintOf(await page("/ai-models/no-such-model"))).toBeUndefined();
  });

  it("paints a member's comparison with its cards; a visitor's comparison is the landing page", async () => {
    const rows = await t.ctx.db.select({ id: aiModels.id, name: aiModels.name }).from(aiModels).limit(3);
    const url = `/ai-models/compare?models=${rows.map((r) => r.id).join(",")}`;
    const paint = firstPaintOf((await asMember(url)).body);
    for (const r of rows) expect(paint).toContain(escapeHtml(r.name));
    expect(paint).toContain("md:grid-cols-3");
    expect(firstPaintOf(await page(url))).toContain("The public square for ");
  });

  it("paints nothing on other pages", async () => {
    expect(firstPaintOf(await page("/terms-of-service"))).toBeUndefined();
    expect(firstPaintOf((await asMember("/profile")).body)).toBeUndefined();
  });
});
