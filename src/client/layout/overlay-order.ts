/**
 * The overlay coordinator's rule (docs/decisions/0066-one-overlay-at-a-time.md): at most one of
 * the bottom overlays is on screen, so together they never bury a phone's first screen.
 * 1. The cookie banner, while the visitor has not chosen (it comes first and nothing covers it).
 * 2. The promo banner (pages other than the landing page, while the offer runs).
 * 3. The install card, once its own timers say so (SPEC §4: 2 s after load, 3 s after the
 *    browser's offer) AND the visitor has done something since the cookie choice (a click, a
 *    key, a scroll or a navigation): never on a first glance.
 */
export type OverlayId = "cookie" | "promo" | "install";

export interface OverlayCandidates {
  /** The cookie choice is still to be made. */
  cookiePending: boolean;
  /** The promo banner would show among the overlays. */
  promo: boolean;
  /** The install card's state machine wants it shown. */
  install: boolean;
  /** The visitor has clicked, typed, scrolled or navigated (since the cookie choice). */
  interacted: boolean;
}

export function activeOverlay({
  cookiePending,
  promo,
  install,
  interacted,
}: OverlayCandidates): OverlayId | null {
  if (cookiePending) return "cookie";
  if (promo) return "promo";
  if (install && interacted) return "install";
  return null;
}
