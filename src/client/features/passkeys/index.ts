/** What other client features may use of passkeys (src/architecture.test.ts). */
export { PasskeySignInButton } from "./PasskeySignInButton";
export { PasskeysSection } from "./PasskeysSection";
