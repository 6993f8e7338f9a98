import { Download, FileArchive, Loader2 } from "lucide-react";
import { useRef } from "react";
import { type DataExport, EXPORT_TTL_DAYS } from "../../../common/export";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { exportDownloadUrl, useExportState, useRequestExport } from "./api";

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function formatSize(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What the latest export is doing, in words (a live region: it changes while the page is open). */
function ExportStatus({ latest }: { latest: DataExport | null }) {
  if (!latest) return <p>You have not exported your data yet.</p>;
  switch (latest.status) {
    case "pending":
      return (
        <p className="flex items-center gap-2">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin text-primary" aria-hidden="true" /> Your export is
          being prepared. We will notify you and email you when it is ready.
        </p>
      );
    case "ready":
      return (
        <p>
          Your export of {dateTime(latest.requestedAt)} is ready ({formatSize(latest.sizeBytes)}). You can
          download it until {latest.expiresAt ? dateTime(latest.expiresAt) : "it expires"}.
        </p>
      );
    case "expired":
      return <p>Your last export has expired: exports can be downloaded for {EXPORT_TTL_DAYS} days.</p>;
    default:
      return <p>Your last export could not be prepared. Please request a new one.</p>;
  }
}

/** "Take your data with you" (issue 21 item 6): ask for a ZIP of one's data, then download it. */
export default function ExportPage() {
  const state = useExportState();
  const request = useRequestExport();
  const heading = useRef<HTMLHeadingElement>(null);
  const latest = state.data?.latest ?? null;
  const nextAt = state.data?.nextRequestAt ?? null;
  const canRequest = !nextAt && latest?.status !== "pending";

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Export requested", description: "We will notify you when it is ready." });
        // The button goes away while the export is prepared: the focus goes to the section.
        heading.current?.focus();
      },
      onError: (err) =>
        toast({
          title: "Export not requested",
          description: errorMessage(err, "Please try again later."),
          variant: "destructive",
        }),
    });

  return (
    <Page title="Your data" lead="Take your data with you: a copy of everything you made or set here.">
      <section aria-labelledby="export-heading" className="max-w-3xl">
        <Card className="space-y-4 p-6">
          <h2
            id="export-heading"
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-xl font-semibold outline-none"
          >
            <FileArchive className="h-5 w-5" aria-hidden="true" /> Export your data
          </h2>
          <p className="text-sm text-muted-foreground">
            A ZIP of JSON files with your profile, posts (anonymous ones too), comments, forum threads and
            replies, prompts, ratings and reviews, likes, follows, blocks and mutes, saved items, notification
            settings and subscription history, plus the images you uploaded. It is prepared in the background;
            you can ask for one export a day, and download it for {EXPORT_TTL_DAYS} days.
          </p>
          {state.isPending ? (
            <Spinner label="Loading..." />
          ) : state.isError ? (
            <p className="text-sm">Could not load the state of your export.</p>
          ) : (
            <>
              <div role="status" className="text-sm">
                <ExportStatus latest={latest} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {latest?.status === "ready" ? (
                  <Button asChild>
                    <a href={exportDownloadUrl(latest.id)} download>
                      <Download className="h-4 w-4" aria-hidden="true" /> Download your data
                    </a>
                  </Button>
                ) : null}
                {canRequest ? (
                  <Button
                    variant={latest?.status === "ready" ? "outline" : "primary"}
                    pending={request.isPending}
                    onClick={ask}
                  >
                    {request.isPending ? "Requesting..." : "Request an export"}
                  </Button>
                ) : nextAt ? (
                  <p className="text-sm text-muted-foreground">
                    You can request your next export from {dateTime(nextAt)}.
                  </p>
                ) : null}
              </div>
            </>
          )}
        </Card>
      </section>
    </Page>
  );
}
