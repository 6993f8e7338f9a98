// The consent feature's public entry: what other features use.
export { useConsent } from "./useConsent";
