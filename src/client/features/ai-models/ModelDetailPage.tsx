import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ModelDetailPage() {
  return (
    <Page title="AI Model" lead="Model details">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
