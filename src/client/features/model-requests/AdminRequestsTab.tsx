import { type RefObject, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { MODEL_CATEGORIES, MODEL_PRICING } from "../../../common/ai-models";
import {
  type DraftInput,
  MODEL_REQUEST_LIMITS,
  MODEL_REQUEST_MESSAGES,
  type ModelRequest,
} from "../../../common/model-requests";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { FormDialog } from "../../ui/form-dialog";
import { FormField } from "../../ui/form-field";
import { Input, Textarea } from "../../ui/input";
import { LoadMore } from "../../ui/load-more";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import {
  useAcceptRequest,
  useDeclineRequest,
  useMergeRequest,
  useModelRequests,
  usePublishDraft,
  useSaveDraft,
} from "./api";
import { RequestCard } from "./RequestCard";

const schemas = () => import("../../../common/model-requests");
const declineResolver = lazyZodResolver(() => schemas().then((m) => m.declineRequestSchema));
const mergeResolver = lazyZodResolver(() => schemas().then((m) => m.mergeRequestSchema));
const draftResolver = lazyZodResolver(() => schemas().then((m) => m.draftInputSchema));
const select = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";

const failed = (err: unknown) =>
  toast({ title: errorMessage(err, "The action failed. Please try again."), variant: "destructive" });

function DeclineDialog({
  request,
  onClose,
  onDone,
}: {
  request: ModelRequest;
  onClose: () => void;
  /** After success: the card is gone, focus goes elsewhere. */
  onDone: () => void;
}) {
  const ids = useId();
  const decline = useDeclineRequest();
  const form = useForm<{ reason: string }>({
    resolver: declineResolver as never,
    defaultValues: { reason: "" },
  });
  return (
    <FormDialog
      form={form}
      fields={["reason"]}
      action={async ({ reason }) => {
        await decline.mutateAsync({ id: request.id, reason: reason.trim() });
        toast({ title: MODEL_REQUEST_MESSAGES.declined, variant: "success" });
        onDone();
      }}
      title={`Decline “${request.name}”`}
      description="The requester and the upvoters are told, with your reason."
      onClose={onClose}
      submitLabel="Decline request"
      submitVariant="destructive"
      pending={decline.isPending}
    >
      <FormField id={`${ids}-reason`} label="Reason" required error={form.formState.errors.reason?.message}>
        {(control) => (
          <Input {...control} maxLength={MODEL_REQUEST_LIMITS.reasonMax} {...form.register("reason")} />
        )}
      </FormField>
    </FormDialog>
  );
}

function MergeDialog({
  request,
  others,
  onClose,
  onDone,
}: {
  request: ModelRequest;
  others: ModelRequest[];
  onClose: () => void;
  onDone: () => void;
}) {
  const ids = useId();
  const merge = useMergeRequest();
  const form = useForm<{ intoId: number }>({
    resolver: mergeResolver as never,
    defaultValues: { intoId: others[0]?.id ?? 0 },
  });
  return (
    <FormDialog
      form={form}
      fields={["intoId"]}
      action={async ({ intoId }) => {
        await merge.mutateAsync({ id: request.id, intoId });
        toast({ title: MODEL_REQUEST_MESSAGES.merged, variant: "success" });
        onDone();
      }}
      title={`Merge “${request.name}”`}
      description="Its upvotes move to the request you choose; its requester is told."
      onClose={onClose}
      submitLabel="Merge requests"
      pending={merge.isPending}
    >
      <FormField id={`${ids}-into`} label="Merge into" required error={form.formState.errors.intoId?.message}>
        {(control) => (
          <select {...control} className={select} {...form.register("intoId", { valueAsNumber: true })}>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name} ({o.maker})
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}

function DraftDialog({ request, onClose }: { request: ModelRequest; onClose: () => void }) {
  const ids = useId();
  const save = useSaveDraft();
  const form = useForm<DraftInput>({
    resolver: draftResolver as never,
    defaultValues: {
      name: request.name,
      maker: request.maker,
      link: request.link,
      description: request.draft?.description ?? "",
      category: request.draft?.category ?? null,
      pricing: request.draft?.pricing ?? null,
    },
  });
  const { errors } = form.formState;
  const nullable = { setValueAs: (v: string) => (v === "" ? null : v) };
  return (
    <FormDialog
      form={form}
      fields={["name", "maker", "link", "description", "category", "pricing"]}
      action={async (draft) => {
        await save.mutateAsync({ id: request.id, draft });
        toast({ title: MODEL_REQUEST_MESSAGES.draftSaved, variant: "success" });
        onClose();
      }}
      title={`Draft: ${request.name}`}
      description="Only admins see a draft. Publish it once it has a description, a category and a pricing."
      onClose={onClose}
      submitLabel="Save draft"
      pending={save.isPending}
      failure="The draft was not saved. Please try again."
    >
      <FormField id={`${ids}-name`} label="Name" required error={errors.name?.message}>
        {(control) => (
          <Input {...control} maxLength={MODEL_REQUEST_LIMITS.nameMax} {...form.register("name")} />
        )}
      </FormField>
      <FormField id={`${ids}-maker`} label="Maker" required error={errors.maker?.message}>
        {(control) => (
          <Input {...control} maxLength={MODEL_REQUEST_LIMITS.makerMax} {...form.register("maker")} />
        )}
      </FormField>
      <FormField id={`${ids}-link`} label="Website" required error={errors.link?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            maxLength={MODEL_REQUEST_LIMITS.linkMax}
            {...form.register("link")}
          />
        )}
      </FormField>
      <FormField id={`${ids}-description`} label="Description" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={MODEL_REQUEST_LIMITS.descriptionMax}
            {...form.register("description")}
          />
        )}
      </FormField>
      <FormField id={`${ids}-category`} label="Category" error={errors.category?.message}>
        {(control) => (
          <select {...control} className={select} {...form.register("category", nullable)}>
            <option value="">Not chosen</option>
            {MODEL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${ids}-pricing`} label="Pricing" error={errors.pricing?.message}>
        {(control) => (
          <select {...control} className={select} {...form.register("pricing", nullable)}>
            <option value="">Not chosen</option>
            {MODEL_PRICING.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}

type Open = { kind: "decline" | "merge" | "draft"; request: ModelRequest } | null;

/** The admin dashboard's Model Requests tab: decide open requests, complete and publish drafts. */
export function AdminRequestsTab() {
  const open = useModelRequests("open", "top");
  const accepted = useModelRequests("accepted", "new");
  const accept = useAcceptRequest();
  const publish = usePublishDraft();
  const [dialog, setDialog] = useState<Open>(null);
  const openHeading = useRef<HTMLHeadingElement>(null);
  const draftsHeading = useRef<HTMLHeadingElement>(null);
  // A decided request's card (and the button that had focus) leaves its list: focus goes to the
  // list's heading, never to the page's body (after the dialog, if any, has returned focus).
  const focusOn = (heading: RefObject<HTMLHeadingElement | null>) => {
    setDialog(null);
    setTimeout(() => requestAnimationFrame(() => heading.current?.focus()), 0);
  };
  const openItems = open.data?.pages.flatMap((p) => p.items) ?? [];
  const drafts = (accepted.data?.pages.flatMap((p) => p.items) ?? []).filter((r) => r.draft !== null);

  return (
    <div className="grid gap-8">
      <section aria-labelledby="admin-open-requests" className="grid gap-3">
        <h2 id="admin-open-requests" ref={openHeading} tabIndex={-1} className="text-xl font-semibold">
          Open requests
        </h2>
        {open.isPending ? (
          <Spinner label="Loading requests..." />
        ) : openItems.length === 0 ? (
          <EmptyState title="No open requests" />
        ) : (
          <ul className="grid gap-3">
            {openItems.map((r) => (
              <li key={r.id}>
                <RequestCard
                  request={r}
                  actions={
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        aria-label={`Accept ${r.name}`}
                        pending={accept.isPending && accept.variables === r.id}
                        onClick={() =>
                          accept.mutate(r.id, {
                            onSuccess: () => {
                              focusOn(openHeading);
                              toast({ title: MODEL_REQUEST_MESSAGES.accepted, variant: "success" });
                            },
                            onError: failed,
                          })
                        }
                      >
                        Accept
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Decline ${r.name}`}
                        onClick={() => setDialog({ kind: "decline", request: r })}
                      >
                        Decline
                      </Button>
                      {openItems.length > 1 ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Merge ${r.name} into another request`}
                          onClick={() => setDialog({ kind: "merge", request: r })}
                        >
                          Merge
                        </Button>
                      ) : null}
                    </div>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={open} label="Load More" />
      </section>
      <section aria-labelledby="admin-draft-models" className="grid gap-3">
        <h2 id="admin-draft-models" ref={draftsHeading} tabIndex={-1} className="text-xl font-semibold">
          Draft models
        </h2>
        <p className="text-sm text-muted-foreground">
          Accepted requests wait here, unpublished and seen by admins only, until their draft is complete.
        </p>
        {accepted.isPending ? (
          <Spinner label="Loading drafts..." />
        ) : drafts.length === 0 ? (
          <EmptyState title="No drafts waiting" />
        ) : (
          <ul className="grid gap-3">
            {drafts.map((r) => (
              <li key={r.id}>
                <RequestCard
                  request={r}
                  actions={
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit the draft of ${r.name}`}
                        onClick={() => setDialog({ kind: "draft", request: r })}
                      >
                        Edit draft
                      </Button>
                      <Button
                        size="sm"
                        aria-label={`Publish ${r.name}`}
                        pending={publish.isPending && publish.variables === r.id}
                        onClick={() =>
                          publish.mutate(r.id, {
                            onSuccess: (res) => {
                              focusOn(draftsHeading);
                              toast({ title: res.message, variant: "success" });
                            },
                            onError: failed,
                          })
                        }
                      >
                        Publish
                      </Button>
                    </div>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog?.kind === "decline" ? (
        <DeclineDialog
          request={dialog.request}
          onClose={() => setDialog(null)}
          onDone={() => focusOn(openHeading)}
        />
      ) : null}
      {dialog?.kind === "merge" ? (
        <MergeDialog
          request={dialog.request}
          others={openItems.filter((o) => o.id !== dialog.request.id)}
          onClose={() => setDialog(null)}
          onDone={() => focusOn(openHeading)}
        />
      ) : null}
      {dialog?.kind === "draft" ? (
        <DraftDialog request={dialog.request} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
