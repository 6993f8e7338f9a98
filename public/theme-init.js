// Applies the stored theme before the first paint (an external file: the CSP forbids inline scripts).
// Dark unless "light" is stored; any other stored value means dark (SPEC §4).
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {
    theme = null;
  }
  document.documentElement.classList.toggle("dark", theme !== "light");
})();
