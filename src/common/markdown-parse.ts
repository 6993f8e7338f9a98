import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import { HASHTAG_RE, isExternalHref, MARKDOWN_IMAGE_RE, MENTION_RE, safeHref } from "./markdown";

/**
 * Markdown to a small, safe tree (docs/decisions/0090). markdown-it (CommonMark, maintained) parses;
 * this keeps only the subset the site allows and turns it into plain data that the React renderer
 * (src/client/ui/markdown/MarkdownView.tsx) maps to elements from a fixed list, so no string of
 * HTML is ever built or inserted: raw HTML is text (`html: false`), every link passes `safeHref`,
 * images must be the site's own uploads, and every text goes through React's escaping.
 */
export type MdTag =
  | "p"
  | "em"
  | "strong"
  | "s"
  | "blockquote"
  | "ul"
  | "ol"
  | "li"
  | "code"
  | "table"
  | "thead"
  | "tbody"
  | "tr"
  | "th"
  | "td";

export type MdNode =
  | { t: "text"; v: string }
  | { t: "br" }
  | { t: "mention"; v: string }
  | { t: "hashtag"; v: string }
  | { t: "el"; tag: MdTag; align?: "left" | "center" | "right"; start?: number; c: MdNode[] }
  | { t: "link"; href: string; external: boolean; c: MdNode[] }
  | { t: "img"; src: string; alt: string }
  | { t: "codeblock"; lang: string; v: string }
  /** A message too intricate to format (see MAX_TOKENS), shown as the text it is, line breaks kept. */
  | { t: "plain"; v: string };

/**
 * The most Markdown tokens a message may have to be formatted: far more than any message the site
 * accepts can use in earnest (10,000 characters of "**a** " make 6,700), far fewer than a crafted
 * 100 KB input of delimiters makes (33,000 emphasis elements from "_*" repeated). Past it the
 * message shows as plain text, so no input can make a page build tens of thousands of elements.
 */
export const MAX_TOKENS = 8_000;

let parser: MarkdownIt | undefined;

function markdown(): MarkdownIt {
  if (parser) return parser;
  // CommonMark plus tables and strikethrough; line breaks kept (a new line is a new line, as in
  // the plain text members wrote before); bare http(s) addresses become links.
  const md = markdownIt("commonmark", { html: false, breaks: true, linkify: true, typographer: false });
  md.enable(["table", "strikethrough", "linkify"]);
  // Not in the subset: headings ("# " at the start of a line stays text, like a #hashtag),
  // thematic breaks, indented code (plain text indented by four spaces stays as it was).
  md.disable(["heading", "lheading", "hr", "code", "html_block", "html_inline"]);
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.validateLink = (url) => safeHref(url) !== null || MARKDOWN_IMAGE_RE.test(url);
  parser = md;
  return md;
}

const BLOCK_TAGS: Record<string, MdTag> = {
  paragraph: "p",
  blockquote: "blockquote",
  bullet_list: "ul",
  ordered_list: "ol",
  list_item: "li",
  table: "table",
  thead: "thead",
  tbody: "tbody",
  tr: "tr",
  th: "th",
  td: "td",
  em: "em",
  strong: "strong",
  s: "s",
};

/** Text with @mentions and #hashtags as their own nodes. */
function splitText(text: string, out: MdNode[]) {
  const marks: { index: number; value: string; t: "mention" | "hashtag" }[] = [];
  for (const m of text.matchAll(MENTION_RE)) marks.push({ index: m.index, value: m[0], t: "mention" });
  for (const m of text.matchAll(HASHTAG_RE)) marks.push({ index: m.index, value: m[0], t: "hashtag" });
  marks.sort((a, b) => a.index - b.index);
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) out.push({ t: "text", v: text.slice(at, mark.index) });
    out.push({ t: mark.t, v: mark.value });
    at = mark.index + mark.value.length;
  }
  if (at < text.length) out.push({ t: "text", v: text.slice(at) });
}

function pushText(out: MdNode[], v: string) {
  const last = out.at(-1);
  if (last?.t === "text") last.v += v;
  else out.push({ t: "text", v });
}

/** The text a token stood for in the source, for a construct the site does not allow. */
function inlineText(children: Token[]): string {
  return children.map((c) => (c.type === "image" ? inlineText(c.children ?? []) : c.content)).join("");
}

function alignOf(token: Token): "left" | "center" | "right" | undefined {
  const style = String(token.attrGet("style") ?? "");
  const m = /text-align:(left|center|right)/.exec(style);
  return m ? (m[1] as "left" | "center" | "right") : undefined;
}

/** Builds the tree from markdown-it's flat token stream (block tokens, then each inline's children). */
function build(tokens: Token[], inLink = false): MdNode[] {
  const root: MdNode[] = [];
  const stack: MdNode[][] = [root];
  const top = () => stack[stack.length - 1] as MdNode[];
  let linkDepth = inLink ? 1 : 0;
  // Consecutive text tokens (markdown-it makes one per unmatched delimiter) become one text.
  let pending = "";
  const flush = () => {
    if (!pending) return;
    if (linkDepth > 0) pushText(top(), pending);
    else splitText(pending, top());
    pending = "";
  };
  for (const token of tokens) {
    if (token.type === "text" || token.type === "text_special") {
      pending += token.content;
      continue;
    }
    flush();
    const out = top();
    switch (token.type) {
      case "inline":
        out.push(...build(token.children ?? [], linkDepth > 0));
        break;
      case "softbreak":
      case "hardbreak":
        out.push({ t: "br" });
        break;
      case "code_inline":
        out.push({ t: "el", tag: "code", c: [{ t: "text", v: token.content }] });
        break;
      case "fence":
        out.push({
          t: "codeblock",
          lang: token.info.trim().split(/\s+/)[0]?.toLowerCase() ?? "",
          v: token.content,
        });
        break;
      case "image": {
        const src = String(token.attrGet("src") ?? "");
        const alt = inlineText(token.children ?? []);
        if (MARKDOWN_IMAGE_RE.test(src)) out.push({ t: "img", src, alt });
        else pushText(out, alt);
        break;
      }
      case "link_open": {
        const href = safeHref(String(token.attrGet("href") ?? ""));
        const children: MdNode[] = [];
        // A link inside a link cannot happen in CommonMark; a refused address keeps its text.
        if (href) out.push({ t: "link", href, external: isExternalHref(href), c: children });
        stack.push(href ? children : out);
        linkDepth++;
        break;
      }
      case "link_close":
        stack.pop();
        linkDepth--;
        break;
      default: {
        // A tight list's paragraphs are hidden: their text goes straight into the item.
        if (token.hidden) break;
        const m = /^(\w+)_(open|close)$/.exec(token.type);
        const tag = m ? BLOCK_TAGS[m[1] as string] : undefined;
        if (m && tag) {
          if (m[2] === "open") {
            const children: MdNode[] = [];
            const node: MdNode = { t: "el", tag, c: children };
            if (tag === "th" || tag === "td") {
              const align = alignOf(token);
              if (align) node.align = align;
            }
            if (tag === "ol") {
              const start = Number(token.attrGet("start") ?? 1);
              if (Number.isSafeInteger(start) && start !== 1) node.start = start;
            }
            out.push(node);
            stack.push(children);
          } else if (stack.length > 1) {
            stack.pop();
          }
        } else if (token.content) {
          // Anything else markdown-it may produce is shown as its text, never as markup.
          pushText(out, token.content);
        }
      }
    }
  }
  flush();
  return root;
}

/** The safe tree of a Markdown message. */
export function parseMarkdown(source: string): MdNode[] {
  const tokens = markdown().parse(source, {});
  let count = 0;
  for (const token of tokens) count += 1 + (token.children?.length ?? 0);
  if (count > MAX_TOKENS) return [{ t: "plain", v: source }];
  const nodes = build(tokens);
  // Mentions and hashtags are elements too: the same ceiling holds for the whole tree.
  return countNodes(nodes) > MAX_TOKENS ? [{ t: "plain", v: source }] : nodes;
}

function countNodes(nodes: MdNode[]): number {
  let n = nodes.length;
  for (const node of nodes) if (node.t === "el" || node.t === "link") n += countNodes(node.c);
  return n;
}
