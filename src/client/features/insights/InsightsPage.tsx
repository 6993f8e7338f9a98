import { Hash, MessageSquare, Sparkles, Star, Users } from "lucide-react";
import { Link } from "react-router";
import { type GenerationInsight, INSIGHTS_TEXT } from "../../../common/insights";
import { markdownToPlainText } from "../../../common/markdown";
import { countOf, plural } from "../../../common/plural";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { useInsights } from "../creators/api";

const members = (n: number) => countOf(n, "member");

/** SPEC §2.13: hero, four generation cards, "Generation Profiles", call to action. */
export default function InsightsPage() {
  const insights = useInsights();

  return (
    <Page title={INSIGHTS_TEXT.title} lead={INSIGHTS_TEXT.lead}>
      <section
        aria-labelledby="insights-hero"
        className="mb-8 rounded-2xl border border-border bg-gradient-to-br from-primary/15 via-card to-card p-8"
      >
        <Sparkles className="mb-3 h-8 w-8 text-primary" aria-hidden="true" />
        <h2 id="insights-hero" className="text-2xl font-bold">
          {INSIGHTS_TEXT.heroTitle}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{INSIGHTS_TEXT.heroText}</p>
        {insights.data ? (
          <p className="mt-4 font-medium" data-testid="insights-total">
            {members(insights.data.totalMembers)} across four generations
          </p>
        ) : null}
      </section>

      {insights.isPending ? (
        <Spinner label="Loading insights..." />
      ) : insights.isError ? (
        <EmptyState
          title="Failed to load insights"
          description={errorMessage(insights.error, "Please try again.")}
        />
      ) : (
        <>
          <section aria-labelledby="generation-cards" className="mb-10">
            <h2 id="generation-cards" className="sr-only">
              Generations at a glance
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {insights.data.generations.map((g) => (
                <li key={g.generation}>
                  <Card className="h-full p-5" data-testid="generation-card">
                    <h3 className="text-lg font-semibold">{g.label}</h3>
                    <p className="text-sm text-muted-foreground">
                      Ages {g.ageRange} · born {g.birthYears}
                    </p>
                    <p className="mt-3 text-3xl font-bold tabular-nums">{g.memberCount.toLocaleString()}</p>
                    <p className="text-sm text-muted-foreground">
                      {plural(g.memberCount, "member")} · {g.share}% of the community
                    </p>
                    <div
                      className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
                      role="img"
                      aria-label={`${g.share}% of members`}
                    >
                      <div className="h-full rounded-full bg-primary" style={{ width: `${g.share}%` }} />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="generation-profiles" className="mb-10">
            <h2 id="generation-profiles" className="mb-4 text-2xl font-bold">
              {INSIGHTS_TEXT.profilesHeading}
            </h2>
            <div className="grid gap-6">
              {insights.data.generations.map((g) => (
                <Profile key={g.generation} insight={g} />
              ))}
            </div>
          </section>
        </>
      )}

      <section
        aria-labelledby="insights-cta"
        className="rounded-2xl border border-border bg-card p-8 text-center"
      >
        <h2 id="insights-cta" className="text-2xl font-bold">
          {INSIGHTS_TEXT.ctaTitle}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{INSIGHTS_TEXT.ctaText}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">{INSIGHTS_TEXT.ctaFeed}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/forums">{INSIGHTS_TEXT.ctaForums}</Link>
          </Button>
        </div>
      </section>
    </Page>
  );
}

function Profile({ insight: g }: { insight: GenerationInsight }) {
  const id = `profile-${g.generation}`;
  return (
    <Card className="p-6" data-testid="generation-profile">
      <article aria-labelledby={id}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={id} className="text-xl font-semibold">
            {g.label}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge tone="outline">Ages {g.ageRange}</Badge>
            <Badge>
              <Users className="h-3 w-3" aria-hidden="true" />
              {members(g.memberCount)}
            </Badge>
          </div>
        </div>
        <p className="mt-2 text-muted-foreground">{g.description}</p>

        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <div>
            <h4 className="mb-2 font-semibold">Characteristics</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {g.characteristics.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>

          <div>
            <h4 className="mb-2 flex items-center gap-2 font-semibold">
              <Star className="h-4 w-4" aria-hidden="true" /> Favorite models
            </h4>
            {g.favoriteModels.length === 0 ? (
              <p className="text-sm text-muted-foreground">{INSIGHTS_TEXT.noModels}</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {g.favoriteModels.map((m) => (
                  <li key={m.id} className="flex justify-between gap-2">
                    <Link to={`/ai-models/${m.slug}`} className="hover:underline">
                      {m.name}
                    </Link>
                    <span className="text-muted-foreground">
                      {m.averageRating.toFixed(1)} / 5 ({countOf(m.ratings, "rating")})
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <h4 className="mb-2 mt-4 flex items-center gap-2 font-semibold">
              <Hash className="h-4 w-4" aria-hidden="true" /> Popular hashtags
            </h4>
            {g.topHashtags.length === 0 ? (
              <p className="text-sm text-muted-foreground">{INSIGHTS_TEXT.noHashtags}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {g.topHashtags.map((h) => (
                  <li key={h.hashtag} className="min-w-0 max-w-full">
                    <Link
                      to={`/?tag=${encodeURIComponent(h.hashtag)}`}
                      className="inline-block max-w-full rounded-full border border-border px-2.5 py-0.5 text-xs font-medium wrap-anywhere hover:bg-muted"
                    >
                      #{h.hashtag}
                      <span className="sr-only">, {countOf(h.posts, "post")}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        <h4 className="mb-2 mt-6 flex items-center gap-2 font-semibold">
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> Recent experiences
        </h4>
        {g.recentPosts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{INSIGHTS_TEXT.noPosts}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {g.recentPosts.map((p) => (
              <li key={p.id} className="rounded-lg border border-border p-3" data-testid="insight-post">
                <div className="flex items-center gap-2 text-sm">
                  <Avatar src={p.author.avatar} name={p.author.username} size={28} />
                  <Link to={`/profile/${p.author.id}`} className="font-medium hover:underline">
                    {p.author.username}
                  </Link>
                  <span className="text-muted-foreground">{formatRelativeTime(p.createdAt)}</span>
                </div>
                <p className="mt-2 line-clamp-3 wrap-anywhere text-sm">{markdownToPlainText(p.content)}</p>
                <Link to={`/post/${p.id}`} className="mt-1 inline-block text-sm text-primary hover:underline">
                  Read post<span className="sr-only"> by {p.author.username}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </article>
    </Card>
  );
}
