import { Link, useParams } from "react-router";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth/useAuth";
import { MemberMenu } from "../blocks";
import { ReportButton } from "../reports/ReportButton";
import { FollowButton, MemberPosts, ProfileHeader, ProfileStatsGrid, RecentActivity } from "./components";
import { useUser } from "./useProfile";

/** Another member's profile (SPEC §2.9): their posts and a follow button. */
export default function UserProfilePage() {
  const { id } = useParams();
  const { user: me } = useAuth();
  const valid = id !== undefined && /^[1-9]\d{0,9}$/.test(id);
  const user = useUser(valid ? id : undefined);
  if (valid && user.isLoading) return <Spinner />;
  if (!valid || !user.data) {
    return (
      <Page title="Member not found">
        <EmptyState
          title="Member not found"
          description="This member does not exist or has deleted their account."
        />
      </Page>
    );
  }
  const u = user.data;
  const isOwn = me?.id === u.id;
  return (
    <Page title={u.username}>
      <ProfileHeader
        user={u}
        actions={
          isOwn ? (
            <Button variant="outline" asChild>
              <Link to="/profile">Go to your profile</Link>
            </Button>
          ) : me ? (
            <>
              <FollowButton userId={u.id} />
              <ReportButton targetType="user" targetId={u.id} />
              <MemberMenu userId={u.id} username={u.username} />
            </>
          ) : null
        }
      />
      <ProfileStatsGrid userId={u.id} />
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MemberPosts userId={u.id} emptyText={`${u.username} has not posted yet.`} />
        <RecentActivity userId={u.id} />
      </div>
    </Page>
  );
}
