// The oidc feature's public entry: what other features use (the sign-in screen, the security page).
export { OidcButton } from "./OidcButton";
export { OidcSecuritySection } from "./OidcSecuritySection";
