import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** The longest the server's first paint stays, whatever the app is doing (a failed screen, a slow API). */
export const FIRST_PAINT_MAX_MS = 3000;

/** Removes the server's first paint (src/server/platform/first-paint.ts); harmless when there is none. */
export function dropFirstPaint(): void {
  document.getElementById("first-paint")?.remove();
}

/**
 * Rendered after the route's screen inside its Suspense boundary, so it mounts once the screen's
 * code has loaded: the first paint goes as soon as the screen's queries have settled too, so the
 * page goes from the server's picture straight to the finished screen, without a spinner between.
 */
export function FirstPaintDone() {
  const client = useQueryClient();
  useEffect(() => {
    if (!document.getElementById("first-paint")) return;
    const cache = client.getQueryCache();
    let unsubscribe = () => {};
    const settle = () => {
      if (client.isFetching() > 0) return;
      dropFirstPaint();
      unsubscribe();
    };
    unsubscribe = cache.subscribe(settle);
    settle();
    return unsubscribe;
  }, [client]);
  return null;
}
