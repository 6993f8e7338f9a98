/**
 * Overlays shown on every page (cookie consent, promo banner, install card, update bar).
 * Each is added by its feature.
 */
export function Overlays() {
  return null;
}
