import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ExplorePage() {
  return (
    <Page title="Explore" lead="Discover models, forums, prompts and members">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
