import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function SubscriptionPage() {
  return (
    <Page title="Subscription" lead="Plans and billing">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
