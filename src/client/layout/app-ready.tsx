import { useEffect } from "react";
import { restoreTypedEarly } from "./typed-early";

/**
 * Marks the document once the app has taken the page's content over: `<html data-app="ready">`.
 * Rendered with the screen, inside the boundary the screen hydrates in (AppLayout's `<main>`), and
 * with the error screen: React hydrates a Suspense boundary after the shell around it, so a mark
 * set with the shell said "ready" while the screen's inputs and links were still the server's HTML
 * (what was typed there was lost, a navigation's new address left the screen as it was). Before
 * that, a server-rendered page is only HTML; the browser tests wait for it before pressing
 * anything (e2e/fixtures.ts). What a visitor typed before then is put back first (typed-early.ts).
 */
export function AppReady() {
  useEffect(() => {
    restoreTypedEarly();
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}
