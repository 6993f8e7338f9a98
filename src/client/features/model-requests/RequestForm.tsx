import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import {
  MODEL_REQUEST_LIMITS,
  MODEL_REQUEST_MESSAGES,
  type ModelRequestInput,
} from "../../../common/model-requests";
import { applyServerErrors } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { FormField } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useCreateRequest } from "./api";

const resolver = lazyZodResolver(() =>
  import("../../../common/model-requests").then((m) => m.modelRequestInputSchema),
);
const EMPTY: ModelRequestInput = { name: "", maker: "", link: "", why: "" };
const FIELDS = ["name", "maker", "link", "why"] as const;

/** The request form: name, maker, link (http/https), why; a duplicate's refusal links the original. */
export function RequestForm() {
  const ids = useId();
  const create = useCreateRequest();
  const form = useForm<ModelRequestInput>({ resolver: resolver as never, defaultValues: EMPTY });
  const { errors } = form.formState;
  const [refusal, setRefusal] = useState<{ message: string; url: string | null } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await create.mutateAsync(values);
      form.reset(EMPTY);
      toast({ title: MODEL_REQUEST_MESSAGES.created, variant: "success" });
    } catch (err) {
      if (applyServerErrors(form.setError, err, FIELDS)) return;
      setRefusal({
        message: errorMessage(err, "Your request could not be sent. Please try again."),
        url: err instanceof ApiError ? err.url : null,
      });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 md:grid-cols-2"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold md:col-span-2">
        Request a model
      </h2>
      <FormField id={`${ids}-name`} label="Model name" required error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            maxLength={MODEL_REQUEST_LIMITS.nameMax}
            autoComplete="off"
            {...form.register("name")}
          />
        )}
      </FormField>
      <FormField id={`${ids}-maker`} label="Maker" required error={errors.maker?.message}>
        {(control) => (
          <Input
            {...control}
            maxLength={MODEL_REQUEST_LIMITS.makerMax}
            autoComplete="off"
            {...form.register("maker")}
          />
        )}
      </FormField>
      <FormField
        id={`${ids}-link`}
        label="Link"
        hint="The model's page at its maker (http or https)"
        required
        error={errors.link?.message}
        className="md:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={MODEL_REQUEST_LIMITS.linkMax}
            {...form.register("link")}
          />
        )}
      </FormField>
      <FormField
        id={`${ids}-why`}
        label="Why should it be in the directory?"
        required
        error={errors.why?.message}
        className="md:col-span-2"
      >
        {(control) => (
          <Textarea {...control} rows={3} maxLength={MODEL_REQUEST_LIMITS.whyMax} {...form.register("why")} />
        )}
      </FormField>
      <div className="md:col-span-2">
        <FieldError id={`${ids}-error`} message={refusal?.message} />
        {refusal?.url ? (
          <p className="mt-1 text-sm">
            <Link to={refusal.url} className="text-primary underline">
              {refusal.url.startsWith("/ai-models/requests") ? "See the existing request" : "See the model"}
            </Link>
          </p>
        ) : null}
        <Button type="submit" className="mt-2" pending={create.isPending}>
          {create.isPending ? "Sending..." : "Submit request"}
        </Button>
      </div>
    </form>
  );
}
