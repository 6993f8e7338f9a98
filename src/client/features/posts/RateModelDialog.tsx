import { Star } from "lucide-react";
import { useState } from "react";
import { aiModelLabel, RATING_MODEL_CHOICES, type RatingModel } from "../../../common/models";
import { POST_MESSAGES } from "../../../common/posts";
import { errorMessage } from "../../api/http";
import { usePreferences } from "../../layout/preferences";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { FieldError, Label, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { useCreatePost } from "./api";
import { StarRatingInput } from "./StarRating";

const EMPTY = { aiModel: "", rating: 0, review: "" };
type RatingForm = typeof EMPTY;
type RatingErrors = Partial<Record<keyof RatingForm, string>>;

/** SPEC §5: the rating dialog's three required fields. */
function validate(form: RatingForm): RatingErrors {
  const found: RatingErrors = {};
  if (!form.aiModel) found.aiModel = "Please choose a model";
  if (form.rating < 1) found.rating = "Please select a rating";
  if (!form.review.trim()) found.review = "Please write a short review";
  return found;
}

/**
 * "Rate AI Model" (SPEC §2.6, §5): model, 1–5 stars and a non-empty review are all required.
 * The review is posted to the feed with aiModel and rating; the dialog resets and closes on success.
 */
export function RateModelDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<RatingErrors>({});
  const { stealth } = usePreferences();
  const create = useCreatePost();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setErrors({});
    }
  };

  /**
   * A field's error clears as soon as the field becomes valid (as in the auth form); new errors
   * only appear on submit, so nothing is flagged while the visitor is still filling in.
   */
  const update = (patch: Partial<RatingForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    const still = validate(next);
    setErrors((shown) => {
      const kept: RatingErrors = {};
      for (const key of Object.keys(shown) as (keyof RatingForm)[]) {
        if (still[key]) kept[key] = still[key];
      }
      return kept;
    });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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
      toast({
        title: POST_MESSAGES.ratingFailed,
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    }
  };

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
        <div className="space-y-1.5">
          <Label htmlFor="rate-model">AI Model</Label>
          <select
            id="rate-model"
            value={form.aiModel}
            aria-invalid={errors.aiModel ? true : undefined}
            aria-describedby={errors.aiModel ? "rate-model-error" : undefined}
            onChange={(e) => update({ aiModel: e.target.value })}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <option value="">Select a model</option>
            {RATING_MODEL_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="rate-model-error" message={errors.aiModel} />
        </div>
        <div className="space-y-1.5">
          <p id="rate-stars-label" className="text-sm font-medium">
            Rating
          </p>
          <StarRatingInput
            name="rate-stars"
            labelledBy="rate-stars-label"
            value={form.rating}
            onChange={(rating) => update({ rating })}
            describedBy={errors.rating ? "rate-stars-error" : undefined}
          />
          <FieldError id="rate-stars-error" message={errors.rating} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="rate-review">Review</Label>
          <Textarea
            id="rate-review"
            rows={4}
            value={form.review}
            placeholder="What worked, what did not?"
            aria-invalid={errors.review ? true : undefined}
            aria-describedby={errors.review ? "rate-review-error" : undefined}
            onChange={(e) => update({ review: e.target.value })}
          />
          <FieldError id="rate-review-error" message={errors.review} />
        </div>
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
