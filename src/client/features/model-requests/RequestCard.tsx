import { ExternalLink, ThumbsUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MODEL_REQUEST_STATUS_LABELS, type ModelRequest } from "../../../common/model-requests";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth";
import { useUpvoteRequest } from "./api";

/** The upvote toggle (aria-pressed); a count only for visitors, one's own and decided requests. */
function UpvoteButton({ request }: { request: ModelRequest }) {
  const { isAuthenticated } = useAuth();
  const upvote = useUpvoteRequest();
  const label = `${request.upvotes} upvote${request.upvotes === 1 ? "" : "s"}`;
  if (!isAuthenticated || request.isOwn || request.status !== "open") {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <ThumbsUp className="h-4 w-4" aria-hidden="true" />
        {label}
      </span>
    );
  }
  return (
    <Button
      variant={request.upvoted ? "primary" : "outline"}
      size="sm"
      aria-pressed={request.upvoted}
      aria-label={`Upvote ${request.name}, ${label}`}
      pending={upvote.isPending}
      onClick={() =>
        upvote.mutate(
          { id: request.id, upvoted: !request.upvoted },
          {
            onError: (err) =>
              toast({
                title: errorMessage(err, "Your upvote was not saved. Please try again."),
                variant: "destructive",
              }),
          },
        )
      }
    >
      <ThumbsUp className="h-4 w-4" aria-hidden="true" />
      {request.upvotes}
    </Button>
  );
}

/** One request: its model, maker, link, reason, status and upvotes; `actions` are the admin's buttons. */
export function RequestCard({ request, actions }: { request: ModelRequest; actions?: ReactNode }) {
  return (
    <Card id={`request-${request.id}`} className="grid scroll-mt-24 gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words text-lg font-semibold">{request.name}</h3>
          <p className="text-sm text-muted-foreground">
            by {request.maker} ·{" "}
            <a
              href={request.link}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="inline-flex items-center gap-1 text-primary underline"
            >
              Maker's page
              <ExternalLink className="h-3 w-3" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        </div>
        <div className="flex items-center gap-2">
          {request.status !== "open" ? (
            <Badge tone={request.status === "declined" ? "destructive" : "success"}>
              {MODEL_REQUEST_STATUS_LABELS[request.status]}
            </Badge>
          ) : null}
          <UpvoteButton request={request} />
        </div>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{request.why}</p>
      {request.declineReason ? (
        <p className="text-sm">
          <span className="font-medium">Declined:</span> {request.declineReason}
        </p>
      ) : null}
      {request.modelSlug ? (
        <p className="text-sm">
          <Link to={`/ai-models/${request.modelSlug}`} className="text-primary underline">
            See {request.name} in the directory
          </Link>
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Requested by{" "}
        {request.requester ? (
          <Link to={`/profile/${request.requester.id}`} className="underline">
            {request.requester.username}
          </Link>
        ) : (
          "a former member"
        )}{" "}
        · {formatRelativeTime(request.createdAt)}
      </p>
      {actions}
    </Card>
  );
}
