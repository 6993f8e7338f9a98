import { Share2 } from "lucide-react";
import { useState } from "react";
import { type ModerationBanner as Banner, moderationBannerFor } from "../../../common/moderation";
import {
  normalizeTags,
  PROMPT_CATEGORIES,
  PROMPT_CATEGORY_LABELS,
  PROMPT_DIFFICULTIES,
  PROMPT_DIFFICULTY_LABELS,
  PROMPT_LIMITS,
  PROMPT_MESSAGES,
  PROMPT_MODELS,
  type PromptCategory,
  type PromptDifficulty,
  type PromptModel,
  promptModelLabel,
} from "../../../common/prompts";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FieldError, Input, Label, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { selectClass } from "../forums/components";
import { ModerationBanner } from "../home/ModerationBanner";
import { useSharePrompt } from "./api";

const EMPTY = {
  title: "",
  description: "",
  content: "",
  category: "writing" as PromptCategory,
  aiModel: "any" as PromptModel,
  difficulty: "beginner" as PromptDifficulty,
  tags: "",
};

/** "Share Prompt" (SPEC §2.8, §4, §5): title and content required; tags comma separated; resets and closes on success. */
export function SharePromptDialog({ defaultCategory }: { defaultCategory?: PromptCategory }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const share = useSharePrompt();

  const reset = () => {
    setValues(EMPTY);
    setError(undefined);
    setBanner(null);
  };

  const set =
    (field: keyof typeof EMPTY) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setError(undefined);
      setBanner(null);
    };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!values.title.trim() || !values.content.trim()) {
      setError(PROMPT_MESSAGES.fillTitleContent);
      return;
    }
    const tags = normalizeTags(values.tags);
    if (tags.length > PROMPT_LIMITS.tagsMax) {
      setError(`Too many tags: at most ${PROMPT_LIMITS.tagsMax}`);
      return;
    }
    try {
      const prompt = await share.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
        content: values.content.trim(),
        category: values.category,
        aiModel: values.aiModel,
        difficulty: values.difficulty,
        tags,
      });
      reset();
      setOpen(false);
      toast({ title: "Prompt shared!", description: prompt.title, variant: "success" });
    } catch (err) {
      const message = errorMessage(err, PROMPT_MESSAGES.shareFailed);
      const moderation = moderationBannerFor(message);
      setBanner(moderation);
      setError(
        moderation
          ? undefined
          : err instanceof ApiError && err.status === 400
            ? message
            : PROMPT_MESSAGES.shareFailed,
      );
      toast({ title: PROMPT_MESSAGES.shareFailed, variant: "destructive" });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && defaultCategory) setValues((v) => ({ ...v, category: defaultCategory }));
        if (!next) reset();
      }}
      title="Share Prompt"
      description="Share a prompt that works well for you with the community."
      className="max-w-2xl"
      trigger={
        <Button>
          <Share2 className="h-4 w-4" aria-hidden="true" /> Share Prompt
        </Button>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="prompt-title">Title</Label>
          <Input
            id="prompt-title"
            value={values.title}
            onChange={set("title")}
            maxLength={PROMPT_LIMITS.titleMax}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="prompt-description">Description</Label>
          <Input
            id="prompt-description"
            value={values.description}
            onChange={set("description")}
            maxLength={PROMPT_LIMITS.descriptionMax}
            placeholder="What does it help with?"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="prompt-content">Prompt</Label>
          <Textarea
            id="prompt-content"
            rows={8}
            value={values.content}
            onChange={set("content")}
            aria-describedby="prompt-content-help"
            className="font-mono"
          />
          <p id="prompt-content-help" className="text-xs text-muted-foreground">
            Put the parts people should replace in square brackets, e.g. [TOPIC].
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor="prompt-category">Category</Label>
            <select
              id="prompt-category"
              className={selectClass}
              value={values.category}
              onChange={set("category")}
            >
              {PROMPT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {PROMPT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="prompt-model">AI model</Label>
            <select
              id="prompt-model"
              className={selectClass}
              value={values.aiModel}
              onChange={set("aiModel")}
            >
              {PROMPT_MODELS.map((m) => (
                <option key={m} value={m}>
                  {promptModelLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="prompt-difficulty">Difficulty</Label>
            <select
              id="prompt-difficulty"
              className={selectClass}
              value={values.difficulty}
              onChange={set("difficulty")}
            >
              {PROMPT_DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {PROMPT_DIFFICULTY_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="prompt-tags">Tags</Label>
          <Input
            id="prompt-tags"
            value={values.tags}
            onChange={set("tags")}
            placeholder="email, outreach, networking"
            aria-describedby="prompt-tags-help"
          />
          <p id="prompt-tags-help" className="text-xs text-muted-foreground">
            Separate tags with commas (up to {PROMPT_LIMITS.tagsMax}).
          </p>
        </div>
        <ModerationBanner banner={banner} />
        <FieldError id="prompt-form-error" message={error} />
        <div className="flex justify-end">
          <Button type="submit" pending={share.isPending}>
            {share.isPending ? "Sharing..." : "Share Prompt"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
