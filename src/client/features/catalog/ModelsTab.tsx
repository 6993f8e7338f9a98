import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import {
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  CATALOG_STATUSES,
  type CatalogListItem,
  type CatalogStatus,
  type RetireInput,
} from "../../../common/catalog";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { EmptyState } from "../../ui/empty-state";
import { FormField } from "../../ui/form-field";
import { FieldError, Input, Label } from "../../ui/input";
import { LoadMore } from "../../ui/load-more";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useCatalogList, useRestoreModel, useRetireModel, useReviewQueue, useVerifyModel } from "./api";
import { ModelDialog } from "./ModelForm";

const retireResolver = lazyZodResolver(() =>
  import("../../../common/catalog").then((m) => m.retireBodySchema),
);
const select = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";
const STATUS_LABELS: Record<CatalogStatus, string> = {
  all: "All models",
  listed: "Listed",
  retired: "Retired",
};

const failed = (err: unknown) =>
  toast({ title: errorMessage(err, "The action failed. Please try again."), variant: "destructive" });

/** "March 3, 2026", or "Never verified". */
export function verifiedLabel(day: string | null): string {
  if (day === null) return "Never verified";
  const date = new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return `Last verified ${date}`;
}

function RetireDialog({
  model,
  onClose,
  onDone,
}: {
  model: CatalogListItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const ids = useId();
  const retire = useRetireModel();
  const form = useForm<RetireInput>({ resolver: retireResolver as never, defaultValues: { reason: "" } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await retire.mutateAsync({ id: model.id, reason: reason?.trim() ?? "" });
      toast({ title: CATALOG_MESSAGES.retired, variant: "success" });
      onDone();
    } catch (err) {
      if (applyServerErrors(form.setError, err, ["reason"])) return;
      setError(errorMessage(err, "The model was not retired. Please try again."));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Retire “${model.name}”?`}
      description="It leaves the directory, search, the compare picker and the best picks. Its page stays reachable with a Retired notice, and you can restore it."
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <FormField
          id={`${ids}-reason`}
          label="Reason (optional)"
          hint="Kept in the audit log"
          error={form.formState.errors.reason?.message}
        >
          {(control) => (
            <Input {...control} maxLength={CATALOG_LIMITS.reasonMax} {...form.register("reason")} />
          )}
        </FormField>
        <FieldError id={`${ids}-error`} message={error ?? undefined} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" pending={retire.isPending}>
            Retire model
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReviewQueue() {
  const queue = useReviewQueue();
  const verify = useVerifyModel();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="catalog-queue-heading" className="grid gap-3">
      <h2 id="catalog-queue-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Review queue
      </h2>
      <p className="text-sm text-muted-foreground">
        Models whose facts were never verified or not in the last 90 days, oldest first. Check them against
        their sources, edit what changed, then mark them verified.
      </p>
      {queue.isPending ? (
        <Spinner label="Loading the review queue..." />
      ) : items.length === 0 ? (
        <EmptyState title={CATALOG_MESSAGES.queueEmpty} />
      ) : (
        <ul className="grid gap-2">
          {items.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <div className="grid gap-0.5">
                <Link to={`/ai-models/${m.slug}`} className="font-medium text-primary underline">
                  {m.name}
                </Link>
                <span className="text-sm text-muted-foreground">{verifiedLabel(m.lastVerifiedAt)}</span>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Mark ${m.name} verified today`}
                pending={verify.isPending && verify.variables === m.id}
                onClick={() =>
                  verify.mutate(m.id, {
                    onSuccess: (res) => {
                      toast({ title: res.message, variant: "success" });
                      setTimeout(() => requestAnimationFrame(() => heading.current?.focus()), 0);
                    },
                    onError: failed,
                  })
                }
              >
                Mark verified today
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={queue} label="Load More" />
    </section>
  );
}

/** The search box's text, applied a moment after typing stops. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Open = { kind: "edit"; id: number | null } | { kind: "retire"; model: CatalogListItem } | null;

/** The admin dashboard's Models tab (decisions 0116, 0117): the review queue and the catalog editor. */
export function ModelsTab() {
  const ids = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CatalogStatus>("all");
  const term = useDebounced(search.trim());
  const list = useCatalogList(term, status);
  const restore = useRestoreModel();
  const [dialog, setDialog] = useState<Open>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const focusOn = (target: RefObject<HTMLHeadingElement | null>) => {
    setDialog(null);
    setTimeout(() => requestAnimationFrame(() => target.current?.focus()), 0);
  };

  return (
    <div className="grid gap-8">
      <ReviewQueue />
      <section aria-labelledby="catalog-models-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="catalog-models-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
            Models
          </h2>
          <Button onClick={() => setDialog({ kind: "edit", id: null })}>New model</Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-search`}>Search models</Label>
            <Input
              id={`${ids}-search`}
              type="search"
              value={search}
              maxLength={CATALOG_LIMITS.searchMax}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-status`}>Show</Label>
            <select
              id={`${ids}-status`}
              className={select}
              value={status}
              onChange={(e) => setStatus(e.target.value as CatalogStatus)}
            >
              {CATALOG_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {list.isPending ? (
          <Spinner label="Loading models..." />
        ) : items.length === 0 ? (
          <EmptyState title={CATALOG_MESSAGES.noModels} />
        ) : (
          <ul className="grid gap-2">
            {items.map((m) => (
              <li
                key={m.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link to={`/ai-models/${m.slug}`} className="font-medium text-primary underline">
                      {m.name}
                    </Link>
                    {m.retiredAt ? <Badge tone="warning">Retired</Badge> : null}
                    {!m.retiredAt && m.stale ? <Badge tone="outline">Needs review</Badge> : null}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {m.company} · {m.category} · {verifiedLabel(m.lastVerifiedAt)}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${m.name}`}
                    onClick={() => setDialog({ kind: "edit", id: m.id })}
                  >
                    Edit
                  </Button>
                  {m.retiredAt ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Restore ${m.name}`}
                      pending={restore.isPending && restore.variables === m.id}
                      onClick={() =>
                        restore.mutate(m.id, {
                          onSuccess: (res) => toast({ title: res.message, variant: "success" }),
                          onError: failed,
                        })
                      }
                    >
                      Restore
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Retire ${m.name}`}
                      onClick={() => setDialog({ kind: "retire", model: m })}
                    >
                      Retire
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={list} label="Load More" />
      </section>
      {dialog?.kind === "edit" ? <ModelDialog id={dialog.id} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "retire" ? (
        <RetireDialog model={dialog.model} onClose={() => setDialog(null)} onDone={() => focusOn(heading)} />
      ) : null}
    </div>
  );
}
