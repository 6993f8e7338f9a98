import { useSyncExternalStore } from "react";
import { isStandalone } from "./install-store";

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Follows the browser's online/offline events (SPEC §4 connectivity indicator). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

function subscribeDisplayMode(listener: () => void) {
  const query = window.matchMedia?.("(display-mode: standalone)");
  query?.addEventListener?.("change", listener);
  return () => query?.removeEventListener?.("change", listener);
}

/** True when running as an installed app. */
export function useIsStandalone(): boolean {
  return useSyncExternalStore(subscribeDisplayMode, isStandalone, () => false);
}
