import { EmptyState } from "../../ui/empty-state";

/**
 * Preview of the 3 most recent community posts (SPEC §2.3). Shows the empty state until the
 * feed feature provides posts.
 */
export function RecentPostsPreview() {
  return <EmptyState className="mt-4" title="No posts yet" description="Be the first to share an experience with an AI model." />;
}
