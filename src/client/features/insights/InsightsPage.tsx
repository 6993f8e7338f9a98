import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function InsightsPage() {
  return (
    <Page title="Generational Insights" lead="How each generation uses AI">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
