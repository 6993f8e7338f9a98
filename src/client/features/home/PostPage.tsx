import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";

export default function PostPage() {
  return (
    <Page title="Post" lead="A shared post">
      <EmptyState title="Nothing here yet" description="This section is being built." />
    </Page>
  );
}
