import { lazy, Suspense, useState } from "react";
import { useToast } from "./toast-store";

/**
 * Toasts of SPEC §8/§9: one at a time (a new one replaces the current), 5000 ms, swipe
 * threshold 50. `toast({ title, description, variant })` can be called from anywhere.
 */
export { dismiss, type ToastInput, type ToastState, toast, useToast } from "./toast-store";

// The Radix Toast view is its own chunk, loaded with the first toast (none on first paint), so
// it stays out of the landing page's JS (bench/size.ts).
const ToasterView = lazy(() => import("./toaster-view"));

export function Toaster() {
  const t = useToast();
  const [needed, setNeeded] = useState(false);
  if (t !== null && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
