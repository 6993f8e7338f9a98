import { Fragment } from "react";
import { cn } from "../../ui/cn";

const MENTION_SPLIT = /(@[\p{L}\p{N}._-]{3,30})/u;

/** A line with `@username` mentions emphasised; everything stays text (never HTML). */
function Line({ text }: { text: string }) {
  const parts = text.split(MENTION_SPLIT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="font-medium text-primary">
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

type Block = { quote: boolean; lines: string[] };

/** Splits a message into quoted (lines starting with ">") and plain blocks. */
export function toBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.split("\n")) {
    const quote = /^\s*>/.test(raw);
    const line = quote ? raw.replace(/^\s*>\s?/, "") : raw;
    const last = blocks.at(-1);
    if (last && last.quote === quote) last.lines.push(line);
    else blocks.push({ quote, lines: [line] });
  }
  return blocks.map((b) => ({ ...b, lines: trimBlankEdges(b.lines) })).filter((b) => b.lines.length > 0);
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}

/** A thread's or reply's text: quotes as blockquotes, mentions highlighted, line breaks kept. */
export function RichText({ content, className }: { content: string; className?: string }) {
  return (
    <div className={cn("space-y-3 wrap-anywhere leading-relaxed", className)}>
      {toBlocks(content).map((block, i) =>
        block.quote ? (
          <blockquote
            key={i}
            className="whitespace-pre-wrap border-l-4 border-border bg-muted/50 py-2 pl-3 text-muted-foreground"
          >
            <Line text={block.lines.join("\n")} />
          </blockquote>
        ) : (
          <p key={i} className="whitespace-pre-wrap">
            <Line text={block.lines.join("\n")} />
          </p>
        ),
      )}
    </div>
  );
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
