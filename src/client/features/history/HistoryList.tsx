import { diffWords } from "diff";
import { type HistoryKind, REVISION_FIELD_LABELS, type Revision } from "../../../common/history";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { useHistory } from "./api";

/** The fields in the order the history shows them: known labels first, then any other. */
function fieldOrder(a: Revision, b: Revision | undefined): string[] {
  const keys = new Set([...Object.keys(a.fields), ...Object.keys(b?.fields ?? {})]);
  const known = Object.keys(REVISION_FIELD_LABELS).filter((k) => keys.has(k));
  return [...known, ...[...keys].filter((k) => !(k in REVISION_FIELD_LABELS))];
}

/**
 * A word diff: insertions in <ins>, deletions in <del>, each also said in words ("added",
 * "removed") for screen readers, and marked by underline or strike-through, not colour alone.
 */
function WordDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {parts.map((part, i) => {
        const key = `${i}-${part.added ? "a" : part.removed ? "r" : "s"}`;
        if (part.added) {
          return (
            <ins key={key} className="rounded-sm bg-success/15 underline underline-offset-2">
              <span className="sr-only">added: </span>
              {part.value}
              <span className="sr-only"> (end of addition)</span>
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del key={key} className="rounded-sm bg-destructive/15 line-through">
              <span className="sr-only">removed: </span>
              {part.value}
              <span className="sr-only"> (end of removal)</span>
            </del>
          );
        }
        return <span key={key}>{part.value}</span>;
      })}
    </p>
  );
}

function RevisionEntry({ revision, previous }: { revision: Revision; previous: Revision | undefined }) {
  const original = revision.rev === 1;
  const fields = fieldOrder(revision, previous).filter(
    (k) => original || !previous || (previous.fields[k] ?? "") !== (revision.fields[k] ?? ""),
  );
  return (
    <li className="rounded-lg border border-border p-3">
      <h3 className="text-sm font-semibold">
        {original ? "Original" : `Revision ${revision.rev}`}{" "}
        <span className="font-normal text-muted-foreground">
          <time
            dateTime={revision.editedAt}
            title={new Date(revision.editedAt).toLocaleString()}
            suppressHydrationWarning
          >
            {formatRelativeTime(revision.editedAt)}
          </time>
          {revision.editor ? ` by ${revision.editor.username}` : null}
        </span>
      </h3>
      <dl className="mt-2 space-y-2">
        {fields.map((k) => (
          <div key={k}>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {REVISION_FIELD_LABELS[k] ?? k}
            </dt>
            <dd>
              {previous && !original ? (
                <WordDiff before={previous.fields[k] ?? ""} after={revision.fields[k] ?? ""} />
              ) : (
                <p className="whitespace-pre-wrap break-words text-sm">{revision.fields[k] ?? ""}</p>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The revisions of one item, newest first, each with its changes since the one before. */
export default function HistoryList({
  kind,
  id,
  editedAt,
}: {
  kind: HistoryKind;
  id: number;
  editedAt: string;
}) {
  const history = useHistory(kind, id, editedAt);
  if (history.isPending) return <Spinner label="Loading the history..." />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(history.error, "The history could not be loaded. Please try again.")}
      </p>
    );
  }
  const items = history.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">No earlier versions were kept for this edit.</p>;
  }
  return (
    <div className="space-y-3">
      <ol className="space-y-3" aria-label="Revisions, newest first">
        {items.map((r, i) => (
          <RevisionEntry key={r.rev} revision={r} previous={items[i + 1]} />
        ))}
      </ol>
      {history.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            pending={history.isFetchingNextPage}
            onClick={() => history.fetchNextPage()}
          >
            Load earlier versions
          </Button>
        </div>
      ) : null}
    </div>
  );
}
