import { useId, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { MODEL_CATEGORIES, MODEL_PRICING } from "../../../common/ai-models";
import {
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  type CatalogFormValues,
  type CatalogModel,
  type catalogFormSchema,
} from "../../../common/catalog";
import type { z } from "zod";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormField } from "../../ui/form-field";
import { FieldError, Input, Label, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useCatalogModel, useCreateModel, useUpdateModel } from "./api";

type FormOutput = z.output<typeof catalogFormSchema>;

const resolver = lazyZodResolver(() => import("../../../common/catalog").then((m) => m.catalogFormSchema));
const select = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";

const EMPTY: CatalogFormValues = {
  name: "",
  slug: "",
  company: "",
  description: "",
  longDescription: "",
  category: "Language Models",
  pricing: "Free",
  pricingDetails: "",
  priceInputPerM: "",
  priceOutputPerM: "",
  contextWindow: "",
  license: "",
  openWeights: false,
  features: "",
  useCases: "",
  modelSize: "",
  trainingData: "",
  hasApi: false,
  isOpenSource: false,
  isVerified: false,
  website: "",
  releaseDate: "",
  benchmarkDetails: "",
  sources: "",
  lastVerifiedAt: "",
};

/** A model's facts as the form's text (lists one per line, numbers as typed). */
function formValues(m: CatalogModel): CatalogFormValues {
  const num = (v: number | null) => (v === null ? "" : String(v));
  return {
    name: m.name,
    slug: m.slug,
    company: m.company,
    description: m.description,
    longDescription: m.longDescription,
    category: m.category,
    pricing: m.pricing,
    pricingDetails: m.pricingDetails ?? "",
    priceInputPerM: num(m.priceInputPerM),
    priceOutputPerM: num(m.priceOutputPerM),
    contextWindow: num(m.contextWindow),
    license: m.license ?? "",
    openWeights: m.openWeights,
    features: m.features.join("\n"),
    useCases: m.useCases.join("\n"),
    modelSize: m.modelSize ?? "",
    trainingData: m.trainingData ?? "",
    hasApi: m.hasApi,
    isOpenSource: m.isOpenSource,
    isVerified: m.isVerified,
    website: m.website ?? "",
    releaseDate: m.releaseDate ?? "",
    benchmarkDetails: Object.entries(m.benchmarkDetails)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
    sources: m.sources.join("\n"),
    lastVerifiedAt: m.lastVerifiedAt ?? "",
  };
}

const FIELDS = Object.keys(EMPTY) as Path<CatalogFormValues>[];

/** A field's message, also when the rule that failed was one item's ("sources.1", "benchmarkDetails.MMLU"). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref" || key === "type") continue;
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

function ModelFields({
  initial,
  model,
  onClose,
}: {
  initial: CatalogFormValues;
  model: CatalogModel | null;
  onClose: () => void;
}) {
  const ids = useId();
  const create = useCreateModel();
  const update = useUpdateModel();
  const form = useForm<CatalogFormValues, unknown, FormOutput>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  // The model as the form opened it (a refetch while editing must not move it): saves meanwhile refuse this one.
  const [openedAt] = useState(model?.updatedAt);
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (model) await update.mutateAsync({ id: model.id, body: { ...values, expectedUpdatedAt: openedAt } });
      else await create.mutateAsync(values);
      toast({ title: model ? CATALOG_MESSAGES.saved : CATALOG_MESSAGES.created, variant: "success" });
      onClose();
    } catch (err) {
      if (applyServerErrors(form.setError, err, FIELDS)) return;
      setError(errorMessage(err, "The model was not saved. Please try again."));
    }
  });

  const text = (
    name: Path<CatalogFormValues>,
    label: string,
    max: number,
    opts: { required?: boolean; hint?: string; type?: string } = {},
  ) => (
    <FormField
      id={`${ids}-${name}`}
      label={label}
      hint={opts.hint}
      required={opts.required}
      error={messageOf(errors[name as keyof typeof errors])}
    >
      {(control) => (
        <Input {...control} type={opts.type ?? "text"} maxLength={max} {...form.register(name)} />
      )}
    </FormField>
  );
  const lines = (name: Path<CatalogFormValues>, label: string, hint: string) => (
    <FormField
      id={`${ids}-${name}`}
      label={label}
      hint={hint}
      error={messageOf(errors[name as keyof typeof errors])}
      className="sm:col-span-2"
    >
      {(control) => <Textarea {...control} rows={3} {...form.register(name)} />}
    </FormField>
  );
  const check = (name: Path<CatalogFormValues>, label: string) => (
    <div className="flex items-center gap-2">
      <input
        id={`${ids}-${name}`}
        type="checkbox"
        className="h-4 w-4 accent-[var(--color-primary)]"
        {...form.register(name)}
      />
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
    </div>
  );

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      {text("name", "Name", CATALOG_LIMITS.nameMax, { required: true })}
      {text("company", "Company", CATALOG_LIMITS.companyMax, { required: true })}
      {text("slug", "Address (slug)", CATALOG_LIMITS.slugMax, {
        hint: model
          ? "Changing it keeps the old address working as a redirect"
          : "Lower-case letters, digits and hyphens; from the name when left empty",
      })}
      {text("website", "Website", CATALOG_LIMITS.urlMax, { type: "url" })}
      <FormField
        id={`${ids}-description`}
        label="Description"
        required
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={CATALOG_LIMITS.descriptionMax}
            {...form.register("description")}
          />
        )}
      </FormField>
      <FormField
        id={`${ids}-longDescription`}
        label="Long description"
        error={errors.longDescription?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={CATALOG_LIMITS.longDescriptionMax}
            {...form.register("longDescription")}
          />
        )}
      </FormField>
      <FormField id={`${ids}-category`} label="Category" required error={errors.category?.message}>
        {(control) => (
          <select {...control} className={select} {...form.register("category")}>
            {MODEL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${ids}-pricing`} label="Pricing" required error={errors.pricing?.message}>
        {(control) => (
          <select {...control} className={select} {...form.register("pricing")}>
            {MODEL_PRICING.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text("priceInputPerM", "Input price (USD per 1M tokens)", 20, { hint: "Empty when not published" })}
      {text("priceOutputPerM", "Output price (USD per 1M tokens)", 20, { hint: "Empty when not published" })}
      {text("contextWindow", "Context window (tokens)", 12)}
      {text("license", "License", CATALOG_LIMITS.licenseMax)}
      {text("pricingDetails", "Pricing details", CATALOG_LIMITS.pricingDetailsMax)}
      {text("modelSize", "Model size", CATALOG_LIMITS.modelSizeMax)}
      {text("releaseDate", "Release date", 10, { type: "date" })}
      {text("lastVerifiedAt", "Last verified", 10, {
        type: "date",
        hint: "The day the facts were checked against the sources",
      })}
      {text("trainingData", "Training data", CATALOG_LIMITS.trainingDataMax)}
      <fieldset className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Availability</legend>
        {check("openWeights", "Open weights")}
        {check("isOpenSource", "Open source")}
        {check("hasApi", "API available")}
        {check("isVerified", "Verified facts badge")}
      </fieldset>
      {lines("features", "Features", "One per line")}
      {lines("useCases", "Use cases", "One per line")}
      {lines("benchmarkDetails", "Benchmarks", "One per line, as “Name: score” (0–100)")}
      {lines("sources", "Sources", "One link per line (http or https)")}
      <div className="sm:col-span-2">
        <FieldError id={`${ids}-error`} message={error ?? undefined} />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {model ? "Save model" : "Create model"}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The create/edit dialog of the Models tab: every fact of the model, the shared zod schema. */
export function ModelDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const model = useCatalogModel(id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={id === null ? "New model" : `Edit ${model.data?.name ?? "model"}`}
      description="Every change is written to the audit log."
      className="max-w-2xl"
    >
      {id === null ? (
        <ModelFields initial={EMPTY} model={null} onClose={onClose} />
      ) : model.data ? (
        <ModelFields initial={formValues(model.data)} model={model.data} onClose={onClose} />
      ) : model.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(model.error, "The model could not be loaded.")}
        </p>
      ) : (
        <Spinner label="Loading model..." />
      )}
    </Dialog>
  );
}
