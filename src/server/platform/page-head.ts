import { parseCompareIds } from "../../common/ai-models";
import { MODELS_PAGE_LEAD, PRODUCT_NAME, TAGLINE } from "../../common/constants";
import type { DbOrTx } from "../db/connect";
import { findModelBySlug, findModelsByIds } from "../features/ai-models/queries";
import type { FirstPaint } from "./first-paint";
import { escapeHtml } from "./html";

export { escapeHtml } from "./html";

/**
 * The <head> of the SPA's index.html per public page (title, description, canonical, Open Graph,
 * Twitter card), filled in by the server so that link previews and crawlers see the page's own
 * tags without running JavaScript. Every value is HTML-escaped. Once the app runs, the screens
 * keep document.title up to date themselves (ui/page.tsx useDocumentTitle).
 */
export interface PageHead {
  title: string;
  description: string;
  /** Path (and query, for compare) of the canonical URL. */
  path: string;
  type: "website" | "article";
  /** The top of the page as the server paints it before the app runs (platform/first-paint.ts). */
  firstPaint?: FirstPaint;
}

export const DEFAULT_TITLE = `${PRODUCT_NAME} — ${TAGLINE}`;
export const DEFAULT_DESCRIPTION =
  "AI Agora is a community where people share experiences and ratings of AI models, talk in per-model forums, share prompts and compare a directory of AI models.";
const DIRECTORY_DESCRIPTION =
  "Browse, filter and compare AI models — language, image, audio, code and video models — with community ratings, reviews and benchmark scores.";
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const titled = (title: string) => `${title} · ${PRODUCT_NAME}`;
/** Descriptions are cut near 160 characters on a word boundary. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

const generic = (path: string): PageHead => ({
  title: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  path,
  type: "website",
});

/** A page's path without trailing slashes ("/" stays "/"): the form every per-page decision reads. */
export const pagePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/** The head for a page path (without query) and its query string. Unknown models get the generic tags. */
export async function pageHeadFor(db: DbOrTx, path: string, query: URLSearchParams): Promise<PageHead> {
  const clean = pagePath(path);
  if (clean === "/ai-models" || clean === "/models") {
    return {
      title: titled("AI Models Directory"),
      description: DIRECTORY_DESCRIPTION,
      path: "/ai-models",
      type: "website",
      firstPaint: { kind: "page", title: "AI Models", lead: MODELS_PAGE_LEAD },
    };
  }
  if (clean === "/ai-models/compare") {
    const ids = parseCompareIds(query.get("models")) ?? [];
    const rows = ids.length > 0 ? await findModelsByIds(db, ids) : [];
    const models = ids.flatMap((id) => rows.filter((r) => r.id === id));
    if (models.length === 0) {
      return {
        title: titled("Compare AI Models"),
        description: "Compare up to three AI models side by side: ratings, pricing, features and use cases.",
        path: "/ai-models/compare",
        type: "website",
      };
    }
    const names = models.map((m) => m.name);
    return {
      title: titled(`Compare ${names.join(" vs ")}`),
      description: clip(
        `${names.join(", ")} side by side: community ratings, pricing, benchmark scores, features and use cases.`,
      ),
      path: `/ai-models/compare?models=${models.map((m) => m.id).join(",")}`,
      type: "website",
      firstPaint: {
        kind: "page",
        title: "Compare AI Models",
        lead: `Comparing ${names.join(", ")}`,
        cards: models.map((m) => ({ name: m.name, company: m.company, description: m.description })),
      },
    };
  }
  const slug = /^\/ai-models\/([^/]+)$/.exec(clean)?.[1];
  if (slug !== undefined) {
    const decoded = safeDecode(slug);
    const model = decoded && SLUG_RE.test(decoded) ? await findModelBySlug(db, decoded) : undefined;
    if (!model) return generic(clean);
    return {
      title: titled(`${model.name} by ${model.company}`),
      description: clip(model.description),
      path: `/ai-models/${model.slug}`,
      type: "article",
      firstPaint: {
        kind: "page",
        title: model.name,
        lead: model.company,
        body: model.description,
        about: { heading: `About ${model.name}`, text: model.longDescription || model.description },
      },
    };
  }
  return generic(clean);
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The tags, one per line, for `appUrl` (origin and optional base path, no trailing slash). */
export function headTags(head: PageHead, appUrl: string, image?: string): string {
  const url = `${appUrl}${head.path}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(`${appUrl}${image}`)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
  return tags.join("\n    ");
}

/**
 * index.html with its <title> and description replaced by the page's tags (inserted where the
 * title was, else before </head>). The rest of the file (scripts, styles) is untouched.
 */
export function injectHead(html: string, tags: string): string {
  const stripped = html
    .replace(/[ \t]*<meta\s+name="description"[^>]*>\s*\n?/i, "")
    .replace(/[ \t]*<link\s+rel="canonical"[^>]*>\s*\n?/i, "");
  if (/<title>[\s\S]*?<\/title>/i.test(stripped)) {
    return stripped.replace(/<title>[\s\S]*?<\/title>/i, () => tags);
  }
  if (/<\/head>/i.test(stripped)) return stripped.replace(/<\/head>/i, () => `${tags}\n  </head>`);
  return `${tags}\n${stripped}`;
}
