import type { Page } from "@playwright/test";
import { expect, signedInPage, test } from "./fixtures";

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
