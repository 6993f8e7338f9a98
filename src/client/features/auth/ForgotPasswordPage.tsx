import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ForgotPasswordPage() {
  return (
    <Page title="Forgot Password" lead="Reset your password by email">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
