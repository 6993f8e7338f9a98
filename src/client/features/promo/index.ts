// The promo feature's public entry: what other features and the layout use.
export { LandingPromo } from "./LandingPromo";
export { useOverlayPromoWanted } from "./usePromo";
