import { OidcSecuritySection } from "../oidc";
import { Page } from "../../ui/page";

/**
 * "Sign-in and security" (issue 24): one section per way of signing in, each its own
 * `<section aria-labelledby>` with an `<h2>`, from its feature.
 */
export default function SecurityPage() {
  return (
    <Page title="Sign-in and security" className="max-w-3xl">
      <div className="flex flex-col gap-6">
        <OidcSecuritySection />
      </div>
    </Page>
  );
}
