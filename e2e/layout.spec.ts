import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { FAVORITE_MODEL_CHOICES } from "../src/common/models";
import { dismissOverlays, expect, expectNoAxeViolations, randomIp, registerMember, test } from "./fixtures";

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
const LONG_BIO =
  `${LONG_WORD} ${"Researcher of large language models and their evaluation. ".repeat(7)}`.slice(0, 500);

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
  const ok = async (res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<{ id: number }> => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number };
  };
  await ok(
    await request.put("/api/profile", {
      data: { bio: LONG_BIO, favoriteModels: FAVORITE_MODEL_CHOICES.map((c) => c.value) },
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
    const post = await ok(
      await request.post("/api/posts", {
        data: { content, tags: [`t${i}`, `Pneumonoultramicroscopicsilicovolcanoconiosis_t${i}xx`] },
        headers,
      }),
    );
    postId = post.id;
  }
  await ok(
    await request.post(`/api/posts/${postId}/comments`, {
      data: { content: `A comment with ${LONG_WORD}` },
      headers,
    }),
  );
  const forums = (await (await request.get("/api/forums")).json()) as { id: number }[];
  const forumId = forums[0]!.id;
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
    slug: models[0]!.slug,
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
    "/arena",
    "/arena/leaderboard",
    "/arena/leaderboard?view=generation&g=genz",
    "/arena/about",
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
  return ["/", "/auth", "/auth/oidc/finish", "/ai-models/compare", "/no/such/page", ...sharedRoutes(ids)];
}

function signedInRoutes(ids: Ids): string[] {
  return [
    "/",
    ...sharedRoutes(ids),
    "/profile",
    "/profile/edit",
    "/settings/security",
    `/profile/${ids.otherId}`,
    `/ai-models/compare?models=${ids.modelIds.join(",")}`,
    "/ai-models/compare",
    "/arena/submit",
    "/generational-insights",
    "/saved",
    "/settings/blocked",
    "/trending",
    "/analytics",
    "/explore",
    "/creators",
    "/subscription",
    "/settings/security",
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

/**
 * Text clamped to a number of lines inside its own padding: the clamp hides what overflows the
 * padding box, so the next line showed half-cut in the padding (the prompt cards' previews).
 */
async function cutLines(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        const clamp = style.getPropertyValue("-webkit-line-clamp");
        return (
          clamp !== "" &&
          clamp !== "none" &&
          el.scrollHeight > el.clientHeight &&
          parseFloat(style.paddingBottom) > 0
        );
      })
      .map(
        (el) =>
          `${location.pathname}: clamped ${el.tagName.toLowerCase()} with bottom padding shows a cut line`,
      ),
  );
}

async function checkRoutes(page: Page, routes: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    const problem = await overflow(page);
    if (problem) wide.push(problem);
    wide.push(...(await cutLines(page)));
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

/** Boxes of the header's visible controls, left to right: the logo's image and wordmark, then each button or link. */
async function headerBoxes(page: Page) {
  return page.getByRole("banner").evaluate((header) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const logo = header.querySelector('a[aria-label$="home"]')!;
    const parts: { name: string; x: number; right: number; width: number }[] = [];
    for (const el of [logo.querySelector("img")!, logo.querySelector("span")!]) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      // A visually hidden wordmark (sr-only) has a 1 px box: not drawn.
      if (r.width <= 1) continue;
      parts.push({
        name: el.tagName === "IMG" ? "logo" : "wordmark",
        x: r.x,
        right: r.right,
        width: r.width,
      });
    }
    for (const el of header.querySelectorAll("button, a")) {
      if (el === logo || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      parts.push({
        name: el.getAttribute("aria-label") ?? el.textContent ?? "",
        x: r.x,
        right: r.right,
        width: r.width,
      });
    }
    return parts.sort((a, b) => a.x - b.x);
  });
}

/** Members and admins (the admin's header has one more icon: its role is set on /api/auth/me). */
async function headerPage(browser: Browser, width: number, admin: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await registerMember(context.request);
  const page = await context.newPage();
  if (admin) {
    await page.route("**/api/auth/me", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), role: "admin" } });
    });
  }
  await page.goto("/profile");
  await settle(page);
  if (admin) await expect(page.getByRole("link", { name: "Moderation dashboard" })).toBeVisible();
  // The members' header is its own chunk: measured once it is there, not its placeholder.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  return page;
}

test.describe("signed-in header", () => {
  for (const admin of [false, true]) {
    const who = admin ? "an admin" : "a member";
    for (const width of [320, 390]) {
      test(`${who} at ${width} px: every control is whole, on screen and clear of the next`, async ({
        browser,
      }) => {
        const page = await headerPage(browser, width, admin);
        const boxes = await headerBoxes(page);
        expect(
          boxes.find((b) => b.name === "Open menu"),
          "menu button",
        ).toBeDefined();
        expect(boxes.find((b) => b.name === "logo")?.width, "logo not squeezed").toBe(28);
        for (const b of boxes) {
          expect(b.x, `${b.name} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(b.right, `${b.name} ends on screen`).toBeLessThanOrEqual(width);
        }
        for (let i = 1; i < boxes.length; i++) {
          // The wordmark needs air before the first icon; icons may sit edge to edge.
          const [before, box] = [boxes[i - 1]!, boxes[i]!];
          const gap = before.name === "wordmark" ? 4 : 0;
          expect(
            box.x - before.right,
            `${before.name} and ${box.name} do not overlap`,
          ).toBeGreaterThanOrEqual(gap);
        }
        if (width === 390) expect(boxes.some((b) => b.name === "wordmark")).toBe(true);
        expect(await overflow(page)).toBeNull();
        await page.context().close();
      });
    }
  }
});

test.describe("wide tables", () => {
  for (const { name, path, region } of [
    { name: "comparison", path: "compare", region: /^Detailed comparison.*scrolls sideways$/ },
    { name: "subscription", path: "/subscription", region: /^Compare features, scrolls sideways$/ },
  ]) {
    test(`${name} at 320 px: the table either fits or Tab reaches its scroll region and the arrows scroll it`, async ({
      browser,
    }) => {
      const ids = await contentIds(browser);
      const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
      await registerMember(context.request);
      const page = await context.newPage();
      await dismissOverlays(page);
      await page.goto(path === "compare" ? `/ai-models/compare?models=${ids.modelIds.join(",")}` : path);
      await settle(page);
      const table = page.locator("main table").first();
      await expect(table).toBeVisible();
      const scroller = table.locator("xpath=..");
      const scrolls = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (scrolls) {
        const named = page.getByRole("region", { name: region });
        await expect(named).toHaveAttribute("tabindex", "0");
        let reached = false;
        for (let i = 0; i < 120 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await named.evaluate((el) => el === document.activeElement);
        }
        expect(reached, "the scroll region is in the Tab order").toBe(true);
        const outline = await named.evaluate((el) => getComputedStyle(el).outlineStyle);
        expect(outline, "a visible focus ring").not.toBe("none");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => named.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
      // What the table holds stays inside its scroll box, visually hidden labels included (an
      // absolutely positioned "Yes"/"No" escaped it and widened the page).
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, "page width").toBeLessThanOrEqual(innerWidth);
      // The scroll box is the containing block of those labels, whatever models are compared.
      expect(await scroller.evaluate((el) => getComputedStyle(el).position)).not.toBe("static");
      await context.close();
    });
  }
});

test.describe("strict axe on the reflowed screens", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const width of WIDTHS) {
    test(`profiles (own and another's), comparison and subscription at ${width} px, dark and light`, async ({
      browser,
    }) => {
      const ids = await contentIds(browser);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await registerMember(context.request);
      await context.request.put("/api/profile", {
        data: { bio: LONG_BIO },
        headers: { "x-forwarded-for": randomIp() },
      });
      const page = await context.newPage();
      await dismissOverlays(page);
      for (const theme of ["dark", "light"]) {
        await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
        for (const path of [
          "/profile",
          `/profile/${ids.otherId}`,
          `/ai-models/compare?models=${ids.modelIds.join(",")}`,
          "/subscription",
        ]) {
          await page.goto(path);
          await settle(page);
          await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
          await expectNoAxeViolations(page, `${path} at ${width} px, ${theme}`);
        }
      }
      await context.close();
    });
  }
});

test.describe("inline links", () => {
  test("a visitor's links inside text are underlined, not told apart by color alone", async ({ browser }) => {
    const ids = await contentIds(browser);
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await dismissOverlays(page);
    for (const { path, name } of [
      { path: `/post/${ids.postId}`, name: "Log in" },
      { path: "/reset-password?token=abc", name: "Request a new one" },
    ]) {
      await page.goto(path);
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine), path).toContain(
        "underline",
      );
      const results = await new AxeBuilder({ page }).withRules(["link-in-text-block"]).analyze();
      expect(
        results.violations.map((v) => v.id),
        path,
      ).toEqual([]);
    }
    await context.close();
  });
});

test.describe("copy", () => {
  test("the landing page gives the catalog's real size and no near-empty 'Online Now'", async ({ page }) => {
    await dismissOverlays(page);
    const stats = (await (await page.request.get("/api/stats")).json()) as {
      models: number;
      onlineNow: number;
      members: number;
    };
    await page.goto("/");
    await expect(page.getByRole("link", { name: `View All AI Models (${stats.models})` })).toBeVisible();
    await expect(page.getByText("View All AI Models (8+)")).toHaveCount(0);
    if (stats.onlineNow < 25) {
      await expect(page.getByText("Online Now", { exact: true })).toHaveCount(0);
      await expect(page.getByText("Members", { exact: true })).toBeVisible();
    }
  });

  test("the not-found screen says 404 once", async ({ browser }) => {
    const context = await browser.newContext();
    await registerMember(context.request);
    const page = await context.newPage();
    await dismissOverlays(page);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    expect(((await page.locator("main").textContent()) ?? "").match(/404/g)).toHaveLength(1);
    await context.close();
  });
});
