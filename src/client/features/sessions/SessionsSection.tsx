import { Laptop } from "lucide-react";
import { useRef } from "react";
import type { SessionInfo } from "../../../common/sessions";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import {
  useEndOtherSessions,
  useEndSession,
  useSecurityPreferences,
  useSessions,
  useUpdateSecurityPreferences,
} from "./api";

const failed = (err: unknown) =>
  toast({
    title: "Something went wrong",
    description: errorMessage(err, "Please try again."),
    variant: "destructive",
  });

function SessionRow({ session, onEnded }: { session: SessionInfo; onEnded: () => void }) {
  const end = useEndSession();
  const created = new Date(session.createdAt);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {session.browser} on {session.system}
          {session.current ? (
            <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-foreground">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ip || "Unknown address"} · signed in{" "}
          <time dateTime={session.createdAt} title={created.toLocaleString()}>
            {created.toLocaleDateString()}
          </time>{" "}
          · last seen <time dateTime={session.lastSeenAt}>{formatRelativeTime(session.lastSeenAt)}</time>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          pending={end.isPending}
          aria-label={`End session: ${session.browser} on ${session.system}, ${session.ip}`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => {
                toast({ title: "Session ended", variant: "success" });
                onEnded();
              },
              onError: failed,
            })
          }
        >
          End session
        </Button>
      )}
    </li>
  );
}

function NewBrowserEmail() {
  const prefs = useSecurityPreferences();
  const update = useUpdateSecurityPreferences();
  if (!prefs.data) return null;
  return (
    <div className="flex items-start gap-3 border-t border-border pt-4">
      <input
        id="new-browser-email"
        type="checkbox"
        className="mt-1 h-4 w-4 accent-primary"
        checked={prefs.data.newBrowserEmail}
        aria-describedby="new-browser-email-hint"
        onChange={(e) =>
          update.mutate(e.target.checked, {
            onSuccess: (p) =>
              toast({
                title: p.newBrowserEmail ? "New-browser emails on" : "New-browser emails off",
                variant: "success",
              }),
            onError: failed,
          })
        }
      />
      <div>
        <label htmlFor="new-browser-email" className="text-sm font-medium">
          Email me about sign-ins from a new browser
        </label>
        <p id="new-browser-email-hint" className="text-sm text-muted-foreground">
          When your account is signed in to from a browser or system it was not used with before.
        </p>
      </div>
    </div>
  );
}

/** The sessions part of Sign-in and security (issue 24 §4). */
export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = sessions.data?.pages.flatMap((p) => p.items) ?? [];
  const others = items.filter((s) => !s.current).length;
  // A removed row's button took the focus with it: it goes back to the section's heading.
  const focusHeading = () => heading.current?.focus();
  return (
    <section aria-labelledby="security-sessions" className="space-y-3 rounded-xl border border-border p-5">
      <h2
        id="security-sessions"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-semibold outline-none"
      >
        <Laptop className="h-5 w-5" aria-hidden="true" /> Where you're signed in
      </h2>
      {sessions.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : sessions.isError ? (
        <p className="text-sm text-muted-foreground">Could not load your sessions.</p>
      ) : (
        <>
          <ul aria-label="Active sessions" className="divide-y divide-border">
            {items.map((s) => (
              <SessionRow key={s.id} session={s} onEnded={focusHeading} />
            ))}
          </ul>
          {sessions.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              pending={sessions.isFetchingNextPage}
              onClick={() => sessions.fetchNextPage()}
            >
              Show more sessions
            </Button>
          ) : null}
          {others > 0 ? (
            <Button
              variant="outline"
              pending={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (r) => {
                    toast({ title: r.message, variant: "success" });
                    focusHeading();
                  },
                  onError: failed,
                })
              }
            >
              Sign out everywhere else
            </Button>
          ) : null}
        </>
      )}
      <NewBrowserEmail />
    </section>
  );
}
