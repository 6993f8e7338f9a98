import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { FAVORITE_MODEL_OPTIONS } from "../src/common/constants";
import { expect, randomIp, registerMember, test } from "./fixtures";

/**
 * Reflow (issue 25 items 6 and 10): every route of the client's route table (src/client/routes.tsx),
 * signed out and signed in, with real ids and real, awkward content (a 500-character bio, long
 * unbreakable words and links, several posts, comments, a thread and a reply), is no wider than
 * the screen at 320, 390 and 1,280 px. Overlays stay as a visitor meets them: they are part of
 * the page the width check is about.
 */
const WIDTHS = [320, 390, 1280] as const;

const LONG_WORD = `Supercalifragilistic${"expialidocious".repeat(6)}`;
const LONG_URL = `https://example.com/${"a-very-long-path-segment".repeat(6)}?q=${randomBytes(30).toString("hex")}`;
const LONG_BIO = `${LONG_WORD} ${"Researcher of large language models and their evaluation. ".repeat(7)}`.slice(
  0,
  500,
);

interface Ids {
  slug: string;
  modelIds: number[];
  forumId: number;
  threadId: number;
  postId: number;
  otherId: number;
}

/** Content an author wrote through the API; the ids of the pages it lives on. */
async function seedContent(request: APIRequestContext): Promise<Ids> {
  const headers = { "x-forwarded-for": randomIp() };
  const author = await registerMember(request, { generation: "genz" });
  const ok = async (res: Awaited<ReturnType<APIRequestContext["post"]>>) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  await ok(
    await request.put("/api/profile", {
      data: { bio: LONG_BIO, favoriteModels: [...FAVORITE_MODEL_OPTIONS] },
      headers,
    }),
  );
  let postId = 0;
  for (const [i, content] of [
    `A long word that cannot break: ${LONG_WORD}`,
    `A long link: ${LONG_URL}`,
    `#${"hashtag".repeat(8)} a post with a long hashtag and some text about evaluation number two`,
    `Fourth post: ${"benchmark results look promising today. ".repeat(12)}`,
  ].entries()) {
    const post = await ok(await request.post("/api/posts", { data: { content, tags: [`t${i}`] }, headers }));
    postId = post.id;
  }
  await ok(
    await request.post(`/api/posts/${postId}/comments`, {
      data: { content: `A comment with ${LONG_WORD}` },
      headers,
    }),
  );
  const forums = (await (await request.get("/api/forums")).json()) as { id: number }[];
  const forumId = forums[0].id;
  const thread = await ok(
    await request.post(`/api/forums/${forumId}/threads`, {
      data: { title: `Thread ${LONG_WORD}`.slice(0, 120), content: `Opening post ${LONG_URL}` },
      headers,
    }),
  );
  await ok(
    await request.post(`/api/threads/${thread.id}/replies`, {
      data: { content: `Reply ${LONG_WORD}` },
      headers,
    }),
  );
  const models = (await (await request.get("/api/ai-models")).json()) as { id: number; slug: string }[];
  return {
    slug: models[0].slug,
    modelIds: models.slice(0, 3).map((m) => m.id),
    forumId,
    threadId: thread.id,
    postId,
    otherId: author.id,
  };
}

function sharedRoutes(ids: Ids): string[] {
  return [
    "/forgot-password",
    "/reset-password",
    "/reset-password?token=abc",
    "/ai-models",
    "/models",
    `/ai-models/${ids.slug}`,
    "/forums",
    `/forums/${ids.forumId}`,
    `/forums/${ids.forumId}/threads/${ids.threadId}`,
    "/prompts",
    `/post/${ids.postId}`,
    "/contact",
    "/responsible-disclosure",
    "/terms-of-service",
    "/privacy-policy",
    "/privacy",
    "/accessibility",
    "/dmca",
  ];
}

function signedOutRoutes(ids: Ids): string[] {
  return ["/", "/auth", "/ai-models/compare", "/no/such/page", ...sharedRoutes(ids)];
}

function signedInRoutes(ids: Ids): string[] {
  return [
    "/",
    ...sharedRoutes(ids),
    "/profile",
    "/profile/edit",
    `/profile/${ids.otherId}`,
    `/ai-models/compare?models=${ids.modelIds.join(",")}`,
    "/ai-models/compare",
    "/generational-insights",
    "/saved",
    "/trending",
    "/analytics",
    "/explore",
    "/creators",
    "/subscription",
    "/admin",
    "/no/such/page",
  ];
}

/** Waits for the screen's heading and for its loading spinners to finish. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main [role=status]:has(.animate-spin)")).toHaveCount(0);
  // Images and fonts can change the layout after the data arrives.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function overflow(page: Page): Promise<string | null> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth <= innerWidth ? null : `${page.url()}: ${scrollWidth} px wide in ${innerWidth} px`;
}

async function checkRoutes(page: Page, routes: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    const problem = await overflow(page);
    if (problem) wide.push(problem);
  }
  return wide;
}

let idsPromise: Promise<Ids> | undefined;
function contentIds(browser: Browser): Promise<Ids> {
  idsPromise ??= browser.newContext().then(async (context) => {
    const ids = await seedContent(context.request);
    await context.close();
    return ids;
  });
  return idsPromise;
}

test.describe("no page is wider than the screen", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const width of WIDTHS) {
    test(`signed out, ${width} px: every route fits`, async ({ browser }) => {
      const ids = await contentIds(browser);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      expect(await checkRoutes(page, signedOutRoutes(ids))).toEqual([]);
      await context.close();
    });

    test(`signed in, ${width} px: every route fits, own and others' profiles with real content`, async ({
      browser,
    }) => {
      const ids = await contentIds(browser);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const headers = { "x-forwarded-for": randomIp() };
      await registerMember(context.request);
      await context.request.put("/api/profile", { data: { bio: LONG_BIO }, headers });
      for (const content of [`My own post ${LONG_WORD}`, `And a link ${LONG_URL}`]) {
        const res = await context.request.post("/api/posts", { data: { content }, headers });
        expect(res.ok(), await res.text()).toBe(true);
      }
      const page = await context.newPage();
      expect(await checkRoutes(page, signedInRoutes(ids))).toEqual([]);
      await context.close();
    });
  }
});

test.describe("header", () => {
  test("signed in at 320 px: the menu button is wholly inside the screen", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
    await registerMember(context.request);
    const page = await context.newPage();
    await page.goto("/profile");
    await settle(page);
    const menu = await page.getByRole("button", { name: "Open menu" }).boundingBox();
    expect(menu).not.toBeNull();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(320);
    expect(await overflow(page)).toBeNull();
    await context.close();
  });

  test("signed in at 390 px: the wordmark and the search button do not touch", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await registerMember(context.request);
    const page = await context.newPage();
    await page.goto("/");
    await settle(page);
    const banner = page.getByRole("banner");
    const wordmark = await banner.getByRole("link", { name: /home$/ }).boundingBox();
    const search = await banner.getByRole("button", { name: /search/i }).first().boundingBox();
    expect(wordmark).not.toBeNull();
    expect(search).not.toBeNull();
    // At least 4 px of air between the end of the wordmark and the search icon.
    expect(search!.x - (wordmark!.x + wordmark!.width)).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
