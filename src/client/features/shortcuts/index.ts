/** The keyboard shortcuts feature's public entry (decision 0100). */
export { KeyboardShortcuts } from "./KeyboardShortcuts";
export { SHORTCUTS } from "./keymap";
export { ShortcutTable } from "./ShortcutTable";
