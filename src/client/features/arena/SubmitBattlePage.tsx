import { ImagePlus, Loader2, X } from "lucide-react";
import { useRef, useState } from "react";
import { type FieldErrors, type UseFormRegister, type UseFormReturn, useForm } from "react-hook-form";
import { Link } from "react-router";
import { MODEL_CATEGORIES } from "../../../common/ai-models";
import { ARENA_LIMITS, ARENA_TAGS } from "../../../common/arena-rules";
import { IMAGE_TYPES } from "../../../common/posts";
import type { BattleCreateData, BattleCreateInput } from "../../../common/arena";
import { errorMessage } from "../../api/http";
import { titled } from "../../head";
import type { PageHead } from "../../route-module";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField, FormFieldset } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { Page } from "../../ui/page";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useVersions } from "../model-versions";
import { ArenaNav } from "./ArenaNav";
import { useArenaModels, useCreateBattle, useDeleteBattle, useMyBattles } from "./api";
import { usePickImage } from "../posts";

const resolver = lazyZodResolver(() => import("../../../common/arena").then((m) => m.battleCreateSchema));
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive";

const today = () => new Date().toISOString().slice(0, 10);
const emptySide = () => ({
  modelId: Number.NaN,
  response: "",
  version: "",
  versionId: null,
  usedOn: today(),
  image: null,
  imageAlt: "",
});
const empty = (): BattleCreateInput => ({
  prompt: "",
  category: "Language Models",
  tags: [],
  a: emptySide(),
  b: emptySide(),
});

type BattleForm = UseFormReturn<BattleCreateInput, unknown, BattleCreateData>;

/** An optional image of one response: uploaded like a post's, described for screen readers. */
function SideImage({ side, form }: { side: "a" | "b"; form: BattleForm }) {
  const { pick, fileInput, uploading } = usePickImage((url) =>
    form.setValue(`${side}.image`, url, { shouldDirty: true }),
  );
  const addButton = useRef<HTMLButtonElement>(null);
  const image = form.watch(`${side}.image`);
  const e = form.formState.errors[side];
  const which = side === "a" ? "first" : "second";

  if (image) {
    return (
      <div className="space-y-3">
        <div className="relative inline-block">
          <img
            src={image}
            alt={`Preview of what you attached to the ${which} response`}
            className="max-h-48 rounded-lg border border-border"
          />
          <Button
            variant="secondary"
            size="icon"
            className="absolute right-2 top-2 h-8 w-8"
            aria-label={`Remove the ${which} response's image`}
            onClick={() => {
              form.setValue(`${side}.image`, null, { shouldDirty: true });
              form.setValue(`${side}.imageAlt`, "");
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        <FormField
          id={`battle-${side}-image-alt`}
          label="Image description"
          hint="What the image shows, for members who cannot see it."
          required
          error={e?.imageAlt?.message}
        >
          {(control) => (
            <Input {...control} {...form.register(`${side}.imageAlt`)} maxLength={ARENA_LIMITS.imageAltMax} />
          )}
        </FormField>
      </div>
    );
  }
  return (
    <div>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        hidden
        data-testid={`battle-${side}-image-input`}
        onChange={(ev) => pick(ev.target.files?.[0])}
      />
      <Button
        ref={addButton}
        variant="outline"
        size="sm"
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      >
        {uploading ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
        )}
        {uploading ? "Uploading..." : "Add an image"}
        <span className="sr-only"> to the {which} response</span>
      </Button>
      {e?.image?.message ? <FieldError id={`battle-${side}-image-error`} message={e.image.message} /> : null}
    </div>
  );
}

function SideFields({
  side,
  register,
  errors,
  models,
  form,
}: {
  side: "a" | "b";
  register: UseFormRegister<BattleCreateInput>;
  errors: FieldErrors<BattleCreateInput>;
  models: Array<{ id: number; name: string; slug: string }>;
  form: BattleForm;
}) {
  const label = side === "a" ? "First" : "Second";
  const e = errors[side];
  // The chosen model's versions (decision 0114): one may be recorded with the response.
  const modelId = form.watch(`${side}.modelId`);
  const slug = models.find((m) => m.id === modelId)?.slug ?? "";
  const versions = useVersions(slug).data?.versions ?? [];
  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-lg font-semibold">{label} model</h2>
      <FormField id={`battle-${side}-model`} label="Model" required error={e?.modelId?.message}>
        {(control) => (
          <select
            {...control}
            {...register(`${side}.modelId`, {
              valueAsNumber: true,
              // Another model's versions are not this one's.
              onChange: () => form.setValue(`${side}.versionId`, null),
            })}
            className={selectClass}
          >
            <option value="">Choose a model</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={`battle-${side}-response`}
        label="Its response"
        hint="Paste it as you got it (Markdown is fine)."
        required
        error={e?.response?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register(`${side}.response`)}
            rows={8}
            maxLength={ARENA_LIMITS.responseMax}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`battle-${side}-version`}
          label="Model version"
          hint="Optional, e.g. 2024-08-06"
          error={e?.version?.message}
        >
          {(control) => (
            <Input {...control} {...register(`${side}.version`)} maxLength={ARENA_LIMITS.versionMax} />
          )}
        </FormField>
        {versions.length > 0 ? (
          <FormField
            id={`battle-${side}-version-id`}
            label="Listed version"
            hint="Optional: one of the model's versions in the directory"
            error={e?.versionId?.message}
          >
            {(control) => (
              <select
                {...control}
                className={selectClass}
                {...register(`${side}.versionId`, { setValueAs: (v) => (v ? Number(v) : null) })}
              >
                <option value="">Not listed</option>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <FormField id={`battle-${side}-date`} label="Date used" required error={e?.usedOn?.message}>
          {(control) => <Input {...control} type="date" max={today()} {...register(`${side}.usedOn`)} />}
        </FormField>
      </div>
      <SideImage side={side} form={form} />
    </Card>
  );
}

function MyBattles() {
  const mine = useMyBattles(true);
  const remove = useDeleteBattle();
  const list = mine.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="your-battles-heading" className="mt-10">
      <h2 id="your-battles-heading" className="mb-3 text-xl font-semibold">
        Your battles
      </h2>
      <ul className="space-y-2">
        {list.map((b) => (
          <li
            key={b.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
          >
            <span className="min-w-0 flex-1 wrap-anywhere">
              <span className="font-medium">
                {b.a.model.name} vs {b.b.model.name}
              </span>
              <span className="text-sm text-muted-foreground">
                {" "}
                · {b.votes} {b.votes === 1 ? "vote" : "votes"} · {b.prompt.slice(0, 80)}
              </span>
            </span>
            {b.votes === 0 ? (
              <Button
                variant="outline"
                size="sm"
                pending={remove.isPending && remove.variables === b.id}
                onClick={async () => {
                  try {
                    await remove.mutateAsync(b.id);
                    toast({ title: "Battle deleted", variant: "success" });
                  } catch (err) {
                    toast({
                      title: errorMessage(err, "Could not delete the battle"),
                      variant: "destructive",
                    });
                  }
                }}
              >
                Delete
                <span className="sr-only">
                  {" "}
                  the battle {b.a.model.name} vs {b.b.model.name}
                </span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/arena/submit`: a member submits a prompt and two directory models' responses. */
export default function SubmitBattlePage() {
  const models = useArenaModels();
  const create = useCreateBattle();
  const [error, setError] = useState<string | undefined>();
  const form = useForm<BattleCreateInput, unknown, BattleCreateData>({ resolver, defaultValues: empty() });
  const { errors } = form.formState;
  const list = models.data ?? [];

  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    try {
      await create.mutateAsync(values);
      form.reset(empty());
      toast({ title: "Battle submitted", description: "Members can now vote on it.", variant: "success" });
    } catch (err) {
      setError(errorMessage(err, "Could not submit the battle. Please try again."));
    }
  });

  return (
    <Page
      title="Submit a Battle"
      lead="Ran one prompt on two models? Share both answers and let members judge them blind."
    >
      <ArenaNav />
      <form
        onSubmit={submit}
        noValidate
        className="max-w-4xl space-y-6"
        aria-describedby={error ? "battle-form-error" : undefined}
      >
        <FormField id="battle-prompt" label="The prompt you ran" required error={errors.prompt?.message}>
          {(control) => (
            <Textarea {...control} {...form.register("prompt")} rows={4} maxLength={ARENA_LIMITS.promptMax} />
          )}
        </FormField>
        <FormField id="battle-category" label="Category" required error={errors.category?.message}>
          {(control) => (
            <select {...control} {...form.register("category")} className={selectClass}>
              {MODEL_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormFieldset
          id="battle-tags"
          legend={`Task tags (up to ${ARENA_LIMITS.tagsMax})`}
          error={errors.tags?.message}
        >
          {(control) => (
            <div className="flex flex-wrap gap-3">
              {ARENA_TAGS.map((t) => (
                <label key={t} className="inline-flex items-center gap-1.5 text-sm">
                  <input type="checkbox" value={t} {...control} {...form.register("tags")} />
                  {t}
                </label>
              ))}
            </div>
          )}
        </FormFieldset>
        <div className="grid gap-4 lg:grid-cols-2">
          <SideFields side="a" register={form.register} errors={errors} models={list} form={form} />
          <SideFields side="b" register={form.register} errors={errors} models={list} form={form} />
        </div>
        <FieldError id="battle-form-error" message={error} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={create.isPending}>
            Submit battle
          </Button>
          <Link to="/arena/about" className="text-sm text-primary underline">
            How votes are counted
          </Link>
        </div>
      </form>
      <MyBattles />
    </Page>
  );
}

export const head = (): PageHead => ({ title: titled("Submit a Battle") });
