import type { Page } from "@playwright/test";
import { dismissOverlays, expect, signedInPage, test } from "./fixtures";

/**
 * Stored XSS (issue 13 §3): markup typed into a post, a comment, a forum thread and reply, a
 * prompt and a profile bio is shown as text, no injected element exists, and no script runs
 * (`window.__xss` stays undefined). The CSP (no inline script) is a second line of defence.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = "<script>window.__xss=1</script>";
const payload = (where: string) => `XSS ${where} ${IMG} and ${SCRIPT} end`;

async function expectInert(page: Page, where: string) {
  await expect(page.getByText(`XSS ${where}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(SCRIPT, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test("markup in every text field is rendered as text and never runs", async ({ browser }) => {
  const { page, context, member } = await signedInPage(browser);
  const api = context.request;
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });

  const post = await api.post("/api/posts", { data: { content: payload("post") } });
  expect(post.status(), await post.text()).toBe(201);
  const postId = (await post.json()).id;
  const comment = await api.post(`/api/posts/${postId}/comments`, { data: { content: payload("comment") } });
  expect(comment.status(), await comment.text()).toBe(201);

  await page.goto(`/post/${postId}`);
  await expectInert(page, "post");
  await expectInert(page, "comment");

  const forums = await (await api.get("/api/forums")).json();
  const forumId = forums[0].id;
  await api.post(`/api/forums/${forumId}/join`);
  const thread = await api.post(`/api/forums/${forumId}/threads`, {
    data: { title: `XSS thread title ${IMG}`, content: payload("thread") },
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const threadId = (await thread.json()).id;
  const reply = await api.post(`/api/threads/${threadId}/replies`, { data: { content: payload("reply") } });
  expect(reply.status(), await reply.text()).toBe(201);

  await page.goto(`/forums/${forumId}/threads/${threadId}`);
  await expectInert(page, "thread");
  await expectInert(page, "reply");
  await expect(page.getByText(`XSS thread title ${IMG}`).first()).toBeVisible();

  const prompt = await api.post("/api/prompts", {
    data: {
      title: `XSS prompt ${IMG}`.slice(0, 100),
      content: payload("prompt content"),
      description: payload("prompt"),
      category: "writing",
      aiModel: "claude",
      difficulty: "beginner",
      tags: [],
    },
  });
  expect(prompt.status(), await prompt.text()).toBe(201);
  await page.goto(`/prompts?prompt=${(await prompt.json()).id}`);
  await expectInert(page, "prompt");

  const profile = await api.put("/api/profile", { data: { bio: payload("bio") } });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.goto(`/profile/${member.id}`);
  await expectInert(page, "bio");

  // Nothing was blocked by the CSP either: the markup never became script in the first place.
  expect(violations).toEqual([]);
  await context.close();
});

test("the CSP blocks inline script even if markup ever reached the DOM", async ({ browser }) => {
  const { page, context } = await signedInPage(browser);
  await page.goto("/");
  const ran = await page.evaluate(async () => {
    const el = document.createElement("script");
    el.textContent = "window.__xss = 1";
    document.body.appendChild(el);
    const img = document.createElement("img");
    img.setAttribute("src", "x");
    img.setAttribute("onerror", "window.__xss = 2");
    document.body.appendChild(img);
    await new Promise((r) => setTimeout(r, 300));
    return (window as unknown as { __xss?: number }).__xss;
  });
  expect(ran).toBeUndefined();
  await context.close();
});

/**
 * Markdown (issue 21 item 1, docs/decisions/0090): links with unsafe schemes — plain, entity-encoded,
 * mixed-case, autolinks, reference links, inside emphasis —, images from elsewhere or with a script
 * address, and HTML blocks and inline HTML, in every Markdown field: no unsafe link or image
 * reaches the DOM, the HTML shows as text, and nothing runs.
 */
const MD_VECTORS = [
  "MDX [j1](javascript:window.__xss=1) [j2](JaVaScRiPt:window.__xss=2) [j3](&#106;avascript:window.__xss=3)",
  "[d1](data:text/html,<script>window.__xss=4</script>) [v1](vbscript:msgbox(1)) <javascript:window.__xss=5>",
  "**[e1](javascript:window.__xss=6)** _*[e2](java&#x09;script:window.__xss=7)*_ [r1][x]",
  "![i1](javascript:window.__xss=8) ![i2](https://tracker.example/p.png) https://ok.example/path",
  "",
  '<div onclick="window.__xss=9">html block</div>',
  "",
  "inline <b onmouseover=window.__xss=10>bold?</b> end",
  "",
  "[x]: javascript:window.__xss=11",
].join("\n");

async function expectMarkdownInert(page: Page, where: string) {
  // Rendered as Markdown (not the plain-text fallback shown while the renderer loads).
  await expect(page.locator(".markdown", { hasText: "MDX" }).first()).toBeVisible();
  await expect(page.locator('a[href="https://ok.example/path"]').first()).toBeVisible();
  await expect(page.getByText('<div onclick="window.__xss=9">html block</div>').first()).toBeVisible();
  const unsafe = await page.evaluate(() => ({
    links: [...document.querySelectorAll("a[href]")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((h) => /^\s*(javascript|data|vbscript)/i.test(h)),
    images: [...document.querySelectorAll("img[src]")]
      .map((i) => i.getAttribute("src") ?? "")
      .filter((s) => /javascript|tracker\.example/i.test(s)),
    handlers: document.querySelectorAll("[onclick], [onmouseover], [onerror]").length,
    safe: [...document.querySelectorAll('a[href="https://ok.example/path"]')].map((a) =>
      a.getAttribute("rel"),
    ),
  }));
  expect({ ...unsafe, safe: undefined }, where).toEqual({
    links: [],
    images: [],
    handlers: 0,
    safe: undefined,
  });
  // The one safe link of each message stays a link, with its rel.
  expect(unsafe.safe.length, where).toBeGreaterThan(0);
  for (const rel of unsafe.safe) expect(rel).toMatch(/^nofollow ugc noopener/);
  // The refused links are text, not links; nothing ran.
  for (const name of ["j1", "j2", "j3", "d1", "v1", "e1", "e2", "r1"])
    await expect(page.getByRole("link", { name, exact: true }), `${where}: ${name}`).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test("Markdown in every Markdown field never makes an unsafe link, image or handler", async ({ browser }) => {
  const { page, context, member } = await signedInPage(browser);
  const api = context.request;

  const post = await api.post("/api/posts", { data: { content: MD_VECTORS } });
  expect(post.status(), await post.text()).toBe(201);
  const postId = (await post.json()).id;
  await page.goto(`/post/${postId}`);
  await expectMarkdownInert(page, "post");

  const comment = await api.post(`/api/posts/${postId}/comments`, { data: { content: MD_VECTORS } });
  expect(comment.status(), await comment.text()).toBe(201);
  await page.goto(`/post/${postId}`);
  await expect(page.getByText("MDX", { exact: false })).toHaveCount(2);
  await expectMarkdownInert(page, "post and comment");

  const forums = await (await api.get("/api/forums")).json();
  const forumId = forums[0].id;
  await api.post(`/api/forums/${forumId}/join`);
  const thread = await api.post(`/api/forums/${forumId}/threads`, {
    data: { title: "Markdown vectors", content: MD_VECTORS },
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const threadId = (await thread.json()).id;
  const reply = await api.post(`/api/threads/${threadId}/replies`, { data: { content: MD_VECTORS } });
  expect(reply.status(), await reply.text()).toBe(201);
  await page.goto(`/forums/${forumId}/threads/${threadId}`);
  await expect(page.getByText("MDX", { exact: false })).toHaveCount(2);
  await expectMarkdownInert(page, "thread and reply");

  const prompt = await api.post("/api/prompts", {
    data: {
      title: "Markdown vectors prompt",
      content: MD_VECTORS,
      description: "vectors",
      category: "writing",
      aiModel: "claude",
      difficulty: "beginner",
      tags: [],
    },
  });
  expect(prompt.status(), await prompt.text()).toBe(201);
  await page.goto(`/prompts?prompt=${(await prompt.json()).id}`);
  await expectMarkdownInert(page, "prompt");

  const profile = await api.put("/api/profile", { data: { bio: MD_VECTORS.slice(0, 480) } });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.goto(`/profile/${member.id}`);
  await expect(page.getByText("MDX", { exact: false }).first()).toBeVisible();
  expect(
    await page.locator('a[href^="javascript" i], a[href^="data" i], a[href^="vbscript" i]').count(),
  ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // A signed-out visitor gets the post rendered on the server: the same guarantees hold.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await dismissOverlays(visitorPage);
  await visitorPage.goto(`/post/${postId}`);
  await expectMarkdownInert(visitorPage, "visitor's post");
  await visitor.close();
  await context.close();
});
