import { Link } from "react-router";
import { type BlockedMember, MUTE_KIND_LABELS, type Mute } from "../../../common/blocks";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { keepFocusNear } from "../../ui/keep-focus";
import { useBlockMember, useBlocks, useMute } from "./api";

const failed = (err: unknown) =>
  toast({
    title: "Something went wrong",
    description: errorMessage(err, "Please try again."),
    variant: "destructive",
  });

function BlockedRow({ member }: { member: BlockedMember }) {
  const unblock = useBlockMember(member.id);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={member.avatar} name={member.username} size={36} />
      <Link to={`/profile/${member.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
        {member.username}
      </Link>
      <Button
        variant="outline"
        size="sm"
        pending={unblock.isPending}
        aria-label={`Unblock ${member.username}`}
        onClick={async (event) => {
          keepFocusNear(event.currentTarget);
          try {
            toast({ title: (await unblock.mutateAsync(false)).message });
          } catch (err) {
            failed(err);
          }
        }}
      >
        Unblock
      </Button>
    </li>
  );
}

function MuteRow({ mute }: { mute: Mute }) {
  const unmute = useMute();
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="w-20 shrink-0 text-sm text-muted-foreground">{MUTE_KIND_LABELS[mute.kind]}</span>
      <Link to={mute.url} className="min-w-0 flex-1 truncate font-medium hover:underline">
        {mute.label}
      </Link>
      <Button
        variant="outline"
        size="sm"
        pending={unmute.isPending}
        aria-label={`Unmute ${mute.label}`}
        onClick={async (event) => {
          keepFocusNear(event.currentTarget);
          try {
            await unmute.mutateAsync({ kind: mute.kind, target: mute.target, mute: false });
            toast({ title: `Unmuted ${mute.label}` });
          } catch (err) {
            failed(err);
          }
        }}
      >
        Unmute
      </Button>
    </li>
  );
}

/** Settings: blocked members and muted members, threads, forums and hashtags, each with undo. */
export default function BlockedSettingsPage() {
  const blocks = useBlocks();
  return (
    <Page
      title="Blocked and muted"
      lead="Blocked members and you don't see each other's posts and can't follow or reply to each other. Muted things send you no notifications and stay out of your feed."
    >
      {blocks.isLoading ? (
        <Spinner label="Loading..." />
      ) : blocks.isError || !blocks.data ? (
        <EmptyState
          title="Could not load your settings"
          action={
            <Button variant="outline" onClick={() => blocks.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="blocked-heading">
            <Card className="p-6">
              <h2 id="blocked-heading" className="text-xl font-semibold">
                Blocked members
              </h2>
              {blocks.data.blocked.length === 0 ? (
                <p className="mt-3 text-sm text-muted-foreground">
                  You have not blocked anyone. Block a member from the menu on their profile or posts.
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-border" aria-label="Blocked members">
                  {blocks.data.blocked.map((m) => (
                    <BlockedRow key={m.id} member={m} />
                  ))}
                </ul>
              )}
            </Card>
          </section>
          <section aria-labelledby="muted-heading">
            <Card className="p-6">
              <h2 id="muted-heading" className="text-xl font-semibold">
                Muted
              </h2>
              {blocks.data.muted.length === 0 ? (
                <p className="mt-3 text-sm text-muted-foreground">
                  Nothing muted. Mute a member, a thread, a forum or a hashtag from its page.
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-border" aria-label="Muted">
                  {blocks.data.muted.map((m) => (
                    <MuteRow key={`${m.kind}:${m.target}`} mute={m} />
                  ))}
                </ul>
              )}
            </Card>
          </section>
        </div>
      )}
    </Page>
  );
}
