import { type ReactNode, useEffect, useMemo, useState } from "react";
import { MARKDOWN_EXTERNAL_LINK_REL, MARKDOWN_LINK_REL } from "../../../common/markdown";
import { type MdNode, parseMarkdown } from "../../../common/markdown-parse";
import { cn } from "../cn";
import { ScrollRegion } from "../scroll-region";
import type { HighlightNode } from "./highlight";

/**
 * A Markdown message as React elements (docs/decisions/0090): the safe tree of
 * src/common/markdown-parse.ts mapped to a fixed set of elements; text is always React text.
 * The same component renders on the server (visitors' pages) and in the browser.
 */
export default function MarkdownView({ source, className }: { source: string; className?: string }) {
  const nodes = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={cn("markdown space-y-3 wrap-anywhere leading-relaxed", className)}>{render(nodes)}</div>
  );
}

const ELEMENT_CLASS: Partial<Record<string, string>> = {
  blockquote: "border-l-4 border-border bg-muted/50 py-2 pl-3 text-muted-foreground space-y-2",
  ul: "list-disc space-y-1 pl-6",
  ol: "list-decimal space-y-1 pl-6",
  code: "rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]",
  table: "w-full border-collapse text-sm",
  th: "border border-border bg-muted px-2 py-1 font-semibold",
  td: "border border-border px-2 py-1",
  s: "line-through",
  strong: "font-semibold",
};

function render(nodes: MdNode[]): ReactNode[] {
  return nodes.map((node, i): ReactNode => {
    switch (node.t) {
      case "text":
        return node.v;
      case "br":
        return <br key={i} />;
      case "plain":
        return (
          <p key={i} className="whitespace-pre-wrap">
            {node.v}
          </p>
        );
      case "mention":
      case "hashtag":
        return (
          <span key={i} className="font-medium text-primary">
            {node.v}
          </span>
        );
      case "link":
        return (
          <a
            key={i}
            href={node.href}
            rel={node.external ? MARKDOWN_EXTERNAL_LINK_REL : MARKDOWN_LINK_REL}
            target={node.external ? "_blank" : undefined}
            className="text-primary underline"
          >
            {render(node.c)}
          </a>
        );
      case "img":
        return (
          <img
            key={i}
            src={node.src}
            alt={node.alt}
            loading="lazy"
            className="max-h-96 rounded-lg border border-border"
          />
        );
      case "codeblock":
        return <CodeBlock key={i} code={node.v} lang={node.lang} />;
      case "el": {
        const Tag = node.tag;
        if (Tag === "table")
          return (
            // A wide table scrolls on its own instead of widening the page (reflow, decision 0060).
            <ScrollRegion key={i} label="Table, scrolls sideways">
              <table className={ELEMENT_CLASS.table}>{render(node.c)}</table>
            </ScrollRegion>
          );
        return (
          <Tag
            key={i}
            className={ELEMENT_CLASS[Tag]}
            {...(node.align ? { style: { textAlign: node.align } } : {})}
            {...(node.tag === "ol" && node.start !== undefined ? { start: node.start } : {})}
          >
            {render(node.c)}
          </Tag>
        );
      }
    }
    return null;
  });
}

function renderHighlight(nodes: HighlightNode[]): ReactNode[] {
  return nodes.map((n, i) =>
    n.type === "text" ? (
      n.value
    ) : (
      <span key={i} className={n.className || undefined}>
        {renderHighlight(n.children)}
      </span>
    ),
  );
}

/** A fenced code block: plain text first (and on the server), highlighted once the lazy highlighter loads. */
function CodeBlock({ code, lang }: { code: string; lang: string }) {
  const [tree, setTree] = useState<HighlightNode[] | null>(null);
  useEffect(() => {
    let live = true;
    setTree(null);
    if (!lang) return;
    import("./highlight")
      .then((m) => {
        if (live) setTree(m.highlight(code, lang));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [code, lang]);
  return (
    <ScrollRegion label="Code, scrolls sideways" className="rounded-lg bg-muted">
      <pre
        className="hljs p-3 font-mono text-sm leading-snug"
        data-language={lang || undefined}
        data-highlighted={tree ? "true" : undefined}
      >
        <code className={lang ? `language-${lang}` : undefined}>{tree ? renderHighlight(tree) : code}</code>
      </pre>
    </ScrollRegion>
  );
}
