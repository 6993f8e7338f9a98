import type { Page } from "@playwright/test";
import { markdownToPlainText } from "../src/common/markdown";
import { expect, expectAccessible, signedInPage, test } from "./fixtures";

// A visitor's pages come rendered by the server from the app's own components
// (src/client/entry-server.tsx), and the browser's app takes them over (hydration).

/** Console errors and uncaught errors of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

test.describe("server-rendered pages", () => {
  test("a model page shows its name, company and overview before the app has run", async ({ page }) => {
    // No app at all: the entry module never arrives.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto("/ai-models/claude-3-5-sonnet", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: "Claude 3.5 Sonnet" })).toBeVisible();
    await expect(page.getByText("Anthropic", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "About Claude 3.5 Sonnet" })).toBeVisible();
  });

  test("the app takes the model page over without a mismatch, leaving one page", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/ai-models/claude-3-5-sonnet");
    await expect(page.getByRole("heading", { level: 1, name: "Claude 3.5 Sonnet" })).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
    // Interactive once hydrated: the tabs switch.
    await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("the landing page is in the HTML, and the app's links work once it has started", async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto("/");
    expect(await response!.text()).toContain("The public square for ");
    await page.getByRole("link", { name: "Browse AI Models" }).click();
    await expect(page).toHaveURL(/\/ai-models$/);
    await expect(page.getByTestId("model-card").first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the app adopts the server's landing page as it is, even when the browser offered installation first", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      // The browser's install offer, made before the app started (public/theme-init.js keeps it).
      const early = window as Window & { __agoraInstallPrompt?: unknown };
      early.__agoraInstallPrompt = {
        preventDefault() {},
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: "dismissed" }),
      };
      // The server's heading, before the app runs (it starts after the first paint).
      document.addEventListener("DOMContentLoaded", () => {
        (window as Window & { __serverH1?: Element | null }).__serverH1 = document.querySelector("h1");
      });
    });
    await page.goto("/");
    // Hydrated: the offer shows the landing page's install button, which the server could not know of.
    await expect(page.getByRole("button", { name: "Install App" })).toBeVisible();
    // The heading on screen is the server's element, adopted rather than drawn again (a page drawn
    // twice paints its largest text late).
    const adopted = await page.evaluate(() => {
      const serverH1 = (window as Window & { __serverH1?: Element | null }).__serverH1;
      return Boolean(serverH1) && serverH1 === document.querySelector("h1") && serverH1!.isConnected;
    });
    expect(adopted).toBe(true);
    expect(errors).toEqual([]);
  });

  test("what a visitor types before the app has started is kept, and the app acts on it", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The app's scripts are held until the visitor has typed (a slow phone, a slow network).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/ai-models", { waitUntil: "commit" });
    const search = page.getByLabel("Search models", { exact: true });
    await search.fill("claude");
    release();
    await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
    // The directory's search box is the app's state: hydrated, it was set back to empty.
    await expect(search).toHaveValue("claude");
    await expect(page).toHaveURL(/[?&]search=claude/);
    await expect(page.getByTestId("model-card").first()).toContainText(/claude/i);
    expect(errors).toEqual([]);
  });

  test("a light theme stays light while the app takes over", async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    await page.goto("/ai-models");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(errors).toEqual([]);
  });
});

test.describe("a member's comparison (docs/decisions/0123)", () => {
  test("comes rendered as the member sees it, and the app takes it over without a mismatch", async ({
    browser,
  }) => {
    const { page, context, member } = await signedInPage(browser);
    const models = (await (await context.request.get("/api/ai-models")).json()) as {
      id: number;
      name: string;
    }[];
    const [a, b, c] = models;
    expect(c, "the demo data has three models").toBeDefined();
    const url = `/ai-models/compare?models=${a!.id},${b!.id},${c!.id}`;

    // The HTML itself: the compared models, the member's own navigation, private to them.
    const html = await context.request.get(url);
    expect(html.headers()["cache-control"]).toBe("private, no-cache");
    const text = await html.text();
    for (const model of [a!, b!, c!]) expect(text).toContain(model.name);
    expect(text).toContain(`<title>Compare ${a!.name} vs ${b!.name} vs ${c!.name}`);
    expect(text).toContain(`"username":"${member.username}"`);
    // A visitor's request for the same address never carries it.
    const visitor = await page.request.fetch(url, { headers: { cookie: "" } });
    expect(await visitor.text()).not.toContain(member.username);

    const errors = collectErrors(page);
    await page.goto(url);
    await expect(page.getByTestId("compare-card")).toHaveCount(3);
    // Hydrated: removing a model rewrites the address.
    await page.getByRole("button", { name: `Remove ${c!.name} from comparison` }).click();
    await expect(page.getByTestId("compare-card")).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`models=${a!.id},${b!.id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page, the directory and a model page read, and their links are plain links", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /The public square for/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Claude 3.5 Sonnet" })).toBeVisible();
    await page.getByRole("link", { name: "Browse AI Models" }).click();
    await expect(page).toHaveURL(/\/ai-models$/);
    await expect(page.getByRole("heading", { level: 1, name: "AI Models" })).toBeVisible();
    await expect(page.getByTestId("model-card").first()).toBeVisible();
    await page.getByRole("link", { name: "GPT-4o", exact: true }).first().click();
    await expect(page).toHaveURL(/\/ai-models\/gpt-4o$/);
    await expect(page.getByRole("heading", { level: 1, name: "GPT-4o" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "About GPT-4o" })).toBeVisible();
  });

  test("the sign-in page's Sign up link opens the sign-up form", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole("heading", { name: "Join AI Community" })).toBeVisible();
    await expect(page.getByLabel("Generation")).toBeVisible();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });

  test("a forum thread and a shared post read", async ({ page, request }) => {
    const [forum] = (await (await request.get("/api/forums?limit=50")).json()) as { id: number }[];
    const forums = (await (await request.get("/api/forums?limit=50")).json()) as { id: number }[];
    let thread: { id: number; title: string; forumId: number } | undefined;
    for (const f of forums) {
      const threads = (await (await request.get(`/api/forums/${f.id}/threads`)).json()) as {
        id: number;
        title: string;
      }[];
      if (threads[0]) {
        thread = { ...threads[0], forumId: f.id };
        break;
      }
    }
    expect(forum, "the demo data has forums").toBeDefined();
    if (thread) {
      await page.goto(`/forums/${thread.forumId}/threads/${thread.id}`);
      await expect(page.getByRole("heading", { level: 1, name: thread.title })).toBeVisible();
    } else {
      await page.goto(`/forums/${forum!.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }

    const [post] = (await (await request.get("/api/posts?limit=1")).json()) as {
      id: number;
      content: string;
    }[];
    expect(post, "the demo data has posts").toBeDefined();
    await page.goto(`/post/${post!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Post" })).toBeVisible();
    // Posts are Markdown (docs/decisions/0090): the page shows the words of its first line.
    const words = markdownToPlainText(post!.content.split("\n")[0] ?? "").slice(0, 30);
    await expect(page.getByText(words).first()).toBeVisible();
  });

  test("a shared post shows its comments too", async ({ page, request }) => {
    const posts = (await (await request.get("/api/posts?limit=50")).json()) as {
      id: number;
      comments: number;
    }[];
    const post = posts.find((p) => p.comments > 0);
    expect(post, "the demo data has a post with comments").toBeDefined();
    const [comment] = (await (await request.get(`/api/posts/${post!.id}/comments`)).json()) as {
      content: string;
    }[];
    await page.goto(`/post/${post!.id}`);
    await expect(page.getByText(comment!.content.slice(0, 40)).first()).toBeVisible();
    await expect(page.getByText("Loading comments...")).toHaveCount(0);
  });
});
