import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

/**
 * The syntax highlighter (docs/decisions/0090): lowlight (highlight.js grammars, output as a tree,
 * never as HTML), with the languages members paste most. A lazy chunk: only a page that shows a
 * code block loads it. A block in another language, or none, stays plain.
 */
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({
  bash: ["sh", "zsh"],
  javascript: ["js", "jsx", "mjs"],
  typescript: ["ts", "tsx"],
  python: ["py"],
  xml: ["html", "svg"],
  yaml: ["yml"],
  markdown: ["md"],
  rust: ["rs"],
  shell: ["console"],
  cpp: ["c++"],
});

export type HighlightNode =
  | { type: "text"; value: string }
  | { type: "element"; className: string; children: HighlightNode[] };

type Hast = { type: string; value?: string; properties?: { className?: unknown }; children?: Hast[] };

function simplify(node: Hast): HighlightNode[] {
  if (node.type === "text") return [{ type: "text", value: node.value ?? "" }];
  const children = (node.children ?? []).flatMap(simplify);
  if (node.type !== "element") return children;
  const names = Array.isArray(node.properties?.className) ? node.properties.className : [];
  const className = names
    .filter((n): n is string => typeof n === "string" && /^hljs-[\w-]+$/.test(n))
    .join(" ");
  return [{ type: "element", className, children }];
}

/** The code's highlighted tree, or null when its language is not known. */
export function highlight(code: string, lang: string): HighlightNode[] | null {
  if (!lang || !lowlight.registered(lang)) return null;
  return simplify(lowlight.highlight(lang, code) as unknown as Hast);
}
