import { Flag } from "lucide-react";
import { Suspense, useState } from "react";
import { REPORT_TARGET_LABELS, type ReportTargetType } from "../../../common/reports";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { preloadable } from "../../ui/preloadable";
import { Spinner } from "../../ui/spinner";

// The form (react-hook-form) loads when a report dialog first opens, or as the pointer or the
// focus reaches a Report button: the button sits on every post, comment, thread and profile, on
// routes near their size budget (decision 0144).
const ReportForm = preloadable(() => import("./ReportForm"));
const preload = () => void ReportForm.preload().catch(() => undefined);

/**
 * "Report" for any post, comment, thread, reply, prompt or member: a small flag button that
 * opens a dialog with the fixed reasons and optional details. Show it only to signed-in members
 * and not on their own content (the server refuses both anyway).
 */
export function ReportButton({
  targetType,
  targetId,
  className,
  label,
}: {
  targetType: ReportTargetType;
  targetId: number;
  className?: string;
  /** Visible text beside the flag, where the button stands apart from what it reports. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const what = REPORT_TARGET_LABELS[targetType];
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Report this ${what}`}
      description="Tell the moderators what is wrong. Reports are anonymous to the author."
      trigger={
        <Button
          variant="ghost"
          size="sm"
          // Named by its text when it shows one (the name must hold the visible words).
          aria-label={label ? undefined : `Report ${what}`}
          className={className}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <Flag className="h-4 w-4" aria-hidden="true" />
          {label}
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading..." />}>
        <ReportForm targetType={targetType} targetId={targetId} onDone={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
