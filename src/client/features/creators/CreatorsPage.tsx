import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function CreatorsPage() {
  return (
    <Page title="Creators" lead="Members to follow">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
