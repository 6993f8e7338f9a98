// Runs in the <head> before the first paint (an external file: the CSP forbids inline scripts).
(() => {
  // The stored theme: dark unless "light" is stored; any other stored value means dark (SPEC §4).
  let theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {
    theme = null;
  }
  document.documentElement.classList.toggle("dark", theme !== "light");
  // The browser may offer installation (or report it done) before the app has started: keep it
  // for the app, which takes it from here (src/client/features/pwa/install-store.ts).
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    window.__agoraInstallPrompt = event;
  });
  window.addEventListener("appinstalled", () => {
    window.__agoraInstalled = true;
  });
  // The app starts once the page's first frame is painted (vite.config.ts entryAfterFirstPaint):
  // its entry is preloaded meanwhile, and a server-rendered page is on screen before the app runs.
  // (The development server keeps its module script: there is no such link there.)
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const entry = document.querySelector("link[data-agora-entry]");
    if (entry) import(entry.href);
  };
  // A tab opened in the background paints nothing and runs no frame callback: it starts at once.
  const afterPaint = () =>
    document.visibilityState === "hidden" ? start() : requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
})();
