import { Ban, BellOff, Bell, MoreHorizontal, Undo2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { toast } from "../../ui/toast";
import { useBlockMember, useBlocks, useMute } from "./api";

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:opacity-50";

/**
 * "More actions" for a member (a profile, a post's author): Block or Unblock, Mute or Unmute.
 * Blocking asks first; the blocked member is never told (decision 0092).
 */
export default function MemberMenu({
  userId,
  username,
  className,
}: {
  userId: number;
  username: string;
  className?: string;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const blocks = useBlocks();
  const block = useBlockMember(userId);
  const mute = useMute();
  // After the dialog closes, the lists refetch and re-render: if focus fell to the page, it goes
  // back to the menu's button (keyboard focus is never lost).
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) {
      wasConfirming.current = true;
      return;
    }
    if (!wasConfirming.current) return;
    wasConfirming.current = false;
    // The refetch may land (and redraw the page) a while after the dialog closed: look again then.
    const timers = [100, 400, 1000, 2000].map((ms) =>
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
      }, ms),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [confirming]);
  const isBlocked = blocks.data?.blocked.some((b) => b.id === userId) ?? false;
  const isMuted = blocks.data?.muted.some((m) => m.kind === "member" && m.target === String(userId)) ?? false;

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      const result = await action();
      toast({ title: result.message });
    } catch (err) {
      toast({
        title: "Something went wrong",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    }
  };

  return (
    <>
      {/* Not modal: the page stays as it is for assistive technology (no aria-hidden over focusable content). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            className={cn("h-8 w-8", className)}
            aria-label={`More actions for ${username}`}
          >
            <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-48 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
          >
            {isBlocked ? (
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => void run(() => block.mutateAsync(false))}
              >
                <Undo2 className="h-4 w-4" aria-hidden="true" /> Unblock {username}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={itemClass} onSelect={() => setConfirming(true)}>
                <Ban className="h-4 w-4" aria-hidden="true" /> Block {username}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                void run(() => mute.mutateAsync({ kind: "member", target: String(userId), mute: !isMuted }))
              }
            >
              {isMuted ? (
                <>
                  <Bell className="h-4 w-4" aria-hidden="true" /> Unmute {username}
                </>
              ) : (
                <>
                  <BellOff className="h-4 w-4" aria-hidden="true" /> Mute {username}
                </>
              )}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        // The menu item that opened it is gone: focus returns to the menu's button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        title={`Block ${username}?`}
        description="You won't see each other's posts, comments, threads or prompts in your feeds, search or notifications, and neither of you can follow or reply to the other. They won't be told."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            pending={block.isPending}
            onClick={async () => {
              await run(() => block.mutateAsync(true));
              setConfirming(false);
            }}
          >
            {block.isPending ? "Blocking..." : "Block"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
