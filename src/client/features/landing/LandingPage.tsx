import { useQuery } from "@tanstack/react-query";
import {
  ArrowRight,
  Bot,
  ExternalLink,
  MessageSquare,
  ScrollText,
  Sparkles,
  Star,
  Users,
} from "lucide-react";
import { Suspense } from "react";
import { Link } from "react-router";
import { LANDING_HEADLINE, LANDING_INTRO, TAGLINE } from "../../../common/constants";
import { countOf } from "../../../common/plural";
import { peopleStat, viewAllModelsLabel } from "../../../common/stats";
import { Button } from "../../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/card";
import { useDocumentTitle } from "../../ui/page";
import { preloadable } from "../../ui/preloadable";
import { Spinner } from "../../ui/spinner";
import { communityStatsQuery } from "./api";
import { LandingExtras } from "./landing-extras";

// Below the fold: its chunk (the posts API, avatars, icons) loads after the page has painted;
// the server renders it in the page all the same (its loader fetches the posts).
const RecentPostsPreview = preloadable(() =>
  import("./RecentPostsPreview").then((m) => ({ default: m.RecentPostsPreview })),
);

/** Before hydrating the server's render, which has the recent posts in it. */
export const preload = () => RecentPostsPreview.preload();

import type { LoaderArgs } from "../../route-module";

/** Three featured models of the directory (SPEC §2.3 hard-codes three). */
const FEATURED_MODELS = [
  {
    slug: "gpt-4o",
    name: "GPT-4o",
    company: "OpenAI",
    blurb: "Multimodal model that reasons across text, audio and images.",
  },
  {
    slug: "claude-3-5-sonnet",
    name: "Claude 3.5 Sonnet",
    company: "Anthropic",
    blurb: "Strong at writing, analysis and coding.",
  },
  {
    slug: "gemini-1-5-pro",
    name: "Gemini 1.5 Pro",
    company: "Google",
    blurb: "Long-context model for documents, code and video.",
  },
];

const NEWS_LINKS = [
  {
    href: "https://arxiv.org/list/cs.AI/recent",
    title: "arXiv: Artificial Intelligence",
    kind: "Research papers",
  },
  { href: "https://huggingface.co/models", title: "Hugging Face Models", kind: "Model hub" },
  { href: "https://theresanaiforthat.com/", title: "There's An AI For That", kind: "AI tools directory" },
  { href: "https://lmarena.ai/leaderboard", title: "LMArena Leaderboard", kind: "Model leaderboards" },
  { href: "https://news.ycombinator.com/", title: "Hacker News", kind: "Community news" },
  { href: "https://www.semanticscholar.org/", title: "Semantic Scholar", kind: "Research search" },
];

const RESOURCE_LINKS = [
  { href: "https://openai.com/research/", title: "OpenAI Research", kind: "AI lab" },
  { href: "https://www.anthropic.com/research", title: "Anthropic Research", kind: "AI lab" },
  { href: "https://deepmind.google/research/", title: "Google DeepMind", kind: "Research lab" },
  {
    href: "https://www.reddit.com/r/MachineLearning/",
    title: "r/MachineLearning",
    kind: "ML community forum",
  },
];

function useCommunityStats() {
  return useQuery(communityStatsQuery());
}

function StatCard({
  value,
  label,
  icon: Icon,
}: {
  value: number | undefined;
  label: string;
  icon: typeof Star;
}) {
  return (
    <Card className="p-5 text-center">
      <Icon className="mx-auto h-6 w-6 text-primary" aria-hidden="true" />
      <p className="mt-2 text-3xl font-bold tabular-nums">
        {value === undefined ? "—" : value.toLocaleString("en-US")}
      </p>
      <p className="text-sm text-muted-foreground">{label}</p>
    </Card>
  );
}

function OutboundLink({ href, title, kind }: { href: string; title: string; kind: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-start justify-between gap-3 rounded-lg border border-border p-4 hover:bg-muted"
    >
      <span>
        <span className="block font-medium group-hover:underline">{title}</span>
        <span className="text-sm text-muted-foreground">{kind}</span>
      </span>
      <ExternalLink className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export default function LandingPage() {
  useDocumentTitle(undefined);
  const stats = useCommunityStats();
  const s = stats.data;
  const people = s ? peopleStat(s) : undefined;
  return (
    <div>
      <LandingExtras />
      <section className="border-b border-border bg-gradient-to-b from-secondary/60 to-background">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
            <Sparkles className="h-4 w-4 text-primary" aria-hidden="true" /> {TAGLINE}
          </p>
          <h1 className="mt-6 text-4xl font-black tracking-tight sm:text-6xl">
            {LANDING_HEADLINE.lead}
            <span className="text-primary">{LANDING_HEADLINE.highlight}</span>
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{LANDING_INTRO}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" asChild>
              <Link to="/auth?mode=register">
                Join the Conversation <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/ai-models">Browse AI Models</Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        <section aria-labelledby="stats-heading">
          <h2 id="stats-heading" className="sr-only">
            Community in numbers
          </h2>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <StatCard value={s?.reviews} label="AI Reviews" icon={Star} />
            <StatCard value={people?.value} label={people?.label ?? "Members"} icon={Users} />
            <StatCard value={s?.models} label="AI Models" icon={Bot} />
            <StatCard value={s?.prompts} label="Prompts Shared" icon={ScrollText} />
          </div>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm text-muted-foreground">
            <li>Growing community{s ? ` · ${countOf(s.members, "member")}` : ""}</li>
            <li>{s ? countOf(s.models, "AI Model") : "AI Models"}</li>
            <li>Fresh Prompt Library</li>
          </ul>
        </section>

        <section aria-labelledby="recent-heading">
          <div className="flex items-center justify-between">
            <h2 id="recent-heading" className="text-2xl font-bold">
              From the community
            </h2>
          </div>
          <Suspense fallback={<Spinner label="Loading recent posts..." className="mt-4" />}>
            <RecentPostsPreview />
          </Suspense>
        </section>

        <section aria-labelledby="models-heading">
          <h2 id="models-heading" className="text-2xl font-bold">
            Explore AI Models
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {FEATURED_MODELS.map((m) => (
              <Card key={m.slug}>
                <CardHeader>
                  <CardTitle>
                    <Link to={`/ai-models/${m.slug}`} className="hover:underline">
                      {m.name}
                    </Link>
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">{m.company}</p>
                </CardHeader>
                <CardContent>
                  <p className="text-sm">{m.blurb}</p>
                </CardContent>
              </Card>
            ))}
          </div>
          <div className="mt-4 text-center">
            <Button variant="outline" asChild>
              <Link to="/ai-models">{viewAllModelsLabel(s?.models)}</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="news-heading">
          <h2 id="news-heading" className="text-2xl font-bold">
            Latest AI News &amp; Resources
          </h2>
          <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {NEWS_LINKS.map((l) => (
              <OutboundLink key={l.href} {...l} />
            ))}
          </div>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="flex flex-col justify-between p-8">
            <div>
              <MessageSquare className="h-8 w-8 text-primary" aria-hidden="true" />
              <h2 className="mt-3 text-2xl font-bold">Ready to Join the Dialogue?</h2>
              <p className="mt-2 text-muted-foreground">
                Create a free account to post your experiences, rate models, follow members and get notified
                when someone answers you.
              </p>
            </div>
            <Button className="mt-6 self-start" asChild>
              <Link to="/auth?mode=register">Create Your Account</Link>
            </Button>
          </Card>
          <Card className="p-8">
            <h2 className="text-2xl font-bold">Trending AI Resources</h2>
            <div className="mt-4 grid gap-3">
              {RESOURCE_LINKS.map((l) => (
                <OutboundLink key={l.href} {...l} />
              ))}
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The server's render of the landing page: the live figures and the recent posts. */
export const loader = ({ client }: LoaderArgs) =>
  Promise.all([
    client.prefetchQuery(communityStatsQuery()),
    import("./RecentPostsPreview").then((m) => m.prefetchRecentPosts(client)),
  ]);
