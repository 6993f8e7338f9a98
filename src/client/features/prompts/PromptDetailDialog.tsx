import { countOf } from "../../../common/plural";
import { ThumbsDown, ThumbsUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  type ModelVote,
  PROMPT_CATEGORY_LABELS,
  PROMPT_DIFFICULTY_LABELS,
  type PromptCategory,
  type PromptDetail,
  type PromptDifficulty,
  type PromptVoteModel,
  promptModelLabel,
} from "../../../common/prompts";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { Markdown } from "../../ui/markdown";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { ConfirmDeleteDialog } from "../forums/components";
import { ReportButton } from "../reports/ReportButton";
import { useDeletePrompt, useModelVote, usePrompt } from "./api";
import { EditedMark } from "../history";
import { SaveButton } from "../saved";
import { CopyPromptButton, LikePromptButton } from "./PromptActions";

/** "Worked on": per model, thumbs up or down from members, with counts. */
function ModelVotes({ prompt }: { prompt: PromptDetail }) {
  const { isAuthenticated } = useAuth();
  const vote = useModelVote(prompt.id);
  const cast = (v: ModelVote, choice: "up" | "down") =>
    vote.mutate(
      { model: v.model as PromptVoteModel, vote: v.myVote === choice ? null : choice },
      {
        onError: (err) =>
          toast({ title: errorMessage(err, "Could not record your vote"), variant: "destructive" }),
      },
    );

  return (
    <section aria-labelledby="worked-on-heading" className="rounded-lg border border-border p-4">
      <h3 id="worked-on-heading" className="font-semibold">
        Worked on
      </h3>
      <p className="mt-0.5 text-sm text-muted-foreground">
        {isAuthenticated
          ? "Tried it? Tell others which models it worked on."
          : "What members report after trying it on each model."}
      </p>
      <ul className="mt-3 divide-y divide-border">
        {prompt.modelVotes.map((v) => (
          <li
            key={v.model}
            className="flex items-center justify-between gap-3 py-2"
            data-testid={`model-vote-${v.model}`}
          >
            <span className="font-medium">{v.label}</span>
            {isAuthenticated ? (
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={v.myVote === "up"}
                  aria-label={`Worked on ${v.label}: ${v.up}`}
                  pending={vote.isPending}
                  onClick={() => cast(v, "up")}
                  className={cn(v.myVote === "up" && "bg-success/15 text-success")}
                >
                  <ThumbsUp className="h-4 w-4" aria-hidden="true" /> {v.up}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={v.myVote === "down"}
                  aria-label={`Did not work on ${v.label}: ${v.down}`}
                  pending={vote.isPending}
                  onClick={() => cast(v, "down")}
                  className={cn(v.myVote === "down" && "bg-destructive/15 text-destructive")}
                >
                  <ThumbsDown className="h-4 w-4" aria-hidden="true" /> {v.down}
                </Button>
              </div>
            ) : (
              <span className="flex gap-4 text-sm text-muted-foreground">
                <span>
                  <ThumbsUp className="mr-1 inline h-4 w-4" aria-hidden="true" />
                  {v.up}
                  <span className="sr-only"> worked</span>
                </span>
                <span>
                  <ThumbsDown className="mr-1 inline h-4 w-4" aria-hidden="true" />
                  {v.down}
                  <span className="sr-only"> did not work</span>
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {!isAuthenticated ? (
        <p className="mt-2 text-sm">
          <Link to="/auth" className="text-primary hover:underline">
            Sign in to vote
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Detail({ prompt, onClose }: { prompt: PromptDetail; onClose: () => void }) {
  const { isAuthenticated } = useAuth();
  const remove = useDeletePrompt();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{PROMPT_CATEGORY_LABELS[prompt.category as PromptCategory] ?? prompt.category}</Badge>
        <Badge tone="outline">
          {PROMPT_DIFFICULTY_LABELS[prompt.difficulty as PromptDifficulty] ?? prompt.difficulty}
        </Badge>
        <Badge tone="outline">{promptModelLabel(prompt.aiModel)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Shared by <span className="font-medium text-foreground">{prompt.author.username}</span>{" "}
        <time dateTime={prompt.createdAt} suppressHydrationWarning>
          {formatRelativeTime(prompt.createdAt)}
        </time>{" "}
        {prompt.editedAt ? (
          <>
            · <EditedMark kind="prompts" id={prompt.id} editedAt={prompt.editedAt} />{" "}
          </>
        ) : null}
        · {countOf(prompt.downloads, "copy", "copies")}
      </p>
      {/* Rendered as Markdown; Copy still copies exactly what the author wrote. */}
      <div className="max-h-80 overflow-auto rounded-lg bg-muted/50 p-4 text-sm" data-testid="prompt-content">
        <Markdown source={prompt.content} />
      </div>
      {prompt.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {prompt.tags.map((t) => (
            <li key={t}>
              <Badge tone="outline" className="wrap-anywhere">
                #{t}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <CopyPromptButton prompt={prompt} size="md" />
        <LikePromptButton prompt={prompt} size="md" />
        <SaveButton kind="prompts" id={prompt.id} size="md" variant="outline" />
        {prompt.canDelete ? (
          <Button variant="ghost" className="ml-auto text-destructive" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </Button>
        ) : null}
        {isAuthenticated && !prompt.isOwn ? (
          <ReportButton
            targetType="prompt"
            targetId={prompt.id}
            className={prompt.canDelete ? undefined : "ml-auto"}
          />
        ) : null}
      </div>
      <ModelVotes prompt={prompt} />
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this prompt?"
        description="The prompt is removed from the library with its likes and votes. This cannot be undone."
        onConfirm={async () => {
          try {
            await remove.mutateAsync(prompt.id);
            setConfirming(false);
            toast({ title: "Prompt deleted", variant: "success" });
            onClose();
          } catch (err) {
            toast({ title: errorMessage(err, "Failed to delete the prompt"), variant: "destructive" });
          }
        }}
      />
    </div>
  );
}

/** The prompt detail, opened from a card (`?prompt={id}`, so it can be linked to). */
export function PromptDetailDialog({ promptId, onClose }: { promptId: number; onClose: () => void }) {
  const query = usePrompt(promptId);
  const prompt = query.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={prompt?.title ?? (query.isError ? "Prompt not found" : "Loading prompt...")}
      description={prompt?.description || undefined}
      className="max-w-2xl"
    >
      {prompt ? (
        <Detail prompt={prompt} onClose={onClose} />
      ) : query.isError ? (
        <p className="text-muted-foreground">
          {errorMessage(query.error, "This prompt could not be loaded.")}
        </p>
      ) : (
        <Spinner label="Loading prompt..." />
      )}
    </Dialog>
  );
}
