import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { MARKDOWN_HELP } from "../../common/markdown";
import { cn } from "./cn";
import { Markdown, preloadMarkdown } from "./markdown";

const trigger =
  "-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring";

type Mode = "write" | "preview";
const MODES: { mode: Mode; label: string }[] = [
  { mode: "write", label: "Write" },
  { mode: "preview", label: "Preview" },
];

/**
 * Write/Preview tabs and the short formatting help around a long-text field (issue 21 item 1, one
 * component for the composer and every long-text form). `children` is the field's textarea, wired
 * by FormField and react-hook-form; it stays mounted while the preview shows, so nothing typed is
 * lost and the form still validates it. The preview is the same renderer the page uses. The tabs
 * follow the WAI-ARIA tabs pattern (arrow keys, Home/End) without a library: every form's chunk
 * carries this component.
 */
export function MarkdownEditor({
  value,
  children,
  className,
}: {
  /** What the member has typed (react-hook-form's `watch` of the field). */
  value: string | null | undefined;
  children: ReactNode;
  className?: string;
}) {
  const [mode, setMode] = useState<Mode>("write");
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const text = value ?? "";
  // A sent or cancelled form is empty again: back to writing.
  useEffect(() => {
    if (!text) setMode("write");
  }, [text]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = MODES.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = MODES[next];
    if (!target) return;
    setMode(target.mode);
    tabs.current[next]?.focus();
  };

  return (
    <div className={cn("space-y-2", className)}>
      <div role="tablist" aria-label="Editor mode" className="flex gap-1 border-b border-border">
        {MODES.map((m, index) => {
          const selected = mode === m.mode;
          return (
            <button
              key={m.mode}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${m.mode}-tab`}
              aria-selected={selected}
              aria-controls={`${id}-${m.mode}`}
              tabIndex={selected ? 0 : -1}
              className={cn(
                trigger,
                selected
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
              onClick={() => setMode(m.mode)}
              onKeyDown={(e) => onKeyDown(e, index)}
              {...(m.mode === "preview" ? { onFocus: preloadMarkdown, onPointerEnter: preloadMarkdown } : {})}
            >
              {m.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={mode !== "write"}>
        {children}
      </div>
      {mode === "preview" ? (
        <div
          role="tabpanel"
          id={`${id}-preview`}
          aria-labelledby={`${id}-preview-tab`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern: a panel without focusable content takes focus
          tabIndex={0}
          className="min-h-20 rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          {text.trim() ? (
            <Markdown source={text} />
          ) : (
            <p className="text-muted-foreground">Nothing to preview yet.</p>
          )}
        </div>
      ) : null}
      <details className="text-xs text-muted-foreground">
        <summary className="w-fit cursor-pointer select-none rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
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
    </div>
  );
}
