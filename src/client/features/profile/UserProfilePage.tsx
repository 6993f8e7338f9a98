import { useParams } from "react-router";
import { Avatar } from "../../ui/avatar";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { GenerationBadge } from "../../ui/generation-badge";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useUser } from "./useProfile";

export default function UserProfilePage() {
  const { id } = useParams();
  const user = useUser(id);
  if (user.isLoading) return <Spinner />;
  if (!user.data) {
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
  return (
    <Page title={u.username}>
      <Card className="p-6">
        <div className="flex flex-wrap items-start gap-5">
          <Avatar src={u.avatar} name={u.username} size={80} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-2xl font-bold">{u.username}</h2>
              <GenerationBadge generation={u.generation} />
            </div>
            <p className="mt-2 whitespace-pre-wrap text-muted-foreground">{u.bio || "No bio yet."}</p>
            <dl className="mt-3 flex gap-6 text-sm">
              <div>
                <dt className="text-muted-foreground">Followers</dt>
                <dd className="font-semibold tabular-nums">{u.followersCount}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Following</dt>
                <dd className="font-semibold tabular-nums">{u.followingCount}</dd>
              </div>
            </dl>
          </div>
        </div>
      </Card>
    </Page>
  );
}
