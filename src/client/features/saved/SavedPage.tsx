import { Bookmark, BookmarkX } from "lucide-react";
import { Link } from "react-router";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useRemoveBookmark, useSaved } from "../ai-models/api";
import { ModelStats, PricingBadge } from "../ai-models/components";
import { useAuth } from "../auth/useAuth";

/** The member's saved items: bookmarked models (saved posts can join as a second section). */
export default function SavedPage() {
  const { isAuthenticated } = useAuth();
  const saved = useSaved(isAuthenticated);
  const remove = useRemoveBookmark();

  if (!isAuthenticated) {
    return (
      <Page title="Saved">
        <p>
          Please log in to see your saved items.{" "}
          <Link to="/auth" className="text-primary underline">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }

  const models = saved.data?.models ?? [];
  return (
    <Page title="Saved" lead="Models you bookmarked, most recent first.">
      <section aria-labelledby="saved-models-heading" className="grid gap-4">
        <h2 id="saved-models-heading" className="text-xl font-semibold">
          Saved models
        </h2>
        {saved.isPending ? (
          <Spinner label="Loading saved models..." />
        ) : saved.isError ? (
          <EmptyState
            title="Failed to fetch saved items"
            description={errorMessage(saved.error, "Please try again.")}
          />
        ) : models.length === 0 ? (
          <EmptyState
            icon={<Bookmark className="h-8 w-8" />}
            title="No saved models yet"
            description="Bookmark a model on its page to find it here later."
            action={
              <Button asChild>
                <Link to="/ai-models">Browse AI Models</Link>
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {models.map((m) => (
              <li key={m.id}>
                <Card className="flex h-full flex-col gap-2 p-5" data-testid="saved-model">
                  <div className="flex flex-wrap gap-2">
                    <Badge tone="outline">{m.category}</Badge>
                    <PricingBadge pricing={m.pricing} />
                  </div>
                  <h3 className="text-lg font-semibold">
                    <Link to={`/ai-models/${m.slug}`} className="hover:underline">
                      {m.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted-foreground">{m.company}</p>
                  <p className="line-clamp-3 flex-1 text-sm">{m.description}</p>
                  <ModelStats rating={m.rating} reviewCount={m.reviewCount} likes={m.likes} views={m.views} />
                  <div className="mt-2">
                    <Button
                      variant="outline"
                      size="sm"
                      pending={remove.isPending}
                      onClick={() =>
                        remove.mutate(m, {
                          onError: (err) =>
                            toast({
                              title: "Could not remove the bookmark",
                              description: errorMessage(err, "Please try again."),
                              variant: "destructive",
                            }),
                        })
                      }
                    >
                      <BookmarkX className="h-4 w-4" aria-hidden="true" /> Remove
                      <span className="sr-only"> {m.name}</span>
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
