import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ResetPasswordPage() {
  return (
    <Page title="Reset Password" lead="Choose a new password">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
