import { lazy, Suspense } from "react";
import { cn } from "./cn";

/** The renderer and its parser are one lazy chunk (docs/decisions/0090): the route chunks stay small. */
const MarkdownView = lazy(() => import("./markdown/MarkdownView"));

/** Loads the renderer ahead of need (a screen about to show messages, a Preview tab about to open). */
export const preloadMarkdown = () => {
  void import("./markdown/MarkdownView");
};

/**
 * A message members wrote (a post, comment, thread, reply, prompt, model comment, review or bio),
 * rendered as safe Markdown. Until the renderer's chunk arrives the text shows as it always did,
 * line breaks kept; a server-rendered page already carries the rendered Markdown, which hydration
 * keeps.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <p className={cn("whitespace-pre-wrap wrap-anywhere leading-relaxed", className)}>{source}</p>
      }
    >
      <MarkdownView source={source} className={className} />
    </Suspense>
  );
}
