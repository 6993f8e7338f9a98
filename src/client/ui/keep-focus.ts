const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether keyboard focus has fallen to the page's body (or to an element no longer on the page). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** The page's main region (focusable: tabindex -1), where focus goes when its place is gone. */
export const mainRegion = (): HTMLElement | null => document.getElementById("main-content");

const focusables = (root: Element) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

/**
 * Keeps keyboard focus near a control whose action takes it off the page: a list row's Unblock,
 * Unmute, Remove or "Mark as read". Call it with the control when it is used; once the control is
 * gone (and nothing else took the focus), focus goes to the same control of the row that took the
 * row's place, else of the row before, else to the row itself if only the control went, else to
 * the main region. Without it, focus falls to the page's body and a keyboard user starts over.
 */
export function keepFocusNear(control: HTMLElement, timeoutMs = 10_000): void {
  const item = control.closest("li");
  const list = item?.parentElement ?? null;
  const index = item && list ? Array.prototype.indexOf.call(list.children, item) : -1;
  const position = item ? focusables(item).indexOf(control) : -1;

  const pick = (): HTMLElement | null => {
    const inRow = (row: Element | null | undefined) => {
      if (!row) return null;
      const found = focusables(row);
      return found[Math.max(0, Math.min(position, found.length - 1))] ?? null;
    };
    if (item?.isConnected) return inRow(item);
    if (list?.isConnected) {
      const target = inRow(list.children[index]) ?? inRow(list.children[index - 1]);
      if (target) return target;
    }
    return mainRegion();
  };

  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    // The member moved on (or a dialog took the focus): leave it where it is.
    if (!focusIsLost()) return;
    pick()?.focus();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}
