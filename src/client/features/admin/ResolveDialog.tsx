import { type FormEvent, useId, useState } from "react";
import {
  RATE_LIMIT_PERIODS,
  REPORT_ACTION_LABELS,
  type ReportAction,
  type ReportGroup,
  WARNING_MAX,
} from "../../../common/admin";
import { REPORT_TARGET_LABELS } from "../../../common/reports";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FieldError, Input, Label, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { useResolveReport } from "./api";

const EXPLANATIONS: Record<ReportAction, string> = {
  dismiss: "The reports were mistaken: they are closed and the item is shown again.",
  remove: "The item is deleted for good and its reports are closed.",
  warn: "The author gets a warning in their notifications; the item stays hidden.",
  rate_limit: "The author cannot publish anything for the chosen period; the item stays hidden.",
  ban: "The author is signed out everywhere and cannot sign in again until unbanned; the item stays hidden.",
};

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
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [hours, setHours] = useState<number>(24);
  const [error, setError] = useState<string | null>(null);
  const needsReason = action === "ban" || action === "rate_limit";
  const target = { targetType: group.targetType, targetId: group.targetId };
  const what = `${REPORT_TARGET_LABELS[group.targetType]} #${group.targetId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (needsReason && !reason.trim()) return setError("Please give a reason");
    if (action === "warn" && !message.trim()) return setError("Please write the warning");
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
      setError(errorMessage(err, "The action failed. Please try again."));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${REPORT_ACTION_LABELS[action]}: ${what}`}
      description={EXPLANATIONS[action]}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {action === "warn" ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-message`}>Warning sent to {group.author?.username ?? "the author"}</Label>
            <Textarea
              id={`${ids}-message`}
              value={message}
              maxLength={WARNING_MAX}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Please keep discussions civil and on topic."
            />
          </div>
        ) : null}
        {action === "rate_limit" ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-hours`}>Period</Label>
            <select
              id={`${ids}-hours`}
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
              value={hours}
              onChange={(e) => setHours(Number(e.target.value))}
            >
              {RATE_LIMIT_PERIODS.map((p) => (
                <option key={p.hours} value={p.hours}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-reason`}>
            Reason{needsReason ? "" : " (optional)"}, kept in the audit log
          </Label>
          <Input
            id={`${ids}-reason`}
            value={reason}
            maxLength={500}
            aria-invalid={error && needsReason && !reason.trim() ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
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
