import { useEffect, useRef, useState } from "react";

/**
 * Puts focus back on a control once it is rendered again: an inline editor or reply box that
 * replaced part of the page closes, and its buttons go with it (focus must not fall to the page's
 * body). Give `ref` to the control that opened it, call `restore()` when it closes.
 */
export function useFocusReturn<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (pending) {
      ref.current?.focus();
      setPending(false);
    }
  }, [pending]);
  return { ref, restore: () => setPending(true) };
}
