import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A row of underlined tabs (Radix Tabs triggers inside a `Tabs.Root`): the app's one tab style,
 * the active tab underlined, every tab with a visible keyboard focus.
 */
export function TabList({
  label,
  tabs,
  className,
  compact = false,
}: {
  /** The list's accessible name. */
  label: string;
  tabs: ReadonlyArray<{ value: string; label: ReactNode }>;
  className?: string;
  /** Narrower tabs (a dialog's, a page's filters). */
  compact?: boolean;
}) {
  return (
    <Tabs.List aria-label={label} className={cn("flex flex-wrap gap-1 border-b border-border", className)}>
      {tabs.map((t) => (
        <Tabs.Trigger
          key={t.value}
          value={t.value}
          className={cn(
            "-mb-px border-b-2 border-transparent py-2 text-sm font-medium text-muted-foreground",
            "hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            "data-[state=active]:border-primary data-[state=active]:text-foreground",
            compact ? "px-3" : "px-4",
          )}
        >
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
