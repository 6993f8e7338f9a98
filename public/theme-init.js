// Applies the stored theme before the first paint (an external file: the CSP forbids inline scripts).
// Dark unless "light" is stored; any other stored value means dark (SPEC §4).
(function () {
  try {
    var t = localStorage.getItem("theme");
    document.documentElement.classList.toggle("dark", t !== "light");
  } catch (e) {
    document.documentElement.classList.add("dark");
  }
})();
