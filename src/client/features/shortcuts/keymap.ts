/**
 * The keyboard shortcuts (issue 21 item 8, decision 0100): the one table that the help dialog and
 * the Accessibility page list, and the key handling, kept free of the DOM so it is unit-tested.
 */

export type ShortcutAction =
  | "help"
  | "search"
  | "next-post"
  | "previous-post"
  | "like"
  | "comment"
  | "go-home"
  | "go-forums"
  | "go-prompts"
  | "go-models";

export interface Shortcut {
  /** The keys pressed one after the other (a "g" sequence has two). */
  keys: readonly string[];
  action: ShortcutAction;
  description: string;
  group: "General" | "Posts" | "Go to";
}

/** Where the "g" shortcuts go. */
export const GO_TO: Record<"go-home" | "go-forums" | "go-prompts" | "go-models", string> = {
  "go-home": "/",
  "go-forums": "/forums",
  "go-prompts": "/prompts",
  "go-models": "/ai-models",
};

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ["?"], action: "help", description: "Show the keyboard shortcuts", group: "General" },
  { keys: ["/"], action: "search", description: "Search", group: "General" },
  { keys: ["j"], action: "next-post", description: "Next post", group: "Posts" },
  { keys: ["k"], action: "previous-post", description: "Previous post", group: "Posts" },
  { keys: ["l"], action: "like", description: "Like or unlike the selected post", group: "Posts" },
  { keys: ["c"], action: "comment", description: "Comment on the selected post", group: "Posts" },
  { keys: ["g", "h"], action: "go-home", description: "Go to Home", group: "Go to" },
  { keys: ["g", "f"], action: "go-forums", description: "Go to Forums", group: "Go to" },
  { keys: ["g", "p"], action: "go-prompts", description: "Go to Prompts", group: "Go to" },
  { keys: ["g", "m"], action: "go-models", description: "Go to AI Models", group: "Go to" },
];

/** How long the second key of a sequence ("g" then "f") may wait for. */
export const SEQUENCE_MS = 1000;

/** What the handler reads of a keyboard event (a DOM KeyboardEvent has all of it). */
export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: unknown;
  preventDefault(): void;
}

interface ElementLike {
  tagName?: unknown;
  isContentEditable?: unknown;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

const FIELD_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** Whether the key goes to something the member is typing in (a field, an editable region, a listbox). */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== "object") return false;
  const el = target as ElementLike;
  if (typeof el.tagName === "string" && FIELD_TAGS.has(el.tagName.toUpperCase())) return true;
  if (el.isContentEditable === true) return true;
  const role = el.getAttribute?.("role");
  if (role === "textbox" || role === "combobox" || role === "searchbox") return true;
  return Boolean(el.closest?.("[contenteditable]:not([contenteditable='false'])"));
}

/**
 * A keydown handler: `run` gets the action of a completed shortcut. Nothing fires while typing in a
 * field, with Ctrl/Alt/Meta held (Shift only for "?"), on a repeated key, or while `blocked()`
 * (a dialog is open). A "g" waits `SEQUENCE_MS` for its second key.
 */
export function createKeyHandler(options: {
  run: (action: ShortcutAction) => void;
  blocked: () => boolean;
  now?: () => number;
  sequenceMs?: number;
}): (event: KeyLike) => void {
  const now = options.now ?? (() => Date.now());
  const sequenceMs = options.sequenceMs ?? SEQUENCE_MS;
  let pending: { key: string; at: number } | null = null;

  return (event) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    if (event.ctrlKey || event.metaKey || event.altKey) {
      pending = null;
      return;
    }
    if (isTypingTarget(event.target) || options.blocked()) {
      pending = null;
      return;
    }
    const key = event.key;
    if (event.shiftKey && key !== "?") return;
    const first = pending && now() - pending.at <= sequenceMs ? pending.key : null;
    pending = null;
    const find = (sequence: string[]) =>
      SHORTCUTS.find((s) => s.keys.length === sequence.length && s.keys.every((k, i) => k === sequence[i]));
    // A second key that completes no sequence counts on its own.
    const match = (first ? find([first, key]) : undefined) ?? find([key]);
    if (match) {
      event.preventDefault();
      options.run(match.action);
      return;
    }
    if (SHORTCUTS.some((s) => s.keys.length > 1 && s.keys[0] === key)) {
      event.preventDefault();
      pending = { key, at: now() };
    }
  };
}
