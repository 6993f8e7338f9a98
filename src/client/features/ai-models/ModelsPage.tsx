import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ModelsPage() {
  return (
    <Page title="AI Models" lead="A directory of AI models">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
