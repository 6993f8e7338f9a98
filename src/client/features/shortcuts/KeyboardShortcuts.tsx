import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../ui/toast-store";
import { createKeyHandler, GO_TO, type ShortcutAction } from "./keymap";

// The help dialog (Radix Dialog) is loaded on the first "?" only: it is not part of any first paint.
const HelpDialog = lazy(() => import("./HelpDialog"));

/** A post card the shortcuts move between (PostCard marks its <article>). */
const POST_SELECTOR = "main [data-post-card]";

/** A modal dialog, an alert dialog or a popover is open: shortcuts wait. */
export function dialogOpen(): boolean {
  return (
    document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [aria-modal="true"]',
    ) !== null
  );
}

const visible = (el: Element) => el.getClientRects().length > 0;

function posts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(POST_SELECTOR)].filter(visible);
}

function currentPost(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLElement>("[data-post-card]") : null;
}

function focusPost(el: HTMLElement) {
  // Script focus does not always match :focus-visible: the mark draws the ring until focus leaves.
  el.dataset.shortcutFocus = "";
  el.addEventListener("focusout", () => delete el.dataset.shortcutFocus, { once: true });
  el.focus({ preventScroll: true });
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
}

/** j / k: the next or previous post; from none, the first one in view (or the last above it). */
function movePost(step: 1 | -1) {
  const list = posts();
  if (list.length === 0) return;
  const current = currentPost();
  const index = current ? list.indexOf(current) : -1;
  let target: HTMLElement | undefined;
  if (index >= 0) target = list[index + step];
  else if (step === 1) target = list.find((p) => p.getBoundingClientRect().bottom > 80) ?? list[0];
  else target = [...list].reverse().find((p) => p.getBoundingClientRect().top < 0) ?? list[0];
  if (target) focusPost(target);
}

/** The post a "l" or "c" is for: the focused one, or the only one on the page (a post's page). */
function targetPost(): HTMLElement | null {
  const current = currentPost();
  if (current) return current;
  const list = posts();
  return list.length === 1 ? (list[0] ?? null) : null;
}

function like() {
  const post = targetPost();
  if (!post) return;
  const button = post.querySelector<HTMLElement>('[data-shortcut="like"]');
  if (button) {
    button.click();
    return;
  }
  // A visitor has no Like button: the same answer as a click on Like without an account. (Loaded
  // here: the posts module brings zod, which the landing page's first paint does without.)
  void import("../../../common/posts").then(({ POST_MESSAGES }) =>
    toast({ title: POST_MESSAGES.likeLogin, variant: "destructive" }),
  );
}

/** c: opens the post's comments if closed and puts the focus in its comment box (or its "Log in" link). */
function comment() {
  const post = targetPost();
  if (!post) return;
  const toggle = post.querySelector<HTMLElement>('[data-shortcut="comments"]');
  if (toggle?.getAttribute("aria-expanded") === "false") toggle.click();
  const id = post.dataset.postId;
  const started = Date.now();
  const tryFocus = () => {
    const box =
      (id ? document.getElementById(`comment-${id}`) : null) ??
      post.querySelector<HTMLElement>('section[aria-label="Comments"] a[href="/auth"]');
    if (box) {
      box.focus({ preventScroll: true });
      box.scrollIntoView({ block: "center" });
    } else if (Date.now() - started < 5000) requestAnimationFrame(tryFocus);
  };
  tryFocus();
}

/** "/": the page's own search field if it has one, else the header's search. */
function focusSearch() {
  const field = ["main", "header"]
    .flatMap((area) => [...document.querySelectorAll<HTMLInputElement>(`${area} input[type="search"]`)])
    .find(visible);
  if (field) {
    field.focus();
    field.select();
    return;
  }
  document.querySelector<HTMLElement>('[data-shortcut="search"]')?.click();
}

/**
 * The keyboard shortcuts (decision 0100), mounted once by the layout's overlays (a chunk loaded
 * after the page): one keydown listener; the help dialog's chunk only once "?" is pressed.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [help, setHelp] = useState<"never" | "open" | "closed">("never");

  useEffect(() => {
    const run = (action: ShortcutAction) => {
      switch (action) {
        case "help":
          setHelp("open");
          return;
        case "search":
          focusSearch();
          return;
        case "next-post":
          movePost(1);
          return;
        case "previous-post":
          movePost(-1);
          return;
        case "like":
          like();
          return;
        case "comment":
          comment();
          return;
        default:
          void navigateRef.current(GO_TO[action]);
      }
    };
    const handler = createKeyHandler({ run, blocked: dialogOpen });
    window.addEventListener("keydown", handler);
    // The listener rides in a chunk loaded after the page: the page says when keys work.
    document.documentElement.dataset.shortcuts = "on";
    return () => {
      window.removeEventListener("keydown", handler);
      delete document.documentElement.dataset.shortcuts;
    };
  }, []);

  if (help === "never") return null;
  return (
    <Suspense fallback={null}>
      <HelpDialog open={help === "open"} onOpenChange={(open) => setHelp(open ? "open" : "closed")} />
    </Suspense>
  );
}
