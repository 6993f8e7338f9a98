import { Pencil, Share2 } from "lucide-react";
import { useState } from "react";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { moderationBannerOf } from "../../api/errors";
import {
  normalizeTags,
  PROMPT_CATEGORIES,
  PROMPT_CATEGORY_LABELS,
  PROMPT_DIFFICULTIES,
  PROMPT_DIFFICULTY_LABELS,
  PROMPT_LIMITS,
  PROMPT_MESSAGES,
  PROMPT_MODELS,
  type Prompt,
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
import { ModerationBanner } from "../posts/ModerationBanner";
import { useSharePrompt, useUpdatePrompt } from "./api";

const EMPTY = {
  title: "",
  description: "",
  content: "",
  category: "writing" as PromptCategory,
  aiModel: "any" as PromptModel,
  difficulty: "beginner" as PromptDifficulty,
  tags: "",
};

/** The form's values of a stored prompt (edit). */
function valuesOf(prompt: Prompt): typeof EMPTY {
  return {
    title: prompt.title,
    description: prompt.description,
    content: prompt.content,
    category: prompt.category as PromptCategory,
    aiModel: prompt.aiModel as PromptModel,
    difficulty: prompt.difficulty as PromptDifficulty,
    tags: prompt.tags.join(", "),
  };
}

/**
 * "Share Prompt" (SPEC §2.8, §4, §5): title and content required; tags comma separated; resets and
 * closes on success. With `prompt` it is the author's "Edit Prompt": the same form, prefilled.
 */
export function SharePromptDialog({
  defaultCategory,
  prompt: editing,
}: {
  defaultCategory?: PromptCategory;
  prompt?: Prompt;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const create = useSharePrompt();
  const update = useUpdatePrompt();
  const share = editing ? update : create;
  const failed = editing ? PROMPT_MESSAGES.updateFailed : PROMPT_MESSAGES.shareFailed;
  const ids = editing ? `prompt-edit-${editing.id}` : "prompt";

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
    const input = {
      title: values.title.trim(),
      description: values.description.trim(),
      content: values.content.trim(),
      category: values.category,
      aiModel: values.aiModel,
      difficulty: values.difficulty,
      tags,
    };
    try {
      const prompt = editing
        ? await update.mutateAsync({ id: editing.id, ...input })
        : await create.mutateAsync(input);
      reset();
      setOpen(false);
      toast({
        title: editing ? "Prompt updated" : "Prompt shared!",
        description: prompt.title,
        variant: "success",
      });
    } catch (err) {
      const message = errorMessage(err, failed);
      const moderation = moderationBannerOf(err);
      setBanner(moderation);
      setError(moderation ? undefined : err instanceof ApiError && err.status === 400 ? message : failed);
      toast({ title: failed, variant: "destructive" });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && editing) setValues(valuesOf(editing));
        else if (next && defaultCategory) setValues((v) => ({ ...v, category: defaultCategory }));
        if (!next) reset();
      }}
      title={editing ? "Edit Prompt" : "Share Prompt"}
      description={
        editing
          ? "Change your prompt; everyone sees the new version."
          : "Share a prompt that works well for you with the community."
      }
      className="max-w-2xl"
      trigger={
        editing ? (
          <Button variant="ghost" size="sm">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            <span>
              Edit<span className="sr-only"> prompt: {editing.title}</span>
            </span>
          </Button>
        ) : (
          <Button>
            <Share2 className="h-4 w-4" aria-hidden="true" /> Share Prompt
          </Button>
        )
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-title`}>Title</Label>
          <Input
            id={`${ids}-title`}
            value={values.title}
            onChange={set("title")}
            maxLength={PROMPT_LIMITS.titleMax}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-description`}>Description</Label>
          <Input
            id={`${ids}-description`}
            value={values.description}
            onChange={set("description")}
            maxLength={PROMPT_LIMITS.descriptionMax}
            placeholder="What does it help with?"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-content`}>Prompt</Label>
          <Textarea
            id={`${ids}-content`}
            rows={8}
            value={values.content}
            onChange={set("content")}
            aria-describedby={`${ids}-content-help`}
            className="font-mono"
          />
          <p id={`${ids}-content-help`} className="text-xs text-muted-foreground">
            Put the parts people should replace in square brackets, e.g. [TOPIC].
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-category`}>Category</Label>
            <select
              id={`${ids}-category`}
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
            <Label htmlFor={`${ids}-model`}>AI model</Label>
            <select
              id={`${ids}-model`}
              className={selectClass}
              value={values.aiModel}
              onChange={set("aiModel")}
            >
              {(editing && !(PROMPT_MODELS as readonly string[]).includes(editing.aiModel)
                ? [...PROMPT_MODELS, editing.aiModel as PromptModel]
                : PROMPT_MODELS
              ).map((m) => (
                <option key={m} value={m}>
                  {promptModelLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-difficulty`}>Difficulty</Label>
            <select
              id={`${ids}-difficulty`}
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
          <Label htmlFor={`${ids}-tags`}>Tags</Label>
          <Input
            id={`${ids}-tags`}
            value={values.tags}
            onChange={set("tags")}
            placeholder="email, outreach, networking"
            aria-describedby={`${ids}-tags-help`}
          />
          <p id={`${ids}-tags-help`} className="text-xs text-muted-foreground">
            Separate tags with commas (up to {PROMPT_LIMITS.tagsMax}).
          </p>
        </div>
        <ModerationBanner banner={banner} />
        <FieldError id={`${ids}-form-error`} message={error} />
        <div className="flex justify-end">
          <Button type="submit" pending={share.isPending}>
            {editing
              ? share.isPending
                ? "Saving..."
                : "Save Changes"
              : share.isPending
                ? "Sharing..."
                : "Share Prompt"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
