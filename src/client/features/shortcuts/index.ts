/**
 * The keyboard shortcuts feature's public entry (decision 0100). The listener, KeyboardShortcuts, is
 * imported by the layout's overlays directly: re-exported here it would be shared with the
 * Accessibility page's chunk and land in the entry.
 */
export { SHORTCUTS } from "./keymap";
export { ShortcutTable } from "./ShortcutTable";
