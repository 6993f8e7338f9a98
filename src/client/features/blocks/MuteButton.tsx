import { Bell, BellOff } from "lucide-react";
import { MUTE_KIND_LABELS, type MuteKind, normaliseMuteTarget } from "../../../common/blocks";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { useBlocks, useMute } from "./api";

/**
 * "Mute thread", "Mute forum", "Mute #tag": a toggle (aria-pressed) that silences the thing's
 * notifications and takes it out of the member's feeds; its address still opens it.
 */
export default function MuteButton({
  kind,
  target,
  className,
}: {
  kind: Exclude<MuteKind, "member">;
  target: string;
  className?: string;
}) {
  const blocks = useBlocks();
  const mute = useMute();
  const key = normaliseMuteTarget(kind, target) ?? target;
  const isMuted = blocks.data?.muted.some((m) => m.kind === kind && m.target === key) ?? false;
  const what = kind === "hashtag" ? `#${target.replace(/^#/, "")}` : MUTE_KIND_LABELS[kind].toLowerCase();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-pressed={isMuted}
      disabled={blocks.isLoading}
      pending={mute.isPending}
      onClick={async () => {
        try {
          const result = await mute.mutateAsync({ kind, target: key, mute: !isMuted });
          toast({ title: result.muted ? `Muted ${what}` : `Unmuted ${what}` });
        } catch (err) {
          toast({
            title: "Something went wrong",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          });
        }
      }}
    >
      {isMuted ? (
        <Bell className="h-4 w-4" aria-hidden="true" />
      ) : (
        <BellOff className="h-4 w-4" aria-hidden="true" />
      )}
      {isMuted ? `Unmute ${what}` : `Mute ${what}`}
    </Button>
  );
}
