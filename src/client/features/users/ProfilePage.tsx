import { Ban, Pencil } from "lucide-react";
import { Link } from "react-router";
import { SOCIAL_MESSAGES } from "../../../common/social";
import { Button } from "../../ui/button";
import { Page } from "../../ui/page";
import { useAuth } from "../auth/useAuth";
import { MemberPosts, ProfileHeader, ProfileStatsGrid, RecentActivity } from "./components";
import { SettingsDialog } from "./SettingsDialog";

/** The member's own profile (SPEC §2.9) with real stats, activity and working settings. */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <Page title="Profile">
        <p>
          {SOCIAL_MESSAGES.profileLogin}.{" "}
          <Link to="/auth" className="text-primary underline">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Your Profile">
      <ProfileHeader
        user={user}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/profile/edit">
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
              </Link>
            </Button>
            <SettingsDialog />
            <Button variant="outline" asChild>
              <Link to="/settings/blocked">
                <Ban className="h-4 w-4" aria-hidden="true" /> Blocked and muted
              </Link>
            </Button>
          </>
        }
      />
      <ProfileStatsGrid userId={user.id} />
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MemberPosts userId={user.id} emptyText="Share your first experience on the home feed." />
        <RecentActivity userId={user.id} />
      </div>
    </Page>
  );
}
