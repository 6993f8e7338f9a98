import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function AnalyticsPage() {
  return (
    <Page title="Analytics" lead="Your activity">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
