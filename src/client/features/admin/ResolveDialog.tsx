import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  RATE_LIMIT_PERIODS,
  REPORT_ACTION_LABELS,
  type ReportAction,
  type ReportGroup,
  WARNING_MAX,
} from "../../../common/admin";
import { REPORT_TARGET_LABELS } from "../../../common/reports";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormField } from "../../ui/form-field";
import { FieldError, Input, Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useResolveReport } from "./api";

const EXPLANATIONS: Record<ReportAction, string> = {
  dismiss: "The reports were mistaken: they are closed and the item is shown again.",
  remove: "The item is deleted for good and its reports are closed.",
  warn: "The author gets a warning in their notifications; the item stays hidden.",
  rate_limit: "The author cannot publish anything for the chosen period; the item stays hidden.",
  ban: "The author is signed out everywhere and cannot sign in again until unbanned; the item stays hidden.",
};

/** Each decision's fields with the server's rules for them (the same as the member actions'). */
const schemas = () => import("../../../common/admin");
const FORMS = {
  dismiss: { resolver: lazyZodResolver(() => schemas().then((m) => m.unbanSchema)), values: { reason: "" } },
  remove: { resolver: lazyZodResolver(() => schemas().then((m) => m.unbanSchema)), values: { reason: "" } },
  warn: {
    resolver: lazyZodResolver(() => schemas().then((m) => m.warnSchema)),
    values: { message: "", reason: "" },
  },
  rate_limit: {
    resolver: lazyZodResolver(() => schemas().then((m) => m.rateLimitSchema)),
    values: { hours: 24, reason: "" },
  },
  ban: { resolver: lazyZodResolver(() => schemas().then((m) => m.banSchema)), values: { reason: "" } },
} as const;
type ResolveValues = { reason: string; message?: string; hours?: number };

/** Confirms an admin's decision on a reported item, with the inputs that decision needs. */
export function ResolveDialog({
  group,
  action,
  onClose,
}: {
  group: ReportGroup;
  action: ReportAction;
  onClose: () => void;
}) {
  const resolve = useResolveReport();
  const ids = useId();
  const form = useForm<ResolveValues>({
    resolver: FORMS[action].resolver as never,
    defaultValues: FORMS[action].values,
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const needsReason = action === "ban" || action === "rate_limit";
  const target = { targetType: group.targetType, targetId: group.targetId };
  const what = `${REPORT_TARGET_LABELS[group.targetType]} #${group.targetId}`;

  const submit = form.handleSubmit(async ({ reason, message = "", hours = 24 }) => {
    setError(null);
    const why = reason.trim() || undefined;
    const input =
      action === "warn"
        ? { action, ...target, message: message.trim(), reason: why }
        : action === "rate_limit"
          ? { action, ...target, hours, reason: reason.trim() }
          : action === "ban"
            ? { action, ...target, reason: reason.trim() }
            : { action, ...target, reason: why };
    try {
      const res = await resolve.mutateAsync(input);
      toast({ title: res.message, description: `${what} is resolved.`, variant: "success" });
      onClose();
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      if (applyServerErrors(form.setError, err, ["reason", "message", "hours"])) return;
      setError(errorMessage(err, "The action failed. Please try again."));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${REPORT_ACTION_LABELS[action]}: ${what}`}
      description={EXPLANATIONS[action]}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {action === "warn" ? (
          <FormField
            id={`${ids}-message`}
            label={`Warning sent to ${group.author?.username ?? "the author"}`}
            required
            error={errors.message?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                maxLength={WARNING_MAX}
                placeholder="Please keep discussions civil and on topic."
                {...form.register("message")}
              />
            )}
          </FormField>
        ) : null}
        {action === "rate_limit" ? (
          <FormField id={`${ids}-hours`} label="Period" error={errors.hours?.message}>
            {(control) => (
              <select
                {...control}
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                {...form.register("hours", { valueAsNumber: true })}
              >
                {RATE_LIMIT_PERIODS.map((p) => (
                  <option key={p.hours} value={p.hours}>
                    {p.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <FormField
          id={`${ids}-reason`}
          label={`Reason${needsReason ? "" : " (optional)"}, kept in the audit log`}
          required={needsReason}
          error={errors.reason?.message}
        >
          {(control) => <Input {...control} maxLength={500} {...form.register("reason")} />}
        </FormField>
        <FieldError id={`${ids}-error`} message={error ?? undefined} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === "dismiss" ? "primary" : "destructive"}
            pending={resolve.isPending}
          >
            {resolve.isPending ? "Working..." : REPORT_ACTION_LABELS[action]}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
