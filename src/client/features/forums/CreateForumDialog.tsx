import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FORUM_LIMITS, FORUM_MESSAGES, FORUM_MODELS, forumModelLabel } from "../../../common/forums";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FieldError, Input, Label, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { ModerationBanner } from "../posts/ModerationBanner";
import { useCreateForum } from "./api";
import { selectClass } from "./components";

const EMPTY = { name: "", description: "", aiModel: "" };

/** "Create Forum" (SPEC §2.7, §4, §5): all three fields required; resets and closes on success. */
export function CreateForumDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<Banner | null>(null);
  const create = useCreateForum();
  const navigate = useNavigate();

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
    if (!values.name.trim() || !values.description.trim() || !values.aiModel) {
      setError(FORUM_MESSAGES.fillAll);
      return;
    }
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
      // A duplicate name or a validation message says what to fix; anything else is the spec's text.
      setError(
        moderation
          ? undefined
          : err instanceof ApiError && (err.status === 409 || err.status === 400)
            ? message
            : FORUM_MESSAGES.createFailed,
      );
      toast({ title: FORUM_MESSAGES.createFailed, variant: "destructive" });
    }
  };

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
        <div className="space-y-1.5">
          <Label htmlFor="forum-name">Forum name</Label>
          <Input
            id="forum-name"
            value={values.name}
            onChange={set("name")}
            maxLength={FORUM_LIMITS.nameMax}
            placeholder="e.g. Claude for Researchers"
            aria-describedby={error ? "forum-form-error" : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="forum-description">Description</Label>
          <Textarea
            id="forum-description"
            value={values.description}
            onChange={set("description")}
            maxLength={FORUM_LIMITS.descriptionMax}
            rows={3}
            placeholder="What will people discuss here?"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="forum-model">AI model</Label>
          <select id="forum-model" className={selectClass} value={values.aiModel} onChange={set("aiModel")}>
            <option value="">Select a model</option>
            {FORUM_MODELS.map((m) => (
              <option key={m} value={m}>
                {forumModelLabel(m)}
              </option>
            ))}
          </select>
        </div>
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
