import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function ForumPage() {
  return (
    <Page title="Forum" lead="Threads and replies">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
