import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactNode } from "react";
import { TIMING } from "../../common/constants";

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider
      delayDuration={TIMING.tooltipDelayMs}
      skipDelayDuration={TIMING.tooltipSkipDelayMs}
    >
      {children}
    </RadixTooltip.Provider>
  );
}

/** Provides itself (no app-wide provider: Radix Tooltip stays out of the entry chunk). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipProvider>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow"
          >
            {content}
            <RadixTooltip.Arrow className="fill-foreground" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </TooltipProvider>
  );
}
