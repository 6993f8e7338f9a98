import { CircleCheck, CirclePlus } from "lucide-react";
import { normaliseTopicTarget, type TopicKind } from "../../../common/topic-follows";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { useFollowTopic, useTopicFollows } from "./api";

/**
 * "Follow #tag" or "Follow <model>": a toggle (aria-pressed) that brings the hashtag's or the
 * model's posts into the feed's Following tab (decision 0104).
 */
export default function FollowTopicButton({
  kind,
  target,
  label,
  className,
  variant = "ghost",
}: {
  kind: TopicKind;
  target: string;
  /** What the button names: `#tag` or the model's name. */
  label: string;
  className?: string;
  variant?: "ghost" | "outline";
}) {
  const follows = useTopicFollows();
  const follow = useFollowTopic();
  const key = normaliseTopicTarget(kind, target);
  const isFollowing = follows.data?.topics.some((t) => t.kind === kind && t.target === key) ?? false;
  // Nothing to follow: a hashtag in the address that is not one (the feed says it is empty).
  if (key === null) return null;
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      aria-pressed={isFollowing}
      disabled={follows.isLoading}
      pending={follow.isPending}
      onClick={async () => {
        try {
          const result = await follow.mutateAsync({ kind, target: key, follow: !isFollowing });
          toast({ title: result.isFollowing ? `Following ${label}` : `Stopped following ${label}` });
        } catch (err) {
          toast({
            title: "Something went wrong",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          });
        }
      }}
    >
      {isFollowing ? (
        <CircleCheck className="h-4 w-4" aria-hidden="true" />
      ) : (
        <CirclePlus className="h-4 w-4" aria-hidden="true" />
      )}
      {isFollowing ? `Following ${label}` : `Follow ${label}`}
    </Button>
  );
}
