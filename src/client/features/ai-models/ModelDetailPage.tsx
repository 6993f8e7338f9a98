import {
  ArrowLeft,
  BadgeCheck,
  Bookmark,
  ExternalLink,
  GitCompare,
  Heart,
  ThumbsUp,
  Trash2,
} from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useParams, useSearchParams } from "react-router";
import type { z } from "zod";
import {
  type AiModelDetail,
  type commentBodySchema,
  hasFewRatings,
  MODEL_MESSAGES,
  MODEL_TEXT_MAX,
  MODEL_VERSION_MAX,
  type ModelComment,
  type ModelReview,
  REVIEW_PROS_MAX,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEW_TASKS,
  type ReviewSort,
  type rateBodySchema,
  USAGE_DURATION_LABELS,
  USAGE_DURATIONS,
} from "../../../common/ai-models";
import { GENERATION_LABELS, GENERATIONS, type Generation } from "../../../common/constants";
import { feedPaths } from "../../../common/feeds";
import { AI_MODELS, aiModelLabel } from "../../../common/models";
import { countOf, plural } from "../../../common/plural";
import { formatRelativeTime } from "../../../common/time";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { clip, statusOf, titled } from "../../head";
import type { LoaderArgs, PageHead } from "../../route-module";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { EmptyState } from "../../ui/empty-state";
import { FormField } from "../../ui/form-field";
import { GenerationBadge } from "../../ui/generation-badge";
import { FieldError, Input, Label, Textarea } from "../../ui/input";
import { Markdown } from "../../ui/markdown";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { Page } from "../../ui/page";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { FollowTopicButton } from "../follows";
import { EditedMark } from "../history";
import { RatingsByVersion, useRefreshVersions, useVersions } from "../model-versions";
import {
  modelQuery,
  type ReviewFilter,
  useCommentActions,
  useComments,
  useHelpfulVote,
  useModel,
  usePostComment,
  useRateModel,
  useReviews,
  useToggleBookmark,
  useToggleLike,
} from "./api";
import { ArenaCard, standingQuery } from "./arena";
import { CatalogFactRows, FactSources, RetiredNotice } from "./catalog-facts";
import {
  Bar,
  FewRatings,
  formatCount,
  formatRating,
  GenerationSplit,
  ModelStats,
  PricingBadge,
  RatingDistribution,
  RatingStars,
  StarInput,
} from "./components";

const TABS = ["Overview", "Features", "Benchmarks", "Reviews", "Compare"] as const;

function BackLink() {
  return (
    <Link
      to="/ai-models"
      className="no-print mb-4 inline-flex items-center gap-1 text-sm text-primary hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to AI Models
    </Link>
  );
}

function LoginPrompt({ text }: { text: string }) {
  return (
    <p className="rounded-lg border border-dashed border-border p-4 text-sm">
      {text}.{" "}
      <Link to="/auth" className="font-medium text-primary underline">
        Log in or join
      </Link>
    </p>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const formatDate = (iso: string | null) =>
  iso
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      })
    : "N/A";

function OverviewTab({ model }: { model: AiModelDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <h2 className="text-xl font-semibold">About {model.name}</h2>
        <p className="leading-relaxed">{model.longDescription || model.description}</p>
        <section aria-labelledby="gen-split-heading" className="grid gap-2">
          <h3 id="gen-split-heading" className="font-semibold">
            Members' rating by generation
          </h3>
          <GenerationSplit ratings={model.ratingsByGeneration} />
        </section>
        <FactSources model={model} />
      </div>
      <Card className="h-fit p-5">
        <h3 className="mb-3 font-semibold">Key facts</h3>
        <dl className="grid gap-3">
          <Fact label="Company">{model.company}</Fact>
          <Fact label="Category">{model.category}</Fact>
          <Fact label="Release date">{formatDate(model.releaseDate)}</Fact>
          <Fact label="Model size">{model.modelSize ?? "N/A"}</Fact>
          <Fact label="Training data">{model.trainingData ?? "N/A"}</Fact>
          <Fact label="API available">{yesNo(model.hasApi)}</Fact>
          <Fact label="Open source">{yesNo(model.isOpenSource)}</Fact>
          <Fact label="Pricing">
            {model.pricing}
            {model.pricingDetails ? (
              <span className="block font-normal text-muted-foreground">{model.pricingDetails}</span>
            ) : null}
          </Fact>
          <CatalogFactRows model={model} />
          <Fact label="Website">
            {model.website ? (
              <a
                href={model.website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary underline"
              >
                Official page <ExternalLink className="h-3 w-3" aria-hidden="true" />
              </a>
            ) : (
              "N/A"
            )}
          </Fact>
        </dl>
      </Card>
    </div>
  );
}

function FeaturesTab({ model }: { model: AiModelDetail }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="mb-2 text-xl font-semibold">
          Features
        </h2>
        {model.features.length ? (
          <ul className="list-disc space-y-1 pl-5">
            {model.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No features listed</p>
        )}
      </section>
      <section aria-labelledby="usecases-heading">
        <h2 id="usecases-heading" className="mb-2 text-xl font-semibold">
          Use Cases
        </h2>
        {model.useCases.length ? (
          <ul className="list-disc space-y-1 pl-5">
            {model.useCases.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No use cases listed</p>
        )}
      </section>
    </div>
  );
}

function BenchmarksTab({ model }: { model: AiModelDetail }) {
  const entries = Object.entries(model.benchmarkDetails);
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Benchmarks</h2>
      <p>
        Benchmark score:{" "}
        <span className="font-semibold">
          {model.benchmarkScore === null ? "N/A" : `${model.benchmarkScore}/100`}
        </span>
      </p>
      <p className="text-sm text-muted-foreground">
        The score is the mean of the benchmark percentages the maker published for this model. Makers publish
        different benchmarks, so compare scores with care.
      </p>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">No benchmark results were published by the maker.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Benchmark results">
          {entries.map(([name, value]) => (
            <li key={name} className="grid gap-1">
              <div className="flex justify-between text-sm">
                <span className="font-medium">{name}</span>
                <span className="tabular-nums">{value}%</span>
              </div>
              <Bar value={value} max={100} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type RateValues = z.input<typeof rateBodySchema>;
const rateResolver = lazyZodResolver(() => import("../../../common/ai-models").then((m) => m.rateBodySchema));
const commentResolver = lazyZodResolver(() =>
  import("../../../common/ai-models").then((m) => m.commentBodySchema),
);
const RATE_EMPTY: RateValues = {
  rating: 0,
  review: "",
  pros: "",
  cons: "",
  usedFor: [],
  usageDuration: null,
  modelVersion: "",
  versionId: null,
};
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive";
const RATE_FIELDS = [
  "rating",
  "review",
  "pros",
  "cons",
  "usedFor",
  "usageDuration",
  "modelVersion",
  "versionId",
] as const;

function RatingForm({ model }: { model: AiModelDetail }) {
  const form = useForm<RateValues, unknown, z.output<typeof rateBodySchema>>({
    resolver: rateResolver,
    defaultValues: RATE_EMPTY,
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const rate = useRateModel(model);
  // The model's versions (decision 0114): a review names one of them; without any, free text.
  const versions = useVersions(model.slug).data?.versions ?? [];
  const refreshVersions = useRefreshVersions();

  const submit = form.handleSubmit((values) => {
    const rating = values.rating;
    rate.mutate(
      {
        rating,
        review: values.review || undefined,
        pros: values.pros || undefined,
        cons: values.cons || undefined,
        usedFor: values.usedFor?.length ? values.usedFor : undefined,
        usageDuration: values.usageDuration || undefined,
        modelVersion: values.versionId ? undefined : values.modelVersion || undefined,
        versionId: values.versionId || undefined,
      },
      {
        onSuccess: () => {
          form.reset(RATE_EMPTY);
          refreshVersions(model.slug);
          toast({
            title: "Rating saved",
            description: `You rated ${model.name} ${rating}/5.`,
            variant: "success",
          });
        },
        // A refusal is shown where the rating's own error is (on the stars), unless it names fields.
        onError: (err) => {
          if (applyServerErrors(form.setError, err, [...RATE_FIELDS])) return;
          if (err instanceof ApiError && err.code === "version_not_of_model") {
            form.setError("versionId", { type: "server", message: err.message });
            return;
          }
          form.setError("rating", { type: "server", message: errorMessage(err, "Failed to submit rating") });
        },
      },
    );
  });

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-border p-4"
      aria-labelledby="rate-heading"
      noValidate
    >
      <h3 id="rate-heading" className="font-semibold">
        Rate this model
      </h3>
      {model.viewer?.rating ? (
        <p className="text-sm text-muted-foreground">
          Your rating: {model.viewer.rating}/5. Rating again replaces it.
        </p>
      ) : null}
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarInput
            ref={field.ref}
            name="model-rating"
            value={field.value}
            onChange={(v) => {
              form.clearErrors("rating");
              field.onChange(v);
            }}
            describedBy={fieldState.error ? "rating-error" : undefined}
            invalid={fieldState.invalid}
          />
        )}
      />
      <FieldError id="rating-error" message={errors.rating?.message} />
      <FormField id="rating-review" label="Review (optional)" error={errors.review?.message}>
        {(control) => (
          <MarkdownEditor value={form.watch("review")}>
            <Textarea
              {...control}
              maxLength={MODEL_TEXT_MAX}
              placeholder="What worked well, what did not?"
              {...form.register("review")}
            />
          </MarkdownEditor>
        )}
      </FormField>
      <div className="grid gap-3 md:grid-cols-2">
        <FormField id="rating-pros" label="Pros (optional)" error={errors.pros?.message}>
          {(control) => (
            <Textarea
              {...control}
              className="min-h-16"
              maxLength={REVIEW_PROS_MAX}
              {...form.register("pros")}
            />
          )}
        </FormField>
        <FormField id="rating-cons" label="Cons (optional)" error={errors.cons?.message}>
          {(control) => (
            <Textarea
              {...control}
              className="min-h-16"
              maxLength={REVIEW_PROS_MAX}
              {...form.register("cons")}
            />
          )}
        </FormField>
      </div>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.usedFor ? "rating-used-for-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Used for (optional)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {REVIEW_TASKS.map((task) => (
            <label key={task} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={task}
                className="h-4 w-4 accent-[var(--primary)]"
                {...form.register("usedFor")}
              />
              {task}
            </label>
          ))}
        </div>
        <FieldError id="rating-used-for-error" message={errors.usedFor?.message} />
      </fieldset>
      <div className="grid gap-3 md:grid-cols-2">
        <FormField id="rating-duration" label="Used it for (optional)" error={errors.usageDuration?.message}>
          {(control) => (
            <select
              {...control}
              className={selectClass}
              {...form.register("usageDuration", { setValueAs: (v) => (v ? v : null) })}
            >
              <option value="">Not saying</option>
              {USAGE_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {USAGE_DURATION_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {versions.length > 0 ? (
          <FormField id="rating-version" label="Model version (optional)" error={errors.versionId?.message}>
            {(control) => (
              <select
                {...control}
                className={selectClass}
                {...form.register("versionId", { setValueAs: (v) => (v ? Number(v) : null) })}
              >
                <option value="">Not saying</option>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : (
          <FormField
            id="rating-version"
            label="Model version (optional)"
            hint="For example “GPT-4o 2024-08-06”."
            error={errors.modelVersion?.message}
          >
            {(control) => (
              <Input {...control} maxLength={MODEL_VERSION_MAX} {...form.register("modelVersion")} />
            )}
          </FormField>
        )}
      </div>
      <div>
        <Button type="submit" pending={rate.isPending}>
          {rate.isPending ? "Submitting..." : "Submit Rating"}
        </Button>
      </div>
    </form>
  );
}

/** The review list's order and filters from the page's address (`reviews=`, `generation=`, `version=`). */
function useReviewFilter(): [ReviewFilter, (next: Partial<ReviewFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("reviews");
  const gen = params.get("generation");
  const filter: ReviewFilter = {
    sort: (REVIEW_SORTS as readonly string[]).includes(raw ?? "") ? (raw as ReviewSort) : "helpful",
    generation: (GENERATIONS as readonly string[]).includes(gen ?? "") ? (gen as Generation) : undefined,
    version: params.get("version")?.trim().slice(0, MODEL_VERSION_MAX) || undefined,
  };
  const update = (next: Partial<ReviewFilter>) => {
    const merged = { ...filter, ...next };
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set("reviews", merged.sort);
        if (merged.generation) p.set("generation", merged.generation);
        else p.delete("generation");
        if (merged.version) p.set("version", merged.version);
        else p.delete("version");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [filter, update];
}

function ReviewItem({ review: r, slug, signedIn }: { review: ModelReview; slug: string; signedIn: boolean }) {
  const vote = useHelpfulVote(slug);
  return (
    <li className="rounded-lg border border-border p-4" data-testid="model-review">
      <div className="flex flex-wrap items-center gap-2">
        <Avatar name={r.author.username} src={r.author.avatar} size={28} />
        <span className="font-medium">{r.author.username}</span>
        {r.author.generation ? <GenerationBadge generation={r.author.generation} /> : null}
        <RatingStars rating={r.rating} />
        <span className="text-sm text-muted-foreground" suppressHydrationWarning>
          {formatRelativeTime(r.createdAt)}
        </span>
        {r.editedAt ? <EditedMark kind="reviews" id={r.id} editedAt={r.editedAt} /> : null}
      </div>
      {r.modelVersion || r.usageDuration || r.usedFor.length > 0 ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {r.modelVersion ? <span>Version: {r.modelVersion}</span> : null}
          {r.usageDuration ? (
            <span>Used for {USAGE_DURATION_LABELS[r.usageDuration].toLowerCase()}</span>
          ) : null}
          {r.usedFor.length > 0 ? <span>Tasks: {r.usedFor.join(", ")}</span> : null}
        </p>
      ) : null}
      {r.review ? <Markdown source={r.review} className="mt-2" /> : null}
      {r.pros || r.cons ? (
        <dl className="mt-2 grid gap-1 text-sm">
          {r.pros ? (
            <div>
              <dt className="inline font-semibold">Pros: </dt>
              <dd className="inline whitespace-pre-wrap">{r.pros}</dd>
            </div>
          ) : null}
          {r.cons ? (
            <div>
              <dt className="inline font-semibold">Cons: </dt>
              <dd className="inline whitespace-pre-wrap">{r.cons}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        {signedIn && !r.isOwn ? (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={r.votedHelpful}
            pending={vote.isPending}
            onClick={() =>
              vote.mutate(
                { id: r.id, helpful: !r.votedHelpful },
                {
                  onError: (err) =>
                    toast({ title: errorMessage(err, "Could not save your vote"), variant: "destructive" }),
                },
              )
            }
          >
            <ThumbsUp className="h-4 w-4" aria-hidden="true" /> Helpful
            <span className="sr-only"> review by {r.author.username}</span>
          </Button>
        ) : null}
        <span className="text-muted-foreground" data-testid="helpful-count">
          {countOf(r.helpful, "member")} found this helpful
        </span>
        {r.postId ? (
          <Link to={`/post/${r.postId}`} className="text-primary underline">
            From a community post
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function ReviewsTab({ model, signedIn }: { model: AiModelDetail; signedIn: boolean }) {
  const { user } = useAuth();
  const versions = useVersions(model.slug).data?.versions ?? [];
  const [filter, setFilter] = useReviewFilter();
  const [version, setVersion] = useState(filter.version ?? "");
  const reviews = useReviews(model.slug, filter, true);
  const list = reviews.data?.pages.flat() ?? [];
  const filtered = Boolean(filter.generation || filter.version);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Reviews</h2>
        <RatingStars rating={model.rating} />
        <span className="text-sm text-muted-foreground">
          {formatRating(model.rating)}/5 from {formatCount(model.reviewCount)}{" "}
          {plural(model.reviewCount, "member")}
          {hasFewRatings(model.reviewCount) ? <FewRatings /> : null}
        </span>
      </div>
      <RatingDistribution counts={model.ratingDistribution} />
      <RatingsByVersion modelId={model.id} slug={model.slug} isAdmin={user?.role === "admin"} />
      {signedIn ? <RatingForm model={model} /> : <LoginPrompt text={MODEL_MESSAGES.loginToRate} />}
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="review-sort">Sort reviews</Label>
          <select
            id="review-sort"
            className={selectClass}
            value={filter.sort}
            onChange={(e) => setFilter({ sort: e.target.value as ReviewSort })}
          >
            {REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {REVIEW_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="review-generation">Generation</Label>
          <select
            id="review-generation"
            className={selectClass}
            value={filter.generation ?? ""}
            onChange={(e) =>
              setFilter({ generation: (e.target.value || undefined) as Generation | undefined })
            }
          >
            <option value="">All generations</option>
            {GENERATIONS.map((g) => (
              <option key={g} value={g}>
                {GENERATION_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="review-version">Version</Label>
          {versions.length > 0 ? (
            <select
              id="review-version"
              className={selectClass}
              value={filter.version ?? ""}
              onChange={(e) => setFilter({ version: e.target.value || undefined })}
            >
              <option value="">Any version</option>
              {filter.version &&
              !versions.some((v) => v.name.toLowerCase() === filter.version?.toLowerCase()) ? (
                <option value={filter.version}>{filter.version}</option>
              ) : null}
              {versions.map((v) => (
                <option key={v.id} value={v.name}>
                  {v.name}
                </option>
              ))}
            </select>
          ) : (
            <Input
              id="review-version"
              type="search"
              value={version}
              maxLength={MODEL_VERSION_MAX}
              placeholder="Any version"
              onChange={(e) => setVersion(e.target.value)}
              onBlur={() => setFilter({ version: version.trim() || undefined })}
              onKeyDown={(e) => {
                if (e.key === "Enter") setFilter({ version: version.trim() || undefined });
              }}
            />
          )}
        </div>
      </div>
      {reviews.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : list.length === 0 ? (
        <EmptyState
          title={filtered ? "No reviews match" : "No reviews yet"}
          description={
            filtered ? "Try another generation or version." : "Be the first member to rate this model."
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Member reviews">
          {list.map((r) => (
            <ReviewItem key={r.id} review={r} slug={model.slug} signedIn={signedIn} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage ? "Loading..." : "Load more reviews"}
        </Button>
      ) : null}
    </div>
  );
}

function CompareTab({ model, signedIn }: { model: AiModelDetail; signedIn: boolean }) {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Compare with similar models</h2>
      {model.similar.length === 0 ? (
        <p className="text-muted-foreground">No similar models in the directory yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3">
          {model.similar.map((s) => (
            <li key={s.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <h3 className="font-semibold">
                  <Link to={`/ai-models/${s.slug}`} className="hover:underline">
                    {s.name}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">{s.company}</p>
                <ModelStats rating={s.rating} reviewCount={s.reviewCount} likes={s.likes} views={s.views} />
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  {signedIn ? (
                    <Button asChild size="sm">
                      <Link to={`/ai-models/compare?models=${model.id},${s.id}`}>
                        <GitCompare className="h-4 w-4" aria-hidden="true" /> Compare with {s.name}
                      </Link>
                    </Button>
                  ) : null}
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/ai-models/${s.slug}`}>
                      View Details<span className="sr-only"> of {s.name}</span>
                    </Link>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {!signedIn ? <LoginPrompt text="Log in to compare models side by side" /> : null}
    </div>
  );
}

function CommentItem({
  comment,
  slug,
  signedIn,
}: {
  comment: ModelComment;
  slug: string;
  signedIn: boolean;
}) {
  const { like, remove } = useCommentActions(slug);
  return (
    <li className="rounded-lg border border-border p-4" data-testid="model-comment">
      <div className="flex flex-wrap items-center gap-2">
        <Avatar name={comment.author.username} src={comment.author.avatar} size={28} />
        <span className="font-medium">{comment.author.username}</span>
        <GenerationBadge generation={comment.author.generation} />
        {comment.rating ? <RatingStars rating={comment.rating} /> : null}
        <span className="text-sm text-muted-foreground" suppressHydrationWarning>
          {formatRelativeTime(comment.createdAt)}
        </span>
      </div>
      <Markdown source={comment.content} className="mt-2" />
      <div className="mt-2 flex items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={!signedIn}
          pending={like.isPending}
          aria-pressed={comment.liked}
          aria-label={`${comment.liked ? "Unlike" : "Like"} comment by ${comment.author.username} (${countOf(comment.likes, "like")})`}
          onClick={() => like.mutate({ id: comment.id, liked: !comment.liked })}
        >
          <Heart
            className={cn("h-4 w-4", comment.liked && "fill-current text-destructive")}
            aria-hidden="true"
          />
          <span className="tabular-nums">{comment.likes}</span>
        </Button>
        {comment.isOwn ? (
          <Button
            variant="ghost"
            size="sm"
            pending={remove.isPending}
            onClick={() => {
              if (window.confirm("Delete this comment?")) remove.mutate(comment.id);
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Comments({ model, signedIn }: { model: AiModelDetail; signedIn: boolean }) {
  const comments = useComments(model.slug);
  const post = usePostComment(model);
  const form = useForm<z.input<typeof commentBodySchema>, unknown, z.output<typeof commentBodySchema>>({
    resolver: commentResolver,
    defaultValues: { content: "" },
    reValidateMode: "onSubmit",
  });
  const error = form.formState.errors.content?.message;
  const banner = post.error ? moderationBannerOf(post.error) : null;
  const list = comments.data?.pages.flat() ?? [];

  const submit = form.handleSubmit(({ content }) => {
    post.mutate(content.trim(), {
      onSuccess: () => {
        form.reset({ content: "" });
        post.reset();
      },
      onError: (err) => {
        if (!moderationBannerOf(err) && !applyServerErrors(form.setError, err, ["content"])) {
          form.setError("content", { type: "server", message: errorMessage(err, "Failed to post comment") });
        }
      },
    });
  });

  return (
    <section aria-labelledby="comments-heading" className="mt-10 grid gap-4 print:hidden">
      <h2 id="comments-heading" className="text-xl font-semibold">
        Comments
      </h2>
      {signedIn ? (
        <form onSubmit={submit} className="grid gap-2" noValidate>
          <FormField id="model-comment" label="Add a comment" className="space-y-2" error={error}>
            {(control) => (
              <MarkdownEditor value={form.watch("content")}>
                <Textarea
                  {...control}
                  maxLength={MODEL_TEXT_MAX}
                  placeholder={`Share your experience with ${model.name}`}
                  {...form.register("content", {
                    onChange: () => {
                      form.clearErrors("content");
                      if (post.error) post.reset();
                    },
                  })}
                />
              </MarkdownEditor>
            )}
          </FormField>
          {banner ? (
            <div role="alert" className="rounded-lg border border-warning bg-warning/10 p-3 text-sm">
              <p className="font-semibold">{banner.title}</p>
              <p>{banner.message}</p>
            </div>
          ) : null}
          <div>
            <Button type="submit" pending={post.isPending}>
              {post.isPending ? "Posting..." : "Post Comment"}
            </Button>
          </div>
        </form>
      ) : (
        <LoginPrompt text={MODEL_MESSAGES.loginToComment} />
      )}
      {comments.isPending ? (
        <Spinner label="Loading comments..." />
      ) : list.length === 0 ? (
        <p className="text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Comments">
          {list.map((c) => (
            <CommentItem key={c.id} comment={c} slug={model.slug} signedIn={signedIn} />
          ))}
        </ul>
      )}
      {comments.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? "Loading..." : "Load more comments"}
        </Button>
      ) : null}
    </section>
  );
}

function Toggles({ model, signedIn }: { model: AiModelDetail; signedIn: boolean }) {
  const like = useToggleLike(model);
  const bookmark = useToggleBookmark(model);
  const liked = model.viewer?.liked ?? false;
  const bookmarked = model.viewer?.bookmarked ?? false;
  // The feed's posts about this model can be followed (decision 0104) when the one list links it.
  const feedId = AI_MODELS.find((m) => m.slug === model.slug)?.id ?? null;
  const fail = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err, "Please try again."), variant: "destructive" });
  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <Button
        variant={liked ? "primary" : "outline"}
        aria-pressed={liked}
        disabled={!signedIn}
        pending={like.isPending}
        onClick={() => like.mutate(!liked, { onError: fail("Could not update your like") })}
      >
        <Heart className={cn("h-4 w-4", liked && "fill-current")} aria-hidden="true" />
        {liked ? "Liked" : "Like"}
        <span className="tabular-nums">({formatCount(model.likes)})</span>
      </Button>
      <Button
        variant={bookmarked ? "primary" : "outline"}
        aria-pressed={bookmarked}
        disabled={!signedIn}
        pending={bookmark.isPending}
        onClick={() => bookmark.mutate(!bookmarked, { onError: fail("Could not update your bookmark") })}
      >
        <Bookmark className={cn("h-4 w-4", bookmarked && "fill-current")} aria-hidden="true" />
        {bookmarked ? "Bookmarked" : "Bookmark"}
      </Button>
      {signedIn && feedId ? (
        <FollowTopicButton kind="model" target={feedId} label={aiModelLabel(feedId)} variant="outline" />
      ) : null}
      {!signedIn ? (
        <Link to="/auth" className="text-sm text-primary underline">
          Log in to like and bookmark
        </Link>
      ) : null}
    </div>
  );
}

export default function ModelDetailPage() {
  const { slug = "" } = useParams();
  const location = useLocation();
  const { isAuthenticated } = useAuth();
  const query = useModel(slug);
  const [search] = useSearchParams();
  // A shared address with a review order opens the Reviews tab.
  const [tab, setTab] = useState<(typeof TABS)[number]>(search.has("reviews") ? "Reviews" : "Overview");

  if (query.isPending) return <Spinner label="Loading model..." className="min-h-[40vh]" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? MODEL_MESSAGES.notFound : "Could not load this model"}>
        <p className="text-muted-foreground">
          {missing ? "This model is not in the directory." : errorMessage(query.error, "Please try again.")}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/ai-models">Back to AI Models</Link>
        </Button>
      </Page>
    );
  }
  const model = query.data;
  // An old slug of a renamed model answers the model: go to its address (decision 0116).
  if (model.slug !== slug) return <Navigate to={`/ai-models/${model.slug}${location.search}`} replace />;
  return (
    <Page
      title={model.name}
      lead={
        <span className="inline-flex flex-wrap items-center gap-2">
          {model.company}
          {model.isVerified ? (
            <Badge tone="outline">
              <BadgeCheck className="h-3 w-3" aria-hidden="true" /> Verified facts
            </Badge>
          ) : null}
        </span>
      }
      actions={<Toggles model={model} signedIn={isAuthenticated} />}
    >
      <BackLink />
      <RetiredNotice model={model} />
      <Card className="mb-6 grid gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="outline">{model.category}</Badge>
          <PricingBadge pricing={model.pricing} />
          {model.isOpenSource ? <Badge>Open weights</Badge> : null}
          {model.hasApi ? <Badge>API</Badge> : null}
        </div>
        <p>{model.description}</p>
        <div className="flex flex-wrap items-center gap-4">
          <ModelStats
            rating={model.rating}
            reviewCount={model.reviewCount}
            likes={model.likes}
            views={model.views}
          />
          <span className="text-sm">
            Benchmark score:{" "}
            <span className="font-semibold">
              {model.benchmarkScore === null ? "N/A" : `${model.benchmarkScore}/100`}
            </span>
          </span>
        </div>
      </Card>

      <ArenaCard slug={model.slug} />

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as (typeof TABS)[number])}>
        <TabList
          label="Model details"
          tabs={TABS.map((t) => ({ value: t, label: t }))}
          className="no-print mb-4"
        />
        <Tabs.Content
          value="Overview"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <OverviewTab model={model} />
        </Tabs.Content>
        <Tabs.Content
          value="Features"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <FeaturesTab model={model} />
        </Tabs.Content>
        <Tabs.Content
          value="Benchmarks"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <BenchmarksTab model={model} />
        </Tabs.Content>
        <Tabs.Content
          value="Reviews"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <ReviewsTab model={model} signedIn={isAuthenticated} />
        </Tabs.Content>
        <Tabs.Content
          value="Compare"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <CompareTab model={model} signedIn={isAuthenticated} />
        </Tabs.Content>
      </Tabs.Root>

      <Comments model={model} signedIn={isAuthenticated} />
    </Page>
  );
}

/** The server's render of a model page (src/client/routes.tsx): the model, as the page reads it. */
export const loader = ({ params, client }: LoaderArgs) =>
  Promise.all([
    client.prefetchQuery(modelQuery(params.slug ?? "")),
    client.prefetchQuery(standingQuery(params.slug ?? "")),
  ]);

export function head({ params, client }: LoaderArgs): PageHead {
  const { queryKey } = modelQuery(params.slug ?? "");
  const model = client.getQueryData(queryKey);
  if (!model) return { status: statusOf(client, queryKey) };
  // An old slug: a permanent redirect to the model's address (decision 0116).
  if (model.slug !== params.slug) return { status: 301, redirect: `/ai-models/${model.slug}` };
  return {
    title: titled(`${model.name} by ${model.company}`),
    description: clip(model.description),
    path: `/ai-models/${model.slug}`,
    type: "article",
    alternate: [{ href: feedPaths.modelReviews(model.slug), title: `Reviews of ${model.name}` }],
  };
}
