/** What other features may use of this one (src/architecture.test.ts). */
export { describeUserAgent } from "./browser";
export { completeSignIn, rememberBrowser, type SignedInMember } from "./service";
