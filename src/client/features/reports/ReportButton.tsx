import { Flag } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGET_LABELS,
  type ReportReason,
  type ReportTargetType,
} from "../../../common/reports";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FieldError, Label, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { useCreateReport } from "./api";

/**
 * "Report" for any post, comment, thread, reply, prompt or member: a small flag button that
 * opens a dialog with the fixed reasons and optional details. Show it only to signed-in members
 * and not on their own content (the server refuses both anyway).
 */
export function ReportButton({
  targetType,
  targetId,
  className,
}: {
  targetType: ReportTargetType;
  targetId: number;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReport();
  const ids = useId();
  const what = REPORT_TARGET_LABELS[targetType];

  const reset = () => {
    setReason(null);
    setDetails("");
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError("Please choose a reason");
    try {
      await create.mutateAsync({ targetType, targetId, reason, details: details.trim() || undefined });
      toast({ title: "Report sent", description: REPORT_MESSAGES.sent, variant: "success" });
      setOpen(false);
      reset();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast({ title: "Already reported", description: err.userMessage });
        setOpen(false);
        reset();
        return;
      }
      setError(errorMessage(err, "The report could not be sent. Please try again."));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title={`Report this ${what}`}
      description="Tell the moderators what is wrong. Reports are anonymous to the author."
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Report ${what}`} className={className}>
          <Flag className="h-4 w-4" aria-hidden="true" />
        </Button>
      }
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Reason</legend>
          {REPORT_REASONS.map((r) => (
            <div key={r} className="flex items-center gap-2">
              <input
                id={`${ids}-${r}`}
                type="radio"
                name={`${ids}-reason`}
                value={r}
                className="h-4 w-4"
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
              />
              <Label htmlFor={`${ids}-${r}`} className="font-normal">
                {REPORT_REASON_LABELS[r]}
              </Label>
            </div>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-details`}>Details (optional)</Label>
          <Textarea
            id={`${ids}-details`}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        <FieldError id={`${ids}-error`} message={error ?? undefined} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" pending={create.isPending}>
            {create.isPending ? "Sending..." : "Send report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
