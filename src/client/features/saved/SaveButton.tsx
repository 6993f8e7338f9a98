import { Bookmark } from "lucide-react";
import type { SavedKind } from "../../../common/saved";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth";
import { useIsSaved, useToggleSaved } from "./api";

const NOUN: Record<SavedKind, string> = { posts: "post", threads: "thread", prompts: "prompt" };

/**
 * The Save/Saved toggle (aria-pressed) of a post, thread or prompt, for members only (decision
 * 0099). `label` names the item for screen readers.
 */
export function SaveButton({
  kind,
  id,
  label,
  size = "sm",
  variant = "ghost",
  className,
}: {
  kind: SavedKind;
  id: number;
  label?: string;
  size?: "sm" | "md";
  variant?: "ghost" | "outline";
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const state = useIsSaved(kind, id, isAuthenticated);
  const toggle = useToggleSaved(kind, id);
  if (!isAuthenticated) return null;
  const saved = state.data === true;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-pressed={saved}
      // Inactive until the saved state is known; never `disabled`, which would drop the focus.
      aria-disabled={state.isPending || undefined}
      pending={toggle.isPending}
      onClick={() =>
        toggle.mutate(!saved, {
          onSuccess: (r) =>
            toast({ title: r.saved ? `Saved the ${NOUN[kind]}` : `Removed the ${NOUN[kind]} from Saved` }),
          onError: (err) =>
            toast({
              title: "Could not update Saved",
              description: errorMessage(err, "Please try again."),
              variant: "destructive",
            }),
        })
      }
    >
      <Bookmark className={cn("h-4 w-4", saved && "fill-current")} aria-hidden="true" />
      <span>
        {saved ? "Saved" : "Save"}
        {label ? (
          <span className="sr-only">
            {" "}
            {NOUN[kind]}: {label}
          </span>
        ) : null}
      </span>
    </Button>
  );
}
