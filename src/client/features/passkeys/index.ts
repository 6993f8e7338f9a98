import { lazy } from "react";

/** What other client features may use of passkeys (src/architecture.test.ts). */
export { PasskeySignInButton } from "./PasskeySignInButton";

/** The security page's section, in its own chunk: its forms and dialogs stay out of the sign-in screen. */
export const PasskeysSection = lazy(() =>
  import("./PasskeysSection").then((m) => ({ default: m.PasskeysSection })),
);
