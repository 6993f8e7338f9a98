import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ComparePage() {
  return (
    <Page title="Compare AI Models" lead="Side by side">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
