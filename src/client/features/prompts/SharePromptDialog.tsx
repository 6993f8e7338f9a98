import { Pencil, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ModerationBanner as Banner } from "../../../common/moderation";
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
  type PromptCreateData,
  type PromptDifficulty,
  type PromptModel,
  promptModelLabel,
} from "../../../common/prompts";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { FormField, sharedFieldErrors } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
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
type FormValues = typeof EMPTY;
const resolver = lazyZodResolver(() => import("../../../common/prompts").then((m) => m.promptCreateSchema));
const SERVER_FIELDS = [
  "title",
  "description",
  "content",
  "category",
  "aiModel",
  "difficulty",
  "tags",
] as const;

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
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const create = useSharePrompt();
  const update = useUpdatePrompt();
  const share = editing ? update : create;
  const failed = editing ? PROMPT_MESSAGES.updateFailed : PROMPT_MESSAGES.shareFailed;
  const ids = editing ? `prompt-edit-${editing.id}` : "prompt";
  const form = useForm<FormValues, unknown, PromptCreateData>({
    // The server's schema: title and content required, tags split, trimmed and counted.
    resolver: resolver as never,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const shared = sharedFieldErrors(errors, [
    { name: "title", id: `${ids}-title` },
    { name: "content", id: `${ids}-content` },
  ]);

  // Editing any field clears the server's refusal.
  useEffect(() => {
    const sub = form.watch(() => {
      setError(undefined);
      setBanner(null);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const reset = (values: FormValues = EMPTY) => {
    form.reset(values);
    setError(undefined);
    setBanner(null);
  };

  const submit = form.handleSubmit(async (values) => {
    const tags = normalizeTags(values.tags);
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
      // A validation 400 names its fields: their messages go under the fields themselves.
      const onFields = !moderation && applyServerErrors(form.setError, err, SERVER_FIELDS);
      setError(
        moderation || onFields ? undefined : err instanceof ApiError && err.status === 400 ? message : failed,
      );
      toast({ title: failed, variant: "destructive" });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && editing) reset(valuesOf(editing));
        else if (next && defaultCategory) reset({ ...EMPTY, category: defaultCategory });
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
        <FormField id={`${ids}-title`} label="Title" required {...shared.title}>
          {(control) => <Input {...control} maxLength={PROMPT_LIMITS.titleMax} {...form.register("title")} />}
        </FormField>
        <FormField id={`${ids}-description`} label="Description" error={errors.description?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={PROMPT_LIMITS.descriptionMax}
              placeholder="What does it help with?"
              {...form.register("description")}
            />
          )}
        </FormField>
        <FormField
          id={`${ids}-content`}
          label="Prompt"
          hint="Put the parts people should replace in square brackets, e.g. [TOPIC]."
          required
          {...shared.content}
        >
          {(control) => (
            <MarkdownEditor value={form.watch("content")}>
              <Textarea {...control} rows={8} className="font-mono" {...form.register("content")} />
            </MarkdownEditor>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${ids}-category`} label="Category" error={errors.category?.message}>
            {(control) => (
              <select {...control} className={selectClass} {...form.register("category")}>
                {PROMPT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {PROMPT_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${ids}-model`} label="AI model" error={errors.aiModel?.message}>
            {(control) => (
              <select {...control} className={selectClass} {...form.register("aiModel")}>
                {(editing && !(PROMPT_MODELS as readonly string[]).includes(editing.aiModel)
                  ? [...PROMPT_MODELS, editing.aiModel as PromptModel]
                  : PROMPT_MODELS
                ).map((m) => (
                  <option key={m} value={m}>
                    {promptModelLabel(m)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${ids}-difficulty`} label="Difficulty" error={errors.difficulty?.message}>
            {(control) => (
              <select {...control} className={selectClass} {...form.register("difficulty")}>
                {PROMPT_DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {PROMPT_DIFFICULTY_LABELS[d]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField
          id={`${ids}-tags`}
          label="Tags"
          hint={`Separate tags with commas (up to ${PROMPT_LIMITS.tagsMax}).`}
          error={errors.tags?.message}
        >
          {(control) => (
            <Input {...control} placeholder="email, outreach, networking" {...form.register("tags")} />
          )}
        </FormField>
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
