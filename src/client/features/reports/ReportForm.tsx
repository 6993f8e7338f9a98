import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportCreateInput,
  type ReportTargetType,
} from "../../../common/reports";
import { applyServerErrors } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { FormField, FormFieldset } from "../../ui/form-field";
import { FieldError, Label, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useCreateReport } from "./api";

/** What the member fills in; the target comes from the button. */
const resolver = lazyZodResolver(() => import("./report-form-schema").then((m) => m.reportFormSchema));
type ReportFormInput = Pick<ReportCreateInput, "reason" | "details">;
type ReportFormData = ReportFormInput;
const EMPTY: ReportFormInput = { reason: undefined as never, details: "" };
const SERVER_FIELDS = ["reason", "details"] as const;

/**
 * The report dialog's form: the fixed reasons and optional details. It loads with the dialog's
 * first opening (react-hook-form stays out of the routes that show a Report button) and starts
 * empty each time, as the dialog unmounts it when it closes.
 */
export default function ReportForm({
  targetType,
  targetId,
  onDone,
}: {
  targetType: ReportTargetType;
  targetId: number;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReport();
  const ids = useId();
  const form = useForm<ReportFormInput, unknown, ReportFormData>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const reason = values.reason;
    const details = values.details ?? "";
    setError(null);
    try {
      await create.mutateAsync({ targetType, targetId, reason, details: details.trim() || undefined });
      toast({ title: "Report sent", description: REPORT_MESSAGES.sent, variant: "success" });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast({ title: "Already reported", description: err.userMessage });
        onDone();
        return;
      }
      // A validation 400 names its fields: their messages go under the fields themselves.
      if (applyServerErrors(form.setError, err, SERVER_FIELDS)) return;
      setError(errorMessage(err, "The report could not be sent. Please try again."));
    }
  });

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <FormFieldset id={`${ids}-reason`} legend="Reason" error={errors.reason?.message}>
        {(control) =>
          REPORT_REASONS.map((r) => (
            <div key={r} className="flex items-center gap-2">
              <input
                {...control}
                id={`${ids}-${r}`}
                type="radio"
                value={r}
                className="h-4 w-4"
                // biome-ignore lint/a11y/noAutofocus: the form loads after the dialog the member opened took the focus; its first choice takes it, as it would have on opening
                autoFocus={r === REPORT_REASONS[0]}
                {...form.register("reason", { onChange: () => setError(null) })}
              />
              <Label htmlFor={`${ids}-${r}`} className="font-normal">
                {REPORT_REASON_LABELS[r]}
              </Label>
            </div>
          ))
        }
      </FormFieldset>
      <FormField id={`${ids}-details`} label="Details (optional)" error={errors.details?.message}>
        {(control) => <Textarea {...control} maxLength={REPORT_DETAILS_MAX} {...form.register("details")} />}
      </FormField>
      <FieldError id={`${ids}-error`} message={error ?? undefined} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" pending={create.isPending}>
          {create.isPending ? "Sending..." : "Send report"}
        </Button>
      </div>
    </form>
  );
}
