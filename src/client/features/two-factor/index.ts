/** What other client features may use of this one. */
export { TwoFactorSection } from "./TwoFactorSection";
