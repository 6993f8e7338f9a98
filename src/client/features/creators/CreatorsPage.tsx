import { Heart, Users } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { GENERATION_LABELS, GENERATIONS, type Generation } from "../../../common/constants";
import { CREATORS_TEXT } from "../../../common/trending";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth/useAuth";
import { useCreators } from "./api";
import { FollowToggle } from "./FollowToggle";

const generationFromParam = (v: string | null): Generation | null =>
  (GENERATIONS as readonly string[]).includes(v ?? "") ? (v as Generation) : null;

/** Members ranked by followers and likes received, filterable by generation, with follow buttons. */
export default function CreatorsPage() {
  const [params, setParams] = useSearchParams();
  const generation = generationFromParam(params.get("generation"));
  const { isAuthenticated } = useAuth();
  const creators = useCreators(generation);
  const list = creators.data?.pages.flat() ?? [];

  const choose = (g: Generation | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (g) next.set("generation", g);
        else next.delete("generation");
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={CREATORS_TEXT.title} lead={CREATORS_TEXT.lead}>
      <fieldset className="mb-6 flex flex-wrap gap-2 border-0 p-0">
        <legend className="sr-only">Filter by generation</legend>
        <Button
          size="sm"
          variant={generation === null ? "primary" : "outline"}
          aria-pressed={generation === null}
          onClick={() => choose(null)}
        >
          {CREATORS_TEXT.allGenerations}
        </Button>
        {GENERATIONS.map((g) => (
          <Button
            key={g}
            size="sm"
            variant={generation === g ? "primary" : "outline"}
            aria-pressed={generation === g}
            onClick={() => choose(g)}
          >
            {GENERATION_LABELS[g]}
          </Button>
        ))}
      </fieldset>

      {creators.isPending ? (
        <Spinner label="Loading creators..." />
      ) : creators.isError ? (
        <EmptyState
          title="Failed to load creators"
          description={errorMessage(creators.error, "Please try again.")}
        />
      ) : list.length === 0 ? (
        <EmptyState icon={<Users className="h-8 w-8" />} title={CREATORS_TEXT.empty} />
      ) : (
        <>
          <ol
            className="grid gap-3"
            aria-label={generation ? `${GENERATION_LABELS[generation]} creators` : "Creators"}
          >
            {list.map((c, i) => (
              <li key={c.id}>
                {/* Rank, avatar and name on one line; the bio gets the card's full width below on a
                    phone (no "CS…" cut), the figures and the follow button wrap under it. */}
                <Card
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4"
                  data-testid="creator"
                >
                  <div className="flex min-w-0 flex-1 items-start gap-4">
                    <span className="w-8 shrink-0 self-center text-right text-lg font-bold text-muted-foreground tabular-nums">
                      <span className="sr-only">Rank </span>
                      {i + 1}
                    </span>
                    <Avatar src={c.avatar} name={c.username} size={48} />
                    <div className="min-w-0 flex-1">
                      <h2 className="text-base font-semibold wrap-anywhere">
                        <Link to={c.isSelf ? "/profile" : `/profile/${c.id}`} className="hover:underline">
                          {c.username}
                        </Link>
                        {c.isSelf ? (
                          <span className="ml-2 text-sm font-normal text-muted-foreground">(you)</span>
                        ) : null}
                      </h2>
                      <p className="whitespace-nowrap text-sm text-muted-foreground">
                        {GENERATION_LABELS[c.generation]}
                      </p>
                      {c.bio ? <p className="mt-1 line-clamp-3 text-sm wrap-anywhere">{c.bio}</p> : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-5 gap-y-3 pl-12 sm:pl-0">
                    <dl className="flex gap-5 text-sm">
                      <div className="text-center">
                        <dt className="flex items-center gap-1 text-muted-foreground">
                          <Users className="h-4 w-4" aria-hidden="true" /> Followers
                        </dt>
                        <dd className="font-semibold tabular-nums">{c.followersCount.toLocaleString()}</dd>
                      </div>
                      <div className="text-center">
                        <dt className="flex items-center gap-1 text-muted-foreground">
                          <Heart className="h-4 w-4" aria-hidden="true" /> Likes
                        </dt>
                        <dd className="font-semibold tabular-nums">{c.likesReceived.toLocaleString()}</dd>
                      </div>
                    </dl>
                    {isAuthenticated && !c.isSelf ? (
                      <FollowToggle userId={c.id} username={c.username} initiallyFollowing={c.isFollowing} />
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ol>
          {creators.hasNextPage ? (
            <div className="mt-6 text-center">
              <Button
                variant="outline"
                disabled={creators.isFetchingNextPage}
                onClick={() => creators.fetchNextPage()}
              >
                {creators.isFetchingNextPage ? "Loading..." : "Load More"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Page>
  );
}
