import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "./cn";

/**
 * A box that scrolls sideways when its content (a wide table) does not fit, and that a keyboard
 * user can then scroll too (WCAG 2.1.1, axe `scrollable-region-focusable`): while it overflows it
 * is a named region in the Tab order with a visible focus ring, and the arrow keys scroll it. When
 * everything fits it is a plain box, so it adds no useless Tab stop.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** The region's accessible name, e.g. "Detailed Comparison, scrolls sideways". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className={cn(
        "relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
      {...(overflows ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
