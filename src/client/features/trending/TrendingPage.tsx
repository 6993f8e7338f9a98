import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function TrendingPage() {
  return (
    <Page title="Trending" lead="What the community talks about">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
