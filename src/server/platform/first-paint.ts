import { LANDING_HEADLINE, LANDING_INTRO, PRODUCT_NAME, TAGLINE } from "../../common/constants";
import { escapeHtml } from "./html";

/**
 * The first paint of the public pages people land on, sent in the HTML itself (issue 12 §4).
 * The app is rendered in the browser: on a phone over a slow network nothing but a blank page
 * shows until the entry script has downloaded and run. The server therefore puts the top of the
 * page — the header bar and the page's heading, lead and (model pages) description, with the
 * app's own classes — into `<div id="first-paint">` ahead of the app's root. It is a picture, not
 * a second app: `aria-hidden`, no links or controls, laid over the page (styles/index.css) and
 * removed by the app once its screen has drawn with its data (client/layout/first-paint.ts), or
 * after 3 s whatever happens.
 */
export type FirstPaint =
  | { kind: "landing" }
  | {
      kind: "page";
      title: string;
      /** The line under the heading (the directory's lead, a model's company). */
      lead?: string;
      /** A model's description, in the card the model page shows it in. */
      body?: string;
      /** A model page's "About" text (its overview tab). */
      about?: { heading: string; text: string };
      /** The comparison's model cards. */
      cards?: { name: string; company: string; description: string }[];
    };

const HEADER = [
  '<div class="border-b border-border bg-background/95">',
  '<div class="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">',
  '<span class="flex items-center gap-2 font-bold tracking-tight">',
  '<img src="/favicon.svg" alt="" width="28" height="28" class="h-7 w-7" />',
  `<span class="whitespace-nowrap text-lg max-[389px]:sr-only">${escapeHtml(PRODUCT_NAME)}</span>`,
  "</span></div></div>",
].join("");

/** Mirrors the landing page's hero (src/client/features/landing/LandingPage.tsx). */
const LANDING = [
  '<section class="border-b border-border bg-gradient-to-b from-secondary/60 to-background">',
  '<div class="mx-auto max-w-5xl px-4 py-20 text-center">',
  '<p class="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">',
  `<span class="h-4 w-4"></span> ${escapeHtml(TAGLINE)}</p>`,
  '<h1 class="mt-6 text-4xl font-black tracking-tight sm:text-6xl">',
  `${escapeHtml(LANDING_HEADLINE.lead)}<span class="text-primary">${escapeHtml(LANDING_HEADLINE.highlight)}</span>`,
  "</h1>",
  `<p class="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">${escapeHtml(LANDING_INTRO)}</p>`,
  "</div></section>",
].join("");

const CARD = "rounded-xl border border-border bg-card text-card-foreground shadow-sm";

/** The comparison's grid (src/client/features/ai-models/ComparePage.tsx). */
const compareColumns = (n: number) => (n === 1 ? "" : n === 2 ? " md:grid-cols-2" : " md:grid-cols-3");

/**
 * Mirrors ui/page.tsx (Page) and, when given, the model page's first card and overview text
 * (ModelDetailPage.tsx) or the comparison's cards (ComparePage.tsx), with the same classes.
 */
function pageMarkup(page: Extract<FirstPaint, { kind: "page" }>): string {
  const cards = page.cards ?? [];
  return [
    '<div class="mx-auto w-full max-w-6xl px-4 py-8">',
    '<div class="mb-6 flex flex-wrap items-end justify-between gap-4"><div>',
    `<h1 class="text-3xl font-bold tracking-tight">${escapeHtml(page.title)}</h1>`,
    page.lead ? `<p class="mt-1 text-muted-foreground">${escapeHtml(page.lead)}</p>` : "",
    "</div></div>",
    page.body ? `<div class="${CARD} mb-6 grid gap-3 p-5"><p>${escapeHtml(page.body)}</p></div>` : "",
    page.about
      ? `<div class="grid content-start gap-4"><h2 class="text-xl font-semibold">${escapeHtml(page.about.heading)}</h2><p class="leading-relaxed">${escapeHtml(page.about.text)}</p></div>`
      : "",
    cards.length > 0
      ? `<div class="grid gap-4${compareColumns(cards.length)}">${cards
          .map(
            (c) =>
              `<div class="${CARD} relative flex h-full flex-col gap-2 p-5"><p class="text-lg font-semibold">${escapeHtml(c.name)}</p><p class="text-sm text-muted-foreground">${escapeHtml(c.company)}</p><p class="text-sm">${escapeHtml(c.description)}</p></div>`,
          )
          .join("")}</div>`
      : "",
    "</div>",
  ].join("");
}

export function firstPaintMarkup(paint: FirstPaint): string {
  const content = paint.kind === "landing" ? LANDING : pageMarkup(paint);
  return `<div id="first-paint" aria-hidden="true">${HEADER}${content}</div>`;
}

/** index.html with the first paint placed just before the app's root (unchanged when it has none). */
export function injectFirstPaint(html: string, paint: FirstPaint | undefined): string {
  if (!paint) return html;
  return html.replace(/<div id="root"><\/div>/, () => `${firstPaintMarkup(paint)}<div id="root"></div>`);
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\s*\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*\n?/g;

/**
 * The built index.html with the app's entry started by public/boot.js once the first frame has
 * painted, instead of by its module script tag. A module that arrives quickly runs before the
 * browser's first paint, and its download competes with the stylesheet: on a slow phone the page
 * stayed blank while ~100 kB of script came in and ran. boot.js adds the entry and the modules it
 * imports (Vite's modulepreload links, moved into `data-preload`) one frame later. The screen's
 * own chunk is still named in the head (platform/route-preload.ts). Without a Vite entry tag (an
 * unbuilt index.html) the page is left as it is.
 */
export function startAfterFirstPaint(html: string): string {
  const match = ENTRY_SCRIPT.exec(html);
  if (!match) return html;
  const entry = escapeHtml(match[1] ?? "");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => escapeHtml(m[1] ?? ""));
  const boot = `<script defer src="/boot.js" data-entry="${entry}" data-preload="${preloads.join(",")}"></script>`;
  return html
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(/<\/body>/, () => `  ${boot}\n  </body>`);
}

/**
 * More modules for boot.js to preload with the entry (the screen's chunk, platform/route-preload.ts);
 * without boot.js (an unbuilt index.html) they become modulepreload links in the head.
 */
export function withPreloads(html: string, hrefs: string[]): string {
  if (hrefs.length === 0) return html;
  const list = hrefs.map(escapeHtml);
  if (html.includes('<script defer src="/boot.js"')) {
    return html.replace(
      /(<script defer src="\/boot\.js"[^>]*data-preload=")([^"]*)"/,
      (_m, start: string, rest: string) => `${start}${[...list, ...(rest ? [rest] : [])].join(",")}"`,
    );
  }
  const links = list.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`).join("\n    ");
  return html.replace(/<\/head>/, () => `  ${links}\n  </head>`);
}
