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
})();
