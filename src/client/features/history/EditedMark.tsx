import { lazy, Suspense, useState } from "react";
import type { HistoryKind } from "../../../common/history";
import { formatRelativeTime } from "../../../common/time";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";

// The history and its word diff (the `diff` package) load when the dialog first opens (route budgets).
const HistoryList = lazy(() => import("./HistoryList"));

/**
 * The "edited" mark of an edited post, comment, thread, reply, prompt or review: a button with
 * the last edit's time that opens the item's revisions with a word diff (decision 0106).
 */
export function EditedMark({
  kind,
  id,
  editedAt,
  className,
}: {
  kind: HistoryKind;
  id: number;
  editedAt: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Edit history"
      description="Every kept version, newest first. Added words are underlined, removed words are struck through."
      className="max-w-2xl"
      trigger={
        <button
          type="button"
          className={
            className ??
            "rounded text-sm text-muted-foreground underline underline-offset-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          }
          title={new Date(editedAt).toLocaleString()}
        >
          edited{" "}
          <time dateTime={editedAt} suppressHydrationWarning>
            {formatRelativeTime(editedAt)}
          </time>
        </button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the history..." />}>
        <HistoryList kind={kind} id={id} editedAt={editedAt} />
      </Suspense>
    </Dialog>
  );
}
