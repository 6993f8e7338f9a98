import { SessionsSection } from "../sessions";
import { TwoFactorSection } from "../two-factor";
import { Page } from "../../ui/page";

/**
 * Sign-in and security (issue 24): one page, one section per way of protecting the account,
 * each its own feature's component.
 */
export default function SecurityPage() {
  return (
    <Page
      title="Sign-in and security"
      lead="How you sign in, and where you're signed in."
      className="max-w-3xl"
    >
      <div className="flex flex-col gap-6">
        <TwoFactorSection />
        <SessionsSection />
      </div>
    </Page>
  );
}
