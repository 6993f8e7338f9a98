import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  FORUM_MODELS,
  type ForumCreateData,
  type ForumCreateInput,
  forumModelLabel,
} from "../../../common/forums";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { describedBy, FormField, sharedFieldErrors } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { ModerationBanner } from "../posts/ModerationBanner";
import { useCreateForum } from "./api";
import { selectClass } from "./components";

const EMPTY: ForumCreateInput = { name: "", description: "", aiModel: "" };
const FIELDS = [
  { name: "name", id: "forum-name" },
  { name: "description", id: "forum-description" },
  { name: "aiModel", id: "forum-model" },
] as const;
const SERVER_FIELDS = FIELDS.map((f) => f.name);
const resolver = lazyZodResolver(() => import("../../../common/forums").then((m) => m.forumCreateSchema));

/** "Create Forum" (SPEC §2.7, §4, §5): all three fields required; resets and closes on success. */
export function CreateForumDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const create = useCreateForum();
  const navigate = useNavigate();
  const form = useForm<ForumCreateInput, unknown, ForumCreateData>({
    resolver,
    defaultValues: EMPTY,
  });
  const fieldErrors = sharedFieldErrors(form.formState.errors, FIELDS);

  // Editing any field clears the server's refusal.
  useEffect(() => {
    const sub = form.watch(() => {
      setError(undefined);
      setBanner(null);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const reset = () => {
    form.reset(EMPTY);
    setError(undefined);
    setBanner(null);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const forum = await create.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim(),
        aiModel: values.aiModel,
      });
      reset();
      setOpen(false);
      toast({ title: "Forum created", description: forum.name, variant: "success" });
      navigate(`/forums/${forum.id}`);
    } catch (err) {
      const message = errorMessage(err, FORUM_MESSAGES.createFailed);
      const moderation = moderationBannerOf(err);
      setBanner(moderation);
      // A validation 400 names its fields: their messages go under the fields themselves.
      const onFields = !moderation && applyServerErrors(form.setError, err, SERVER_FIELDS);
      // A duplicate name or a validation message says what to fix; anything else is the spec's text.
      setError(
        moderation || onFields
          ? undefined
          : err instanceof ApiError && (err.status === 409 || err.status === 400)
            ? message
            : FORUM_MESSAGES.createFailed,
      );
      toast({ title: FORUM_MESSAGES.createFailed, variant: "destructive" });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Create Forum"
      description="Start a community space for a model or a topic."
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" /> Create Forum
        </Button>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField id="forum-name" label="Forum name" required {...fieldErrors.name}>
          {(control) => (
            <Input
              {...control}
              {...form.register("name")}
              maxLength={FORUM_LIMITS.nameMax}
              placeholder="e.g. Claude for Researchers"
              aria-describedby={describedBy(control, error ? "forum-form-error" : undefined)}
            />
          )}
        </FormField>
        <FormField id="forum-description" label="Description" required {...fieldErrors.description}>
          {(control) => (
            <Textarea
              {...control}
              {...form.register("description")}
              maxLength={FORUM_LIMITS.descriptionMax}
              rows={3}
              placeholder="What will people discuss here?"
            />
          )}
        </FormField>
        <FormField id="forum-model" label="AI model" required {...fieldErrors.aiModel}>
          {(control) => (
            <select {...control} {...form.register("aiModel")} className={selectClass}>
              <option value="">Select a model</option>
              {FORUM_MODELS.map((m) => (
                <option key={m} value={m}>
                  {forumModelLabel(m)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ModerationBanner banner={banner} />
        <FieldError id="forum-form-error" message={error} />
        <div className="flex justify-end gap-2">
          <Button type="submit" pending={create.isPending}>
            {create.isPending ? "Creating..." : "Create Forum"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
