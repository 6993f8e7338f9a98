import { Inbox } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import {
  MODEL_REQUEST_MESSAGES,
  MODEL_REQUEST_SORT_LABELS,
  MODEL_REQUEST_SORTS,
  MODEL_REQUEST_STATUS_LABELS,
  type ModelRequestSort,
} from "../../../common/model-requests";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth";
import { useModelRequests } from "./api";
import { RequestCard } from "./RequestCard";
import { RequestForm } from "./RequestForm";

const STATUSES = ["open", "accepted", "declined"] as const;
type Status = (typeof STATUSES)[number];
const isSort = (v: string | null): v is ModelRequestSort =>
  v !== null && (MODEL_REQUEST_SORTS as readonly string[]).includes(v);
const isStatus = (v: string | null): v is Status => v !== null && (STATUSES as readonly string[]).includes(v);

/** /ai-models/requests: the open requests, most upvoted or newest first, and the request form. */
export default function ModelRequestsPage() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const sort: ModelRequestSort = isSort(params.get("sort"))
    ? (params.get("sort") as ModelRequestSort)
    : "top";
  const status: Status = isStatus(params.get("status")) ? (params.get("status") as Status) : "open";
  const list = useModelRequests(status, sort);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // A notice or a duplicate's refusal links one request (`#request-<id>`): shown once it is loaded.
  const { hash } = useLocation();
  const loaded = items.length > 0;
  useEffect(() => {
    if (!loaded || !/^#request-\d+$/.test(hash)) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);
  const set = (next: { sort?: ModelRequestSort; status?: Status }) => {
    const s = next.sort ?? sort;
    const st = next.status ?? status;
    setParams(
      { ...(s === "top" ? {} : { sort: s }), ...(st === "open" ? {} : { status: st }) },
      { replace: true },
    );
  };

  return (
    <Page
      title="Model Requests"
      lead="Missing a model in the directory? Ask for it, and upvote the requests you want too."
      actions={
        <Button asChild variant="outline">
          <Link to="/ai-models">Back to AI Models</Link>
        </Button>
      }
    >
      <div className="grid gap-6">
        {isAuthenticated ? (
          <RequestForm />
        ) : (
          <p className="rounded-xl border border-border bg-card p-4">
            <Link to="/auth" className="text-primary underline">
              Log in to request a model
            </Link>{" "}
            or to upvote one.
          </p>
        )}
        <section aria-labelledby="requests-heading" className="grid gap-4">
          <h2 id="requests-heading" className="text-xl font-semibold">
            Requests
          </h2>
          <div className="flex flex-wrap gap-4">
            <fieldset className="flex flex-wrap gap-2 border-0 p-0">
              <legend className="sr-only">Show</legend>
              {STATUSES.map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={s === status ? "primary" : "outline"}
                  aria-pressed={s === status}
                  onClick={() => set({ status: s })}
                >
                  {MODEL_REQUEST_STATUS_LABELS[s]}
                </Button>
              ))}
            </fieldset>
            <fieldset className="flex flex-wrap gap-2 border-0 p-0">
              <legend className="sr-only">Sort by</legend>
              {MODEL_REQUEST_SORTS.map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={s === sort ? "primary" : "outline"}
                  aria-pressed={s === sort}
                  onClick={() => set({ sort: s })}
                >
                  {MODEL_REQUEST_SORT_LABELS[s]}
                </Button>
              ))}
            </fieldset>
          </div>
          {list.isPending ? (
            <Spinner label="Loading requests..." />
          ) : list.isError ? (
            <EmptyState
              title="Failed to load requests"
              description={errorMessage(list.error, "Please try again.")}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={<Inbox className="h-8 w-8" />}
              title={status === "open" ? MODEL_REQUEST_MESSAGES.empty : "Nothing here yet"}
            />
          ) : (
            <ul className="grid gap-3">
              {items.map((r) => (
                <li key={r.id}>
                  <RequestCard request={r} />
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage ? (
            <Button variant="outline" pending={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
              {list.isFetchingNextPage ? "Loading..." : "Load More"}
            </Button>
          ) : null}
        </section>
      </div>
    </Page>
  );
}
