import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ForumAuthor } from "../../../common/forums";
import { formatRelativeTime } from "../../../common/time";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { GenerationBadge } from "../../ui/generation-badge";
import { EditedMark } from "../history";

/** Avatar, name (a profile link for members: profiles are a signed-in route), generation and time. */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
  history,
  linkable,
  size = 36,
}: {
  author: ForumAuthor;
  createdAt: string;
  editedAt?: string | null;
  /** Where the "edited" mark's history comes from (decision 0106). */
  history?: { kind: "threads" | "replies"; id: number };
  linkable: boolean;
  size?: number;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={author.avatar} name={author.username} size={size} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {linkable ? (
            <Link to={`/profile/${author.id}`} className="font-semibold hover:underline">
              {author.username}
            </Link>
          ) : (
            <span className="font-semibold">{author.username}</span>
          )}
          <GenerationBadge generation={author.generation} />
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={createdAt} suppressHydrationWarning>
            {formatRelativeTime(createdAt)}
          </time>
          {editedAt ? (
            <>
              {" · "}
              {history ? (
                <EditedMark kind={history.kind} id={history.id} editedAt={editedAt} />
              ) : (
                <span title={new Date(editedAt).toLocaleString()} suppressHydrationWarning>
                  edited
                </span>
              )}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** A confirmation before something is removed for good. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onConfirm: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          variant="destructive"
          disabled={pending}
          onClick={async () => {
            setPending(true);
            try {
              await onConfirm();
            } finally {
              setPending(false);
            }
          }}
        >
          {pending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}

/** Breadcrumbs shared by the forum and thread screens. */
export function ForumBreadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={i} className="flex min-w-0 items-center gap-1">
            {i > 0 ? <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
            {item.to ? (
              <Link to={item.to} className="hover:text-foreground hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate text-foreground">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A native select styled like the Input primitive (native: accessible and mobile-friendly). */
export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";
