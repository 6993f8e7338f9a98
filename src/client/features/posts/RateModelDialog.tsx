import { Star } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { aiModelLabel, RATING_MODEL_CHOICES, type RatingModel } from "../../../common/models";
import { POST_MESSAGES, type RatingPostFormInput } from "../../../common/posts";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { usePreferences } from "../../layout/preferences";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { FormField } from "../../ui/form-field";
import { FieldError, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useCreatePost } from "./api";
import { StarRatingInput } from "./StarRating";

const EMPTY: RatingPostFormInput = { aiModel: "", rating: 0, review: "" };

const resolver = lazyZodResolver(() => import("../../../common/posts").then((m) => m.ratingPostFormSchema));

/**
 * "Rate AI Model" (SPEC §2.6, §5): model, 1–5 stars and a non-empty review are all required.
 * The review is posted to the feed with aiModel and rating; the dialog resets and closes on success.
 */
export function RateModelDialog() {
  const [open, setOpen] = useState(false);
  const { stealth } = usePreferences();
  const create = useCreatePost();
  // SPEC §5's three required fields; a field's error clears as soon as the field becomes valid.
  const rating = useForm<RatingPostFormInput>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = rating.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) rating.reset(EMPTY);
  };

  const submit = rating.handleSubmit(async (form) => {
    try {
      await create.mutateAsync({
        content: form.review,
        aiModel: form.aiModel as RatingModel,
        rating: form.rating,
        // The model's hashtag is its label without spaces or signs ("ChatGPT", "StableDiffusion").
        tags: form.aiModel === "other" ? [] : [aiModelLabel(form.aiModel).replace(/[^\p{L}\p{N}_]/gu, "")],
        isAnonymous: stealth,
      });
      onOpenChange(false);
      toast({
        title: "Rating submitted",
        description: "Thanks for sharing your experience!",
        variant: "success",
      });
    } catch (err) {
      applyServerErrors(rating.setError, err, ["aiModel", "rating"]);
      toast({
        title: POST_MESSAGES.ratingFailed,
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rate AI Model"
      description="Share a rating and a short review with the community."
      trigger={
        <Button variant="outline" size="sm">
          <Star className="h-4 w-4" aria-hidden="true" /> Rate AI Model
        </Button>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField id="rate-model" label="AI Model" required error={errors.aiModel?.message}>
          {(control) => (
            <select
              {...control}
              {...rating.register("aiModel")}
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            >
              <option value="">Select a model</option>
              {RATING_MODEL_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="space-y-1.5">
          <p id="rate-stars-label" className="text-sm font-medium">
            Rating
          </p>
          <Controller
            control={rating.control}
            name="rating"
            render={({ field, fieldState }) => (
              <StarRatingInput
                ref={field.ref}
                name="rate-stars"
                labelledBy="rate-stars-label"
                value={field.value}
                onChange={field.onChange}
                invalid={fieldState.invalid}
                describedBy={fieldState.error ? "rate-stars-error" : undefined}
              />
            )}
          />
          <FieldError id="rate-stars-error" message={errors.rating?.message} />
        </div>
        <FormField id="rate-review" label="Review" required error={errors.review?.message}>
          {(control) => (
            <MarkdownEditor value={rating.watch("review")}>
              <Textarea
                {...control}
                rows={4}
                placeholder="What worked, what did not?"
                {...rating.register("review")}
              />
            </MarkdownEditor>
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" pending={create.isPending}>
            {create.isPending ? "Submitting..." : "Submit Rating"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
