/**
 * Text typed into a server-rendered page before the app took it over. public/theme-init.js, which
 * runs before the page is painted, records the last value of each field (by id) typed into until
 * then. Hydrated, a field keeps what was typed, but the app's state does not know it: the first
 * render after (a list arriving, a filter read from the address) set a controlled field back to
 * that state — the directory's search box emptied under the visitor's fingers. Once the screen is
 * hydrated, each such field is given its text again as if typed: the app's state and forms take it.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type EarlyWindow = Window & { __agoraTyped?: Map<string, string> };

const isField = (el: Element | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Puts back what was typed before the app started (once: the record then stops). */
export function restoreTypedEarly(win: EarlyWindow = window): void {
  const typed = win.__agoraTyped;
  if (!typed) return;
  win.__agoraTyped = undefined;
  for (const [id, value] of typed) {
    const field = win.document.getElementById(id);
    if (!isField(field) || field.disabled || value === "") continue;
    // React keeps the value it last saw on the element (its own `value` property) and calls
    // onChange for an input event only when the element's value differs from it: the element's
    // property is given "" (recorded), the prototype's setter the text (not), then the event.
    if (!(field instanceof HTMLSelectElement)) field.value = "";
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  typed.clear();
}
