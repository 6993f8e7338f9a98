import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function SavedPage() {
  return (
    <Page title="Saved" lead="Your bookmarks">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
