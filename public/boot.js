// Starts the app's entry module once the first frame has painted (the server's first paint, or
// the empty page, shows at once): src/server/platform/first-paint.ts replaces the entry's
// <script type="module"> and Vite's modulepreload links with this file. An external file: the
// CSP forbids inline scripts.
(() => {
  // The browser may offer installation (or report it done) before the app has started: keep it
  // for the app, which takes it from here (src/client/features/pwa/install-store.ts).
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    window.__agoraInstallPrompt = event;
  });
  window.addEventListener("appinstalled", () => {
    window.__agoraInstalled = true;
  });
  const data = document.currentScript?.dataset ?? {};
  const entry = data.entry;
  if (!entry) return;
  const preloads = (data.preload ?? "").split(",").filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The modules the entry imports, fetched alongside it rather than after it.
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  };
  // After the next frame; a hidden tab paints no frames, so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();
