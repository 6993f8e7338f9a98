import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function AdminPage() {
  return (
    <Page title="Moderation Dashboard" lead="Admin tools">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
