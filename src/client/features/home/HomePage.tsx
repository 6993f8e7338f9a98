import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function HomePage() {
  return (
    <Page title="Home" lead="Experiences and ratings from the community">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
