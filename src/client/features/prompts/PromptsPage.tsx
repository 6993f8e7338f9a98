import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function PromptsPage() {
  return (
    <Page title="AI Prompt Library" lead="Prompts shared by the community">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
