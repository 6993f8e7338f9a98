import { Suspense } from "react";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { OidcSecuritySection } from "../oidc";
import { PasskeysSection } from "../passkeys";
import { SessionsSection } from "../sessions";
import { TwoFactorSection } from "../two-factor";

/**
 * Sign-in and security (issue 24): one page, one section per way of signing in or protecting the
 * account, each its own feature's component.
 */
export default function SecurityPage() {
  return (
    <Page
      title="Sign-in and security"
      lead="How you sign in, and where you're signed in."
      className="max-w-3xl"
    >
      <Suspense fallback={<Spinner />}>
        <div className="flex flex-col gap-6">
          <TwoFactorSection />
          <PasskeysSection />
          <OidcSecuritySection />
          <SessionsSection />
        </div>
      </Suspense>
    </Page>
  );
}
