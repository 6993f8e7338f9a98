import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempClientBuild } from "../test/client-build";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";

/**
 * Markdown end to end (issue 21 item 1, docs/decisions/0090): the API stores and answers what the
 * member wrote, verbatim; a visitor's server-rendered page shows it formatted, with nothing active
 * that the member did not have the right to make; search, notifications and the link preview show
 * words, not Markdown syntax.
 */
let t: TestApp;
const clientDir = tempClientBuild({
  "index.html":
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
});
const APP_URL = "http://localhost:5000";

beforeAll(async () => {
  t = await createTestApp({
    clientDir,
    appUrl: APP_URL,
    appOrigin: APP_URL,
    ssrEntry: path.resolve("src/client/entry-server.tsx"),
  });
  await t.seed();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function post(as: TestMember, content: string) {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; content: string };
}
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? "";

const MARKDOWN = [
  "Comparing **two models** on #reasoning, thanks @someone_here",
  "",
  "| Model | Score |",
  "|---|--:|",
  "| A | 9 |",
  "",
  "```python",
  "print('hi')",
  "```",
  "",
  "[docs](https://example.com/docs) and [bad](javascript:alert(1)) and [enc](&#106;avascript:alert(1))",
  "<img src=x onerror=alert(1)> <script>alert(1)</script>",
  "![pixel](https://tracker.example/p.png) <data:text/html,x> [ref][r]",
  "",
  "[r]: vbscript:msgbox(1)",
].join("\n");

describe("Markdown in posts", () => {
  it("is stored and answered verbatim by the API", async () => {
    const author = await t.register();
    const created = await post(author, MARKDOWN);
    expect(created.content).toBe(MARKDOWN);
    const read = await t.inject({ method: "GET", url: `/api/posts/${created.id}` });
    expect(read.json().content).toBe(MARKDOWN);
  });

  it("is formatted on a visitor's page, and every unsafe part is inert text", async () => {
    const author = await t.register();
    const created = await post(author, MARKDOWN);
    const res = await t.inject({ method: "GET", url: `/post/${created.id}` });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<strong[^>]*>two models<\/strong>/);
    expect(root).toMatch(/<th[^>]*>Model<\/th>/);
    expect(root).toMatch(/<code class="language-python">print\(&#x27;hi&#x27;\)/);
    expect(root).toContain('<span class="font-medium text-primary">#reasoning</span>');
    expect(root).toContain('<span class="font-medium text-primary">@someone_here</span>');
    expect(root).toMatch(
      /<a href="https:\/\/example.com\/docs" rel="nofollow ugc noopener noreferrer" target="_blank"/,
    );
    // Nothing active from the unsafe parts: no handler, no script, no foreign image, no bad scheme.
    expect(root).not.toMatch(/<(script|img src="x"|img src="https:\/\/tracker)/i);
    expect(root).not.toMatch(/<[^>]*\son\w+=/i);
    expect(root).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    expect(root).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The link preview describes the post in words.
    const description = /<meta property="og:description" content="([^"]*)"/.exec(res.body)?.[1] ?? "";
    expect(description).toMatch(/^Comparing two models on #reasoning/);
    expect(description).not.toContain("**");
  });

  it("shows in search results as plain text", async () => {
    const author = await t.register();
    const word = `mdsearch${Date.now()}`;
    await post(author, `**${word}** in a [link](https://example.com) and \`code\``);
    const res = await t.inject({ method: "GET", url: `/api/search?q=${word}` });
    expect(res.statusCode).toBe(200);
    const found = (res.json().posts as { content: string }[]).map((p) => p.content);
    expect(found).toEqual([`${word} in a link and code`]);
  });

  it("refuses an over-long pathological input with a 400, never a 500", async () => {
    const author = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: author,
      payload: { content: "*a **a ".repeat(15_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
  });
});
