import { Tabs } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { type Control, type FieldValues, type Path, useWatch } from "react-hook-form";
import { MARKDOWN_HELP } from "../../common/markdown";
import { cn } from "./cn";
import { Markdown, preloadMarkdown } from "./markdown";

const trigger =
  "-mb-px rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:text-foreground";

/**
 * Write/Preview tabs and the short formatting help around a long-text field (issue 21 item 1, one
 * component for the composer and every long-text form). `children` is the field's textarea, wired
 * by FormField and react-hook-form; it stays mounted while the preview shows, so nothing typed is
 * lost and the form still validates it. The preview is the same renderer the page uses.
 */
export function MarkdownEditor<T extends FieldValues, C = unknown, O = T>({
  control,
  name,
  children,
  className,
}: {
  /** The form (react-hook-form's `control`) and the field this edits: the preview shows its value. */
  control: Control<T, C, O>;
  name: Path<T>;
  children: ReactNode;
  className?: string;
}) {
  const watched: unknown = useWatch({ control: control as unknown as Control<T>, name });
  const value = typeof watched === "string" ? watched : "";
  const [tab, setTab] = useState<"write" | "preview">("write");
  // A sent or cancelled form is empty again: back to writing.
  useEffect(() => {
    if (!value) setTab("write");
  }, [value]);
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => setTab(v === "preview" ? "preview" : "write")}
      className={cn("space-y-2", className)}
    >
      <div className="flex flex-wrap items-end justify-between gap-2 border-b border-border">
        <Tabs.List aria-label="Editor mode" className="flex gap-1">
          <Tabs.Trigger value="write" className={trigger}>
            Write
          </Tabs.Trigger>
          <Tabs.Trigger
            value="preview"
            className={trigger}
            onFocus={preloadMarkdown}
            onPointerEnter={preloadMarkdown}
          >
            Preview
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
        {children}
      </Tabs.Content>
      <Tabs.Content
        value="preview"
        className="min-h-20 rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        {value.trim() ? (
          <Markdown source={value} />
        ) : (
          <p className="text-muted-foreground">Nothing to preview yet.</p>
        )}
      </Tabs.Content>
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer select-none rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
          Formatting help
        </summary>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {MARKDOWN_HELP.map((h) => (
            <li key={h.syntax} className="flex flex-wrap gap-x-2">
              <code className="rounded bg-muted px-1 font-mono text-foreground">{h.syntax}</code>
              <span>{h.result}</span>
            </li>
          ))}
        </ul>
      </details>
    </Tabs.Root>
  );
}
