import { describe, expect, it } from "vitest";
import { firstPaintMarkup, injectFirstPaint, startAfterFirstPaint, withPreloads } from "./first-paint";

const BUILT = [
  "<!doctype html>",
  "<html><head>",
  "    <title>x</title>",
  '    <script type="module" crossorigin src="/assets/index-E.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/jsx-J.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/http-H.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-C.css">',
  '</head><body><div id="root"></div></body></html>',
].join("\n");

describe("first paint", () => {
  it("starts the entry from boot.js: the module tag and Vite's preloads move into its data", () => {
    const html = startAfterFirstPaint(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(html).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-E.js" data-preload="/assets/jsx-J.js,/assets/http-H.js"></script>',
    );
    // At the end of the body, after the app's root.
    expect(html.indexOf("boot.js")).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it("leaves an unbuilt index.html (no Vite entry tag) as it is", () => {
    const dev =
      '<html><head></head><body><div id="root"></div><script type="module" src="/src/client/main.tsx"></script></body></html>';
    expect(startAfterFirstPaint(dev)).toBe(dev);
  });

  it("gives the screen's chunks to boot.js first, or to the head without it", () => {
    const booted = withPreloads(startAfterFirstPaint(BUILT), ["/assets/Models-M.js", "/assets/card-C.js"]);
    expect(booted).toContain(
      'data-preload="/assets/Models-M.js,/assets/card-C.js,/assets/jsx-J.js,/assets/http-H.js"',
    );
    const plain = withPreloads("<html><head></head><body></body></html>", ["/assets/Models-M.js"]);
    expect(plain).toContain('<link rel="modulepreload" crossorigin href="/assets/Models-M.js" />\n  </head>');
    expect(withPreloads(BUILT, [])).toBe(BUILT);
  });

  it("is a hidden picture: aria-hidden, no link, button or form control, every value escaped", () => {
    const markup = firstPaintMarkup({
      kind: "page",
      title: `Q<b>"zx"</b>`,
      lead: "Brk <script>alert(1)</script>",
      body: "<img src=x onerror=alert(1)>",
      about: { heading: "About <i>", text: "& more" },
      cards: [{ name: "<u>A</u>", company: "B", description: "<svg onload=alert(1)>" }],
    });
    expect(markup.startsWith('<div id="first-paint" aria-hidden="true">')).toBe(true);
    expect(markup).not.toMatch(/<(a|button|input|select|textarea|script|svg|b|i|u)[\s>]/);
    expect(markup).not.toContain("<img src=x");
    expect(markup).toContain("Q&lt;b&gt;&quot;zx&quot;&lt;/b&gt;");
    expect(markup).toContain("&amp; more");
  });

  it("lays the comparison's cards out in the comparison's columns", () => {
    const cards = (n: number) =>
      firstPaintMarkup({
        kind: "page",
        title: "Compare AI Models",
        cards: Array.from({ length: n }, (_, i) => ({ name: `M${i}`, company: "C", description: "D" })),
      });
    expect(cards(3)).toContain('<div class="grid gap-4 md:grid-cols-3">');
    expect(cards(2)).toContain('<div class="grid gap-4 md:grid-cols-2">');
    expect(cards(1)).toContain('<div class="grid gap-4">');
  });

  it("goes just before the app's root, and only when there is one", () => {
    const html = injectFirstPaint(BUILT, { kind: "landing" });
    expect(html).toMatch(/<div id="first-paint" aria-hidden="true">[\s\S]*<\/div><div id="root"><\/div>/);
    expect(html).toContain("The public square for ");
    expect(injectFirstPaint(BUILT, undefined)).toBe(BUILT);
  });
});
