import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import {
  MODEL_VERSION_MESSAGES,
  type ModelVersion,
  VERSION_CHANGE_TEST,
} from "../../../common/model-versions";
import { countOf } from "../../../common/plural";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useVersionMutations, useVersions } from "./api";

/** The admins' form: its own chunk, never loaded for members and visitors. */
const VersionForm = lazy(() => import("./VersionForm").then((m) => ({ default: m.VersionForm })));

const formatDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
const formatP = (p: number) => (p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);

function VersionRow({
  version,
  newest,
  modelId,
  slug,
  isAdmin,
}: {
  version: ModelVersion;
  newest: boolean;
  modelId: number;
  slug: string;
  isAdmin: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const { remove } = useVersionMutations(modelId, slug);
  if (editing) {
    return (
      <li>
        <Suspense fallback={<Spinner label="Loading the form..." />}>
          <VersionForm modelId={modelId} slug={slug} version={version} onDone={() => setEditing(false)} />
        </Suspense>
      </li>
    );
  }
  const share = version.ratingCount > 0 ? (version.rating / 5) * 100 : 0;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-testid="model-version">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium break-all">{version.name}</span>
        {newest ? <Badge tone="outline">Newest</Badge> : null}
        <span className="text-sm text-muted-foreground">Released {formatDay(version.releaseDate)}</span>
      </div>
      {version.notes ? <p className="text-sm text-muted-foreground">{version.notes}</p> : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {version.ratingCount > 0 ? (
          <>
            <span className="font-semibold tabular-nums" data-testid="version-rating">
              {version.rating.toFixed(1)}/5
            </span>
            <span className="h-2 w-32 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
            </span>
            <span className="text-muted-foreground" data-testid="version-count">
              {countOf(version.ratingCount, "rating")}
            </span>
            <Link
              to={`?reviews=newest&version=${encodeURIComponent(version.name)}`}
              preventScrollReset
              className="text-primary underline"
            >
              Reviews<span className="sr-only"> of {version.name}</span>
            </Link>
          </>
        ) : (
          <span className="text-muted-foreground">No ratings yet</span>
        )}
      </div>
      {isAdmin ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit<span className="sr-only"> {version.name}</span>
          </Button>
          <Button
            size="sm"
            variant="outline"
            pending={remove.isPending}
            onClick={() => {
              if (
                !window.confirm(`Delete the version “${version.name}”? Its reviews stay, without a version.`)
              )
                return;
              remove.mutate(version.id, {
                onSuccess: () => toast({ title: MODEL_VERSION_MESSAGES.deleted, variant: "success" }),
                onError: (err) =>
                  toast({ title: errorMessage(err, "Could not delete the version"), variant: "destructive" }),
              });
            }}
          >
            Delete<span className="sr-only"> {version.name}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * "Ratings by version" on the model page (decisions 0114, 0115): each version's mean and count,
 * newest release first, the "Ratings changed since {version}" mark, and for admins the versions'
 * management (add, edit, delete).
 */
export function RatingsByVersion({
  modelId,
  slug,
  isAdmin,
}: {
  modelId: number;
  slug: string;
  isAdmin: boolean;
}) {
  const query = useVersions(slug);
  const [adding, setAdding] = useState(false);
  const versions = query.data?.versions ?? [];
  const change = query.data?.change ?? null;
  if (!isAdmin && (query.isPending || versions.length === 0)) return null;
  return (
    <section aria-labelledby="versions-heading" className="grid gap-3" data-testid="ratings-by-version">
      <h3 id="versions-heading" className="font-semibold">
        Ratings by version
      </h3>
      {change ? (
        <p
          className="rounded-lg border border-primary bg-primary/10 p-3 text-sm"
          data-testid="version-change"
        >
          <strong>{MODEL_VERSION_MESSAGES.changedSince(change.since.name)}</strong>: members rate{" "}
          {change.newest.name} {change.direction} than {change.since.name} (Mann–Whitney test,{" "}
          {formatP(change.pValue)}).
        </p>
      ) : versions.length > 1 ? (
        <p className="text-sm text-muted-foreground">
          A change between the two newest versions is marked when their ratings differ beyond chance (at least{" "}
          {VERSION_CHANGE_TEST.minPerSide} ratings each).
        </p>
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading versions..." />
      ) : query.isError ? (
        <p className="text-sm text-destructive">{errorMessage(query.error, "Could not load the versions")}</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MODEL_VERSION_MESSAGES.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label="Versions">
          {versions.map((v, i) => (
            <VersionRow
              key={v.id}
              version={v}
              newest={i === 0}
              modelId={modelId}
              slug={slug}
              isAdmin={isAdmin}
            />
          ))}
        </ul>
      )}
      {isAdmin ? (
        adding ? (
          <Suspense fallback={<Spinner label="Loading the form..." />}>
            <VersionForm modelId={modelId} slug={slug} />
          </Suspense>
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)}>
              Add a version
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
