import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  MODEL_VERSION_LIMITS,
  MODEL_VERSION_MESSAGES,
  type ModelVersion,
  type modelVersionInputSchema,
} from "../../../common/model-versions";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { FormField } from "../../ui/form-field";
import { Input, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useVersionMutations } from "./api";

type Values = z.input<typeof modelVersionInputSchema>;
type Output = z.output<typeof modelVersionInputSchema>;
const resolver = lazyZodResolver(() =>
  import("../../../common/model-versions").then((m) => m.modelVersionInputSchema),
);
const FIELDS = ["name", "releaseDate", "notes"] as const;
const EMPTY: Values = { name: "", releaseDate: "", notes: "" };

/**
 * An admin's form for one version (decision 0114): add one to the model, or edit `version`.
 * A name the model already has is refused by the server (409) and shown on the name.
 */
export function VersionForm({
  modelId,
  slug,
  version,
  onDone,
}: {
  modelId: number;
  slug: string;
  version?: ModelVersion;
  onDone?: () => void;
}) {
  const { create, update } = useVersionMutations(modelId, slug);
  const idBase = version ? `version-${version.id}` : "version-new";
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: version
      ? { name: version.name, releaseDate: version.releaseDate, notes: version.notes }
      : EMPTY,
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (version) await update.mutateAsync({ id: version.id, body });
      else await create.mutateAsync(body);
      toast({
        title: version ? MODEL_VERSION_MESSAGES.updated : MODEL_VERSION_MESSAGES.created,
        variant: "success",
      });
      if (!version) form.reset(EMPTY);
      onDone?.();
    } catch (err) {
      if (applyServerErrors(form.setError, err, FIELDS)) return;
      form.setError("name", { type: "server", message: errorMessage(err, "The version could not be saved") });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={version ? `Edit version ${version.name}` : "Add a version"}
      className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2"
    >
      <FormField id={`${idBase}-name`} label="Version name" required error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            maxLength={MODEL_VERSION_LIMITS.nameMax}
            autoComplete="off"
            {...form.register("name")}
          />
        )}
      </FormField>
      <FormField
        id={`${idBase}-date`}
        label="Release date"
        required
        hint="YYYY-MM-DD"
        error={errors.releaseDate?.message}
      >
        {(control) => <Input {...control} type="date" {...form.register("releaseDate")} />}
      </FormField>
      <FormField
        id={`${idBase}-notes`}
        label="Notes (optional)"
        className="sm:col-span-2"
        error={errors.notes?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-16"
            maxLength={MODEL_VERSION_LIMITS.notesMax}
            {...form.register("notes")}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" pending={pending}>
          {version ? "Save version" : "Add version"}
        </Button>
        {onDone && version ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
