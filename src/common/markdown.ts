/**
 * Markdown of what members write (issue 21 item 1, docs/decisions/0090): the light, isomorphic part.
 * The safe-link and image rules, the short formatting help, and `markdownToPlainText` for places
 * that show text, not formatting (search, trending, notifications, link previews, card excerpts).
 * It imports no Markdown library, so the landing page and the server's hot reads stay light; the
 * parser is in ./markdown-parse.ts, loaded only where Markdown is rendered.
 */

/** An image may only come from the site's own uploads (never a third-party tracker or a script). */
export const MARKDOWN_IMAGE_RE = /^\/api\/uploads\/[A-Za-z0-9_-]{16,64}\.webp$/;

/** The schemes a link may use; anything else (javascript:, data:, vbscript:, file:...) is text. */
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/**
 * The address of a link if it is safe, else null: http(s) and mailto addresses, and paths on this
 * site ("/forums", "#top"). The href arrives already normalised by the parser (entities decoded,
 * percent-encoded), and is checked again here with the WHATWG URL parser, which strips the tabs,
 * newlines and control characters browsers ignore ("java\tscript:") and lower-cases the scheme.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href || /[\u0000-\u001f\u007f\\]/.test(href)) return null;
  if (href.startsWith("#")) return href;
  if (href.startsWith("/")) return href.startsWith("//") ? null : href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!SAFE_SCHEMES.has(url.protocol)) return null;
  if (url.protocol !== "mailto:" && !url.hostname) return null;
  return url.href;
}

/** A link leaving the site: opens in a new tab, as the app's other outside links do. */
export const isExternalHref = (href: string) => /^(https?|mailto):/i.test(href);

export const MARKDOWN_LINK_REL = "nofollow ugc noopener";
export const MARKDOWN_EXTERNAL_LINK_REL = "nofollow ugc noopener noreferrer";

/** `@username` as it is highlighted in messages (not in the middle of an address: a@b.c). */
export const MENTION_RE = /(?<![\p{L}\p{N}_.@-])@[\p{L}\p{N}._-]{3,30}/gu;
/** `#hashtag` as posts' tags are parsed (src/common/posts.ts). */
export const HASHTAG_RE = /(?<![\p{L}\p{N}_&#/])#[\p{L}\p{N}_]{1,50}/gu;

/** The short formatting help beside every long-text field (one list, shown by MarkdownEditor). */
export const MARKDOWN_HELP: ReadonlyArray<{ syntax: string; result: string }> = [
  { syntax: "**bold**", result: "bold" },
  { syntax: "*italic*", result: "italic" },
  { syntax: "~~struck~~", result: "strikethrough" },
  { syntax: "[text](https://example.com)", result: "link" },
  { syntax: "`code`", result: "inline code" },
  { syntax: "```python (new line) code (new line) ```", result: "code block, highlighted" },
  { syntax: "- item / 1. item", result: "list" },
  { syntax: "> quote", result: "block quote" },
  { syntax: "| a | b | (new line) |---|---|", result: "table" },
  { syntax: "![alt](/api/uploads/…)", result: "an image you uploaded here" },
];

/**
 * The text of a Markdown message without its syntax, on one line: for search results, trending,
 * notifications and link previews. Not a parser (it must stay tiny and fast for the public reads):
 * it removes the marks a reader would otherwise see, keeps the words, and never produces markup.
 */
export function markdownToPlainText(source: string): string {
  return (
    source
      // fenced code: keep the code, drop the fences
      .replace(/^\s*(```|~~~)[^\n]*$/gm, "")
      // images: their alt text; links: their text; autolinks: the address
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, "")
      .replace(/<((?:https?|mailto):[^>\s]*)>/gi, "$1")
      // block marks at the start of a line: quotes, list bullets, table rules
      .replace(/^\s{0,3}>\s?/gm, "")
      .replace(/^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+/gm, "")
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, "")
      .replace(/\s*\|\s*/g, " ")
      // emphasis, strikethrough and code marks
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?![\w*])/g, "$1$3")
      .replace(/`+([^`]*)`+/g, "$1")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * The first words of a Markdown message as plain text on one line, at most `length` characters,
 * cut at a word when one ends late enough: the excerpts of threads, saved items and activity.
 */
export function plainExcerpt(source: string, length: number): string {
  const flat = markdownToPlainText(source);
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
