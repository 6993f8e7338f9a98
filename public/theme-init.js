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
  // What a visitor types into a server-rendered page before the app has taken it over: the last
  // value of each field (by id), for the app to put back (src/client/layout/typed-early.ts):
  // hydrating a field whose value is the app's state sets it to that state, and the text was lost.
  const typed = new Map();
  window.__agoraTyped = typed;
  document.addEventListener(
    "input",
    (event) => {
      const field = event.target;
      if (window.__agoraTyped !== typed || !field || !field.id) return;
      const text = field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
      const box = field instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(field.type);
      if (text || box) typed.set(field.id, field.value);
    },
    true,
  );
  // The app starts once the page's first frame is painted (vite.config.ts entryAfterFirstPaint):
  // its modules are named on this script's tag, preloaded and imported then, so a server-rendered
  // page is on screen before the app is downloaded or run. (The development server keeps its
  // module script: the tag names nothing there.)
  const tag = document.currentScript;
  const entry = tag?.dataset.entry;
  const preloads = (tag?.dataset.preload ?? "").split(",").filter(Boolean);
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
    import(entry);
  };
  // A tab opened in the background paints nothing and runs no frame callback: it starts at once.
  // A member's page is an empty shell the app draws: nothing to paint first, it starts at once.
  const afterPaint = () =>
    document.visibilityState === "hidden" || !document.getElementById("root")?.firstChild
      ? start()
      : requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
  // At the latest at the load event (no timer or frame involved: a page whose clock is held still).
  window.addEventListener("load", start);
})();
