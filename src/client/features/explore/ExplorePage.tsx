import { FEW_RATINGS_LABEL, hasFewRatings } from "../../../common/ai-models";
import { countOf } from "../../../common/plural";
import { Cpu, Download, Heart, MessagesSquare, Sparkles, Star, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { GENERATION_LABELS } from "../../../common/constants";
import { forumModelLabel } from "../../../common/forums";
import { PROMPT_CATEGORY_LABELS, type PromptCategory } from "../../../common/prompts";
import { formatRelativeTime } from "../../../common/time";
import type { SuggestedMember } from "../../../common/trending";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useAuth } from "../auth/useAuth";
import { useExplore } from "../creators/api";
import { FollowToggle } from "../creators/FollowToggle";
import { useFlag } from "../feature-flags/useFeatureFlags";

function Section({
  id,
  title,
  icon,
  more,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
          <span aria-hidden="true" className="text-primary">
            {icon}
          </span>
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="text-sm text-primary hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function suggestionReason(m: SuggestedMember): string {
  if (m.reason === "network") {
    return `Followed by ${countOf(m.followedByYourFollows, "member")} you follow`;
  }
  return `Popular: ${countOf(m.followersCount, "follower")}`;
}

/** Discovery mix: top models by category, active forums, popular prompts, members to follow. */
export default function ExplorePage() {
  const explore = useExplore();
  const { isAuthenticated } = useAuth();
  // "Smart Recommendations" (SPEC §9): the members suggested from the caller's activity.
  const recommendations = useFlag("smart_recommendations");

  return (
    <Page title="Explore" lead="Models, forums, prompts and people worth discovering">
      {explore.isPending ? (
        <Spinner label="Loading..." />
      ) : explore.isError ? (
        <EmptyState title="Failed to load" description={errorMessage(explore.error, "Please try again.")} />
      ) : (
        <>
          <Section
            id="explore-models"
            title="Top models by category"
            icon={<Cpu className="h-5 w-5" />}
            more={{ to: "/ai-models", label: "All AI models" }}
          >
            {explore.data.topModels.length === 0 ? (
              <EmptyState title="No models found" />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {explore.data.topModels.map((group) => (
                  <li key={group.category}>
                    <Card className="h-full p-5">
                      <h3 className="mb-3 font-semibold">{group.category}</h3>
                      <ol className="space-y-2">
                        {group.models.map((m) => (
                          <li key={m.id} className="flex items-center justify-between gap-2 text-sm">
                            <span className="min-w-0">
                              <Link to={`/ai-models/${m.slug}`} className="font-medium hover:underline">
                                {m.name}
                              </Link>
                              <span className="block text-muted-foreground">{m.company}</span>
                            </span>
                            <span className="inline-flex shrink-0 items-center gap-1 text-muted-foreground">
                              <Star className="h-4 w-4" aria-hidden="true" />
                              {m.reviewCount > 0 ? m.rating.toFixed(1) : "N/A"}
                              <span className="sr-only"> rating from {countOf(m.reviewCount, "review")}</span>
                              {hasFewRatings(m.reviewCount) ? (
                                <span className="rounded border border-border px-1 text-xs">
                                  {FEW_RATINGS_LABEL}
                                </span>
                              ) : null}
                            </span>
                          </li>
                        ))}
                      </ol>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section
            id="explore-forums"
            title="Active forums"
            icon={<MessagesSquare className="h-5 w-5" />}
            more={{ to: "/forums", label: "All forums" }}
          >
            {explore.data.activeForums.length === 0 ? (
              <EmptyState title="No forums found" />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {explore.data.activeForums.map((f) => (
                  <li key={f.id}>
                    <Card className="flex h-full flex-col gap-2 p-5">
                      <div className="flex flex-wrap gap-2">
                        <Badge tone="outline">{forumModelLabel(f.aiModel)}</Badge>
                      </div>
                      <h3 className="font-semibold">
                        <Link to={`/forums/${f.id}`} className="hover:underline">
                          {f.name}
                        </Link>
                      </h3>
                      <p className="line-clamp-2 flex-1 text-sm text-muted-foreground">{f.description}</p>
                      <p className="text-xs text-muted-foreground">
                        {countOf(f.postCount, "post")} · {countOf(f.memberCount, "member")} · active{" "}
                        {formatRelativeTime(f.lastActivityAt)}
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section
            id="explore-prompts"
            title="Popular prompts"
            icon={<Sparkles className="h-5 w-5" />}
            more={{ to: "/prompts?sort=likes", label: "All prompts" }}
          >
            {explore.data.popularPrompts.length === 0 ? (
              <EmptyState title="No prompts found" />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {explore.data.popularPrompts.map((p) => (
                  <li key={p.id}>
                    <Card className="flex h-full flex-col gap-2 p-5">
                      <Badge tone="outline" className="self-start">
                        {PROMPT_CATEGORY_LABELS[p.category as PromptCategory] ?? p.category}
                      </Badge>
                      <h3 className="font-semibold">
                        <Link to={`/prompts?prompt=${p.id}`} className="hover:underline">
                          {p.title}
                        </Link>
                      </h3>
                      <p className="line-clamp-2 flex-1 text-sm text-muted-foreground">{p.description}</p>
                      <p className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                        <span>by {p.author}</span>
                        <span className="inline-flex items-center gap-1">
                          <Heart className="h-3 w-3" aria-hidden="true" />
                          {p.likes} <span className="sr-only">likes</span>
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <Download className="h-3 w-3" aria-hidden="true" />
                          {p.downloads} <span className="sr-only">copies</span>
                        </span>
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          {recommendations ? (
            <Section
              id="explore-members"
              title="Members to follow"
              icon={<UserPlus className="h-5 w-5" />}
              more={{ to: "/creators", label: "All creators" }}
            >
              {explore.data.suggestedMembers.length === 0 ? (
                <EmptyState
                  title="No suggestions yet"
                  description="Follow a few members to get suggestions."
                />
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {explore.data.suggestedMembers.map((m) => (
                    <li key={m.id}>
                      <Card className="flex h-full items-start gap-3 p-5" data-testid="suggested-member">
                        <Avatar src={m.avatar} name={m.username} />
                        <div className="min-w-0 flex-1">
                          <h3 className="font-semibold">
                            <Link to={`/profile/${m.id}`} className="hover:underline">
                              {m.username}
                            </Link>
                          </h3>
                          <p className="text-xs text-muted-foreground">
                            {GENERATION_LABELS[m.generation]} · {suggestionReason(m)}
                          </p>
                          {m.bio ? <p className="mt-1 line-clamp-2 text-sm">{m.bio}</p> : null}
                          {isAuthenticated ? (
                            <div className="mt-3">
                              <FollowToggle userId={m.id} username={m.username} initiallyFollowing={false} />
                            </div>
                          ) : null}
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          ) : null}
          <div className="text-center">
            <Button asChild variant="outline">
              <Link to="/trending">See what is trending</Link>
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
