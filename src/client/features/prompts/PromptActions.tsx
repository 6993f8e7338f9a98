import { countOf } from "../../../common/plural";
import { Check, Copy, Heart } from "lucide-react";
import { useEffect, useState } from "react";
import type { Prompt } from "../../../common/prompts";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { useLikePrompt, useRecordDownload } from "./api";
import { copyText } from "./clipboard";

/** Copies the prompt's text, confirms it, and counts a download once per member (signed out: just copies). */
export function CopyPromptButton({ prompt, size = "sm" }: { prompt: Prompt; size?: "sm" | "md" }) {
  const { isAuthenticated } = useAuth();
  const record = useRecordDownload();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    if (!(await copyText(prompt.content))) {
      toast({
        title: "Could not copy",
        description: "Select the text and copy it by hand.",
        variant: "destructive",
      });
      return;
    }
    setCopied(true);
    toast({
      title: "Prompt copied!",
      description: `"${prompt.title}" is on your clipboard.`,
      variant: "success",
    });
    if (isAuthenticated && !prompt.downloaded) record.mutate(prompt.id);
  };

  return (
    <Button variant="outline" size={size} onClick={copy}>
      {copied ? (
        <Check className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Copy className="h-4 w-4" aria-hidden="true" />
      )}
      <span>
        {copied ? "Copied!" : "Copy"}
        <span className="sr-only"> prompt: {prompt.title}</span>
      </span>
    </Button>
  );
}

/** The like toggle for members; visitors see the count only (SPEC §6). */
export function LikePromptButton({ prompt, size = "sm" }: { prompt: Prompt; size?: "sm" | "md" }) {
  const { isAuthenticated } = useAuth();
  const like = useLikePrompt();
  const count = prompt.likes.toLocaleString();
  if (!isAuthenticated) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <Heart className="h-4 w-4" aria-hidden="true" />
        <span suppressHydrationWarning>
          {count}
          <span className="sr-only"> likes</span>
        </span>
      </span>
    );
  }
  return (
    <Button
      variant="ghost"
      size={size}
      aria-pressed={prompt.liked}
      aria-label={`${prompt.liked ? "Unlike" : "Like"} prompt: ${prompt.title} (${countOf(prompt.likes, "like")})`}
      pending={like.isPending}
      onClick={() =>
        like.mutate(prompt.id, {
          onError: (err) =>
            toast({
              title:
                err instanceof ApiError && err.status === 401
                  ? "Please log in to like prompts"
                  : errorMessage(err, "Failed to like the prompt"),
              variant: "destructive",
            }),
        })
      }
    >
      <Heart className={cn("h-4 w-4", prompt.liked && "fill-current text-destructive")} aria-hidden="true" />
      <span data-testid="prompt-likes">{count}</span>
    </Button>
  );
}
