import { expect, test } from "./fixtures";

// Feeds (issue 21 item 7, decision 0101): a page names its feed in its head, and a reader
// following that address gets an Atom feed.
test.describe("feeds", () => {
  test("the landing page and a model page advertise feeds a reader can fetch", async ({ page }) => {
    for (const [url, title] of [
      ["/", "AI Agora: latest posts"],
      ["/ai-models/claude-3-5-sonnet", "Reviews of Claude 3.5 Sonnet"],
    ] as const) {
      await page.goto(url);
      const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute("title", title);
      const href = await link.getAttribute("href");
      const res = await page.request.get(href ?? "");
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
      expect(await res.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    }
  });
});
