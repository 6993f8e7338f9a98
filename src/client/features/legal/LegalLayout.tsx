import type { ReactNode } from "react";
import { useId } from "react";

/**
 * Typography for legal copy, applied to descendants so pages can stay plain semantic HTML.
 * A list marked with the `not-prose` class opts out of the list styling (e.g. a grid of cards).
 */
const PROSE_CLASSES = [
  "space-y-6 text-base leading-7 text-foreground",
  "[&_ul:not(.not-prose)]:list-disc [&_ul:not(.not-prose)]:space-y-2 [&_ul:not(.not-prose)]:pl-6",
  "[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold",
  "[&_section>h3]:mt-6 [&_section>h3]:text-lg [&_section>h3]:font-semibold",
  "[&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4",
  "[&_a:hover]:text-muted-foreground [&_a]:rounded-sm",
  "[&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-current",
  "[&_code]:rounded [&_code]:border [&_code]:border-border [&_code]:bg-card [&_code]:px-1 [&_code]:text-sm",
].join(" ");

export function LegalLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-10 text-foreground">
      <header className="space-y-2 border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {updated}</p>
      </header>
      <div className={PROSE_CLASSES}>{children}</div>
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="mt-8 scroll-mt-20 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
