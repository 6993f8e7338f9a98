import { Markdown } from "../../ui/markdown";

/**
 * A thread's or reply's text: Markdown (docs/decisions/0090), whose block quotes are what the
 * Quote button writes, with mentions highlighted and line breaks kept.
 */
export function RichText({ content, className }: { content: string; className?: string }) {
  return <Markdown source={content} className={className} />;
}

/** The text a "Quote" button puts in the reply box. */
export function quoteFor(username: string, content: string): string {
  const body = content
    .split("\n")
    .filter((l) => !/^\s*>/.test(l))
    .join("\n")
    .trim();
  const short = body.length > 300 ? `${body.slice(0, 300).trimEnd()}…` : body;
  return `> @${username} wrote:\n${short
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n")}\n\n`;
}
