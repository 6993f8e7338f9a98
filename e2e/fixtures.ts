import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";

export interface Member {
  id: number;
  username: string;
  email: string;
  password: string;
}

let n = 0;
/** A unique, valid username for this run. */
export function uniqueName(prefix = "e2e"): string {
  n += 1;
  return `${prefix}_${process.pid % 1000}${n}${randomBytes(2).toString("hex")}`;
}

/** A random client address per call, so server-side per-IP sign-up limits do not trip (TRUST_PROXY=1). */
export function randomIp(): string {
  return `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/** Creates a member through the API inside `context` (its cookie jar holds the session). */
export async function registerMember(
  request: APIRequestContext,
  overrides: Partial<{ username: string; email: string; password: string; generation: string }> = {},
): Promise<Member> {
  const username = overrides.username ?? uniqueName();
  const body = {
    username,
    email: overrides.email ?? `${username}@e2e.test`,
    password: overrides.password ?? "password123",
    generation: overrides.generation ?? "millennial",
  };
  const res = await request.post("/api/auth/register", {
    data: body,
    headers: { "x-forwarded-for": randomIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = await res.json();
  return { id: user.id, username: body.username, email: body.email, password: body.password };
}

/** A page whose browser context is signed in as a new member. */
export async function signedInPage(
  browser: Browser,
  overrides: Parameters<typeof registerMember>[1] = {},
): Promise<{ page: Page; context: BrowserContext; member: Member }> {
  const context = await browser.newContext();
  const member = await registerMember(context.request, overrides);
  const page = await context.newPage();
  await dismissOverlays(page);
  return { page, context, member };
}

/**
 * axe-core: no serious or critical WCAG 2.1 A/AA violation on the current page; with
 * `{ anyImpact: true }`, no violation at all (minor and moderate included).
 */
export async function expectAccessible(
  page: Page,
  options: { anyImpact?: boolean; disableRules?: string[] } = {},
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .disableRules(options.disableRules ?? [])
    .analyze();
  const bad = results.violations.filter(
    (v) => options.anyImpact || v.impact === "serious" || v.impact === "critical",
  );
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((nd) => nd.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * axe-core, strict: no WCAG 2.1 A/AA violation of any impact (minor and moderate included) on the
 * current page. For the screens issue 25 asks to be clean at every width and in both themes.
 */
export async function expectNoAxeViolations(page: Page, context = ""): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} (${v.nodes
          .map((nd) => nd.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
    context,
  ).toEqual([]);
}

/** Pages whose context runs no JavaScript: there is no app to wait for. */
const withoutApp = new WeakSet<Page>();

/** Until the app has taken the page over (src/client/layout/app-ready.tsx); a document without the app's root has none. */
async function appReady(page: Page, waitUntil: string | undefined): Promise<void> {
  if (withoutApp.has(page) || (waitUntil !== undefined && waitUntil !== "load")) return;
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById("root") || document.documentElement.dataset.app === "ready",
      null,
      // Polled by interval, not by animation frame: a test may hold the page's clock still.
      { timeout: 15_000, polling: 100 },
    );
  try {
    await ready();
  } catch (err) {
    // The document was replaced while waiting (a redirect): wait on the new one.
    if (!String(err).includes("context was destroyed")) throw err;
    await ready();
  }
}

/**
 * Every page's `goto` and `reload` (left at their default "load") also wait until the app has taken
 * the page over (`<html data-app="ready">`): a visitor's page arrives rendered by the server and the
 * app starts after its first paint (public/theme-init.js), so the load event alone does not mean its
 * buttons work yet. A test that keeps the app from running asks for another `waitUntil`.
 */
function waitForTheAppOnNavigation(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Page & { __agoraAppReady?: true };
  if (proto.__agoraAppReady) return;
  proto.__agoraAppReady = true;
  const { goto, reload } = proto;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options);
    await appReady(this, options?.waitUntil);
    return response;
  };
  proto.reload = async function (this: Page, options) {
    const response = await reload.call(this, options);
    await appReady(this, options?.waitUntil);
    return response;
  };
}

export const test = base.extend<object, { appReadyOnNavigation: void }>({
  appReadyOnNavigation: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      waitForTheAppOnNavigation(page);
      await page.close();
      await use();
    },
    { auto: true, scope: "worker" },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) withoutApp.add(page);
    await use(page);
  },
});
export { expect };

/**
 * Hides the cookie banner and the promo banner for a page (their choices stored before any page
 * script runs), so journeys of other screens do not meet them. The install card cannot be
 * suppressed (its session flag is cleared at each load, SPEC §4); it is a small non-modal card.
 */
export async function dismissOverlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("cookie-consent", "declined");
      window.localStorage.setItem("promo-banner-dismissed", "true");
      window.sessionStorage.setItem("pwa-prompt-dismissed", "true");
    } catch {
      // storage unavailable (about:blank): nothing to hide there
    }
  });
}
