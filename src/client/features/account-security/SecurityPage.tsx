import { Suspense } from "react";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { PasskeysSection } from "../passkeys";

/**
 * "Sign-in and security" (issue 24): one section per way of signing in or protecting the account,
 * each from its own feature.
 */
export default function SecurityPage() {
  return (
    <Page title="Sign-in and security" className="max-w-3xl">
      <Suspense fallback={<Spinner />}>
        <div className="flex flex-col gap-6">
          <PasskeysSection />
        </div>
      </Suspense>
    </Page>
  );
}
