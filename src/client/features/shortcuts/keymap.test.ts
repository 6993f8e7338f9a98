import { describe, expect, it } from "vitest";
import { createKeyHandler, isTypingTarget, type KeyLike, SHORTCUTS, type ShortcutAction } from "./keymap";

const element = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  isContentEditable: false,
  getAttribute: () => null,
  closest: () => null,
  ...extra,
});
const body = element("BODY");

function key(k: string, init: Partial<KeyLike> = {}): KeyLike & { prevented: boolean } {
  const event = {
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: k === "?",
    target: body,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...init,
  };
  return event;
}

function setup(options: { blocked?: boolean } = {}) {
  const ran: ShortcutAction[] = [];
  let time = 0;
  let blocked = options.blocked ?? false;
  const handle = createKeyHandler({ run: (a) => ran.push(a), blocked: () => blocked, now: () => time });
  return {
    ran,
    handle,
    advance: (ms: number) => {
      time += ms;
    },
    block: (b: boolean) => {
      blocked = b;
    },
  };
}

describe("keyboard shortcuts", () => {
  it("runs each single-key shortcut and prevents the key's default", () => {
    const { ran, handle } = setup();
    const events = ["?", "/", "j", "k", "l", "c"].map((k) => key(k));
    for (const e of events) handle(e);
    expect(ran).toEqual(["help", "search", "next-post", "previous-post", "like", "comment"]);
    expect(events.every((e) => e.prevented)).toBe(true);
  });

  it("goes somewhere with g then h, f, p or m", () => {
    const { ran, handle } = setup();
    for (const second of ["h", "f", "p", "m"]) {
      handle(key("g"));
      handle(key(second));
    }
    expect(ran).toEqual(["go-home", "go-forums", "go-prompts", "go-models"]);
  });

  it("lets a sequence time out after about a second", () => {
    const { ran, handle, advance } = setup();
    handle(key("g"));
    advance(1001);
    handle(key("f"));
    expect(ran).toEqual([]);
    handle(key("g"));
    advance(900);
    handle(key("f"));
    expect(ran).toEqual(["go-forums"]);
  });

  it("treats a second key that completes no sequence on its own", () => {
    const { ran, handle } = setup();
    handle(key("g"));
    handle(key("j"));
    handle(key("h"));
    expect(ran).toEqual(["next-post"]);
  });

  it("does nothing while typing in a field or an editable region", () => {
    const { ran, handle } = setup();
    const targets = [
      element("INPUT"),
      element("TEXTAREA"),
      element("SELECT"),
      element("DIV", { isContentEditable: true }),
      element("SPAN", { closest: (s: string) => (s.includes("contenteditable") ? {} : null) }),
      element("DIV", { getAttribute: (n: string) => (n === "role" ? "textbox" : null) }),
    ];
    for (const target of targets) {
      expect(isTypingTarget(target)).toBe(true);
      const e = key("j", { target });
      handle(e);
      expect(e.prevented).toBe(false);
      handle(key("g", { target }));
      handle(key("f", { target }));
    }
    expect(ran).toEqual([]);
    expect(isTypingTarget(body)).toBe(false);
  });

  it("does nothing with a modifier held (⌘K stays the search dialog's)", () => {
    const { ran, handle } = setup();
    handle(key("k", { metaKey: true }));
    handle(key("k", { ctrlKey: true }));
    handle(key("j", { altKey: true }));
    handle(key("J", { shiftKey: true }));
    handle(key("l", { repeat: true }));
    expect(ran).toEqual([]);
  });

  it("does nothing while a dialog is open, and drops a started sequence", () => {
    const { ran, handle, block } = setup({ blocked: true });
    handle(key("?"));
    handle(key("j"));
    block(false);
    handle(key("g"));
    block(true);
    handle(key("f"));
    block(false);
    handle(key("f"));
    expect(ran).toEqual([]);
  });

  it("lists every action once in the table the help dialog shows", () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(SHORTCUTS.every((s) => s.description.length > 0)).toBe(true);
  });
});
