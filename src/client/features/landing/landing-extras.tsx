/** Landing additions from other features (promo banner, install button). */
export function LandingExtras() {
  return null;
}
