import { ScrollText } from "lucide-react";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Spinner } from "../../ui/spinner";
import { useAuditLog } from "./api";

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Every admin action: who, what, when, why. */
export function AuditLogTab() {
  const log = useAuditLog();
  const items = log.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit Log
      </h2>
      {log.isLoading ? <Spinner label="Loading the audit log..." /> : null}
      {log.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(log.error, "Could not load the audit log.")}
        </p>
      ) : null}
      {log.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<ScrollText className="h-8 w-8" />}
          title="No admin actions yet"
          description="Every change made from this dashboard is recorded here."
        />
      ) : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Admin actions, newest first</caption>
            <thead className="bg-muted text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} className="border-t border-border align-top">
                  <td className="whitespace-nowrap px-4 py-2">
                    <time dateTime={e.createdAt}>{dateTime(e.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2 font-medium">{e.admin}</td>
                  <td className="px-4 py-2">{e.summary}</td>
                  <td className="px-4 py-2 text-muted-foreground">{e.reason || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </section>
  );
}
