import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ForumsPage() {
  return (
    <Page title="AI Model Forums" lead="Discussions by model and topic">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
