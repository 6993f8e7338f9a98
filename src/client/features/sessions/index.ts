/** What other client features may use of this one. */
export { SessionsSection } from "./SessionsSection";
