import { type RefObject, useLayoutEffect } from "react";

/**
 * Keeps an element's height in a CSS custom property on `<html>` while `active`, following its
 * resizes, and removes it after: what sits at the bottom of the screen (the cookie banner, the
 * overlays' stack) tells the page and the messages (toasts) how much room to leave above it.
 */
export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string, active = true): void {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(name, `${node.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name, active]);
}
