import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { GenerationBadge } from "../../ui/generation-badge";
import { Page } from "../../ui/page";
import { useAuth } from "../auth/useAuth";

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <Page title="Profile">
        <p>
          Please log in to view your profile.{" "}
          <Link to="/auth" className="text-primary underline">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Your Profile">
      <Card className="p-6">
        <div className="flex flex-wrap items-start gap-5">
          <Avatar src={user.avatar} name={user.username} size={80} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-2xl font-bold">{user.username}</h2>
              <GenerationBadge generation={user.generation} />
            </div>
            <p className="mt-2 whitespace-pre-wrap text-muted-foreground">{user.bio || "No bio yet."}</p>
            <dl className="mt-3 flex gap-6 text-sm">
              <div>
                <dt className="text-muted-foreground">Followers</dt>
                <dd className="font-semibold tabular-nums">{user.followersCount}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Following</dt>
                <dd className="font-semibold tabular-nums">{user.followingCount}</dd>
              </div>
            </dl>
            {user.favoriteModels.length > 0 ? (
              <p className="mt-3 text-sm">
                <span className="text-muted-foreground">Favourite models: </span>
                {user.favoriteModels.join(", ")}
              </p>
            ) : null}
          </div>
          <Button variant="outline" asChild>
            <Link to="/profile/edit">
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
            </Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}
