import {
  Eye,
  Flame,
  Hash,
  Heart,
  MessageCircle,
  Swords,
  TrendingDown,
  TrendingUp,
  Users,
} from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, useSearchParams } from "react-router";
import { GENERATION_LABELS } from "../../../common/constants";
import { aiModelLabel } from "../../../common/models";
import { countOf, plural } from "../../../common/plural";
import { POST_MESSAGES } from "../../../common/posts";
import {
  DEFAULT_TIMEFRAME,
  FOLLOWER_WEIGHT,
  formatGrowth,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Timeframe,
  TRENDING_TABS,
  type TrendingTopic,
} from "../../../common/trending";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { useAuth } from "../auth/useAuth";
import { useRisingCreators, useTrendingPosts, useTrendingTopics } from "../creators/api";
import { FollowToggle } from "../creators/FollowToggle";
import { useTrendingBattles } from "./api";

type Tab = (typeof TRENDING_TABS)[number];
const TAB_PARAMS: Record<Tab, string> = {
  "Trending Topics": "topics",
  "Hot Posts": "posts",
  "Rising Creators": "creators",
  "Arena Battles": "battles",
};
const tabFromParam = (v: string | null): Tab =>
  TRENDING_TABS.find((t) => TAB_PARAMS[t] === v) ?? "Trending Topics";
const timeframeFromParam = (v: string | null): Timeframe =>
  (TIMEFRAMES as readonly string[]).includes(v ?? "") ? (v as Timeframe) : DEFAULT_TIMEFRAME;

const tabContentClass =
  "rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring";

/** SPEC §2.14: timeframe buttons (1h, 24h default, 7d, 30d) and three tabs, all built for real. */
export default function TrendingPage() {
  const [params, setParams] = useSearchParams();
  const timeframe = timeframeFromParam(params.get("timeframe"));
  const tab = tabFromParam(params.get("tab"));
  const update = (key: "timeframe" | "tab", value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Page title="Trending" lead="What the community is talking about right now">
      <fieldset className="mb-6 flex flex-wrap gap-2 border-0 p-0">
        <legend className="sr-only">Timeframe</legend>
        {TIMEFRAMES.map((tf) => (
          <Button
            key={tf}
            size="sm"
            variant={tf === timeframe ? "primary" : "outline"}
            aria-pressed={tf === timeframe}
            title={TIMEFRAME_LABELS[tf]}
            onClick={() => update("timeframe", tf)}
          >
            {tf}
          </Button>
        ))}
        <span className="self-center text-sm text-muted-foreground" aria-live="polite">
          {TIMEFRAME_LABELS[timeframe]}
        </span>
      </fieldset>

      <Tabs.Root value={TAB_PARAMS[tab]} onValueChange={(v) => update("tab", v)}>
        <TabList
          label="Trending"
          tabs={TRENDING_TABS.map((t) => ({ value: TAB_PARAMS[t], label: t }))}
          className="mb-4"
        />
        <Tabs.Content value="topics" className={tabContentClass}>
          <TopicsTab timeframe={timeframe} active={tab === "Trending Topics"} />
        </Tabs.Content>
        <Tabs.Content value="posts" className={tabContentClass}>
          <PostsTab timeframe={timeframe} active={tab === "Hot Posts"} />
        </Tabs.Content>
        <Tabs.Content value="creators" className={tabContentClass}>
          <CreatorsTab timeframe={timeframe} active={tab === "Rising Creators"} />
        </Tabs.Content>
        <Tabs.Content value="battles" className={tabContentClass}>
          <BattlesTab timeframe={timeframe} active={tab === "Arena Battles"} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}

function Growth({ topic }: { topic: TrendingTopic }) {
  const text = formatGrowth(topic);
  if (topic.isNew || topic.growth === null) {
    return (
      <Badge tone="success" title="No posts in the previous period">
        New
      </Badge>
    );
  }
  const up = topic.growth > 0;
  const down = topic.growth < 0;
  return (
    <Badge
      tone={up ? "success" : down ? "destructive" : "default"}
      title={`${text} against the previous period`}
    >
      {up ? (
        <TrendingUp className="h-3 w-3" aria-hidden="true" />
      ) : down ? (
        <TrendingDown className="h-3 w-3" aria-hidden="true" />
      ) : null}
      <span className="sr-only">Growth </span>
      {text}
    </Badge>
  );
}

function Loading({ what }: { what: string }) {
  return <Spinner label={`Loading ${what}...`} />;
}

function TopicsTab({ timeframe, active }: { timeframe: Timeframe; active: boolean }) {
  const topics = useTrendingTopics(timeframe, active);
  if (topics.isPending) return <Loading what="trending topics" />;
  if (topics.isError)
    return (
      <EmptyState
        title="Failed to fetch trending topics"
        description={errorMessage(topics.error, "Please try again.")}
      />
    );
  if (topics.data.length === 0)
    return (
      <EmptyState
        icon={<Hash className="h-8 w-8" />}
        title="No trending topics yet"
        description="Nobody used a hashtag in this timeframe. Add #tags to your posts to start a topic."
      />
    );
  return (
    <ol
      className="grid gap-3 sm:grid-cols-2"
      aria-label={`Trending topics, ${TIMEFRAME_LABELS[timeframe].toLowerCase()}`}
    >
      {topics.data.map((topic, i) => (
        <li key={topic.id}>
          <Card className="flex items-center gap-4 p-4" data-testid="trending-topic">
            <span
              className="w-6 text-right text-lg font-bold text-muted-foreground tabular-nums"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <Link
                to={`/?tag=${encodeURIComponent(topic.hashtag)}`}
                className="block truncate text-lg font-semibold hover:underline"
              >
                #{topic.hashtag}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge tone="outline">{topic.category}</Badge>
                <span>{countOf(topic.posts, "post")}</span>
              </div>
            </div>
            <Growth topic={topic} />
          </Card>
        </li>
      ))}
    </ol>
  );
}

function PostsTab({ timeframe, active }: { timeframe: Timeframe; active: boolean }) {
  const posts = useTrendingPosts(timeframe, active);
  if (posts.isPending) return <Loading what="hot posts" />;
  if (posts.isError)
    return (
      <EmptyState
        title="Failed to fetch hot posts"
        description={errorMessage(posts.error, "Please try again.")}
      />
    );
  if (posts.data.length === 0)
    return (
      <EmptyState
        icon={<Flame className="h-8 w-8" />}
        title={POST_MESSAGES.noPostsFound}
        description="Nothing was posted in this timeframe yet."
      />
    );
  return (
    <ol className="grid gap-3" aria-label={`Hot posts, ${TIMEFRAME_LABELS[timeframe].toLowerCase()}`}>
      {posts.data.map((post) => (
        <li key={post.id}>
          <Card className="p-4" data-testid="hot-post">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              {post.authorId ? (
                <Link to={`/profile/${post.authorId}`} className="font-semibold hover:underline">
                  {post.author}
                </Link>
              ) : (
                <span className="font-semibold">{post.author}</span>
              )}
              {post.aiModel ? <Badge tone="outline">{aiModelLabel(post.aiModel)}</Badge> : null}
              <span className="text-muted-foreground">{post.timeAgo}</span>
              <span
                className="ml-auto inline-flex items-center gap-1 text-muted-foreground"
                title="Trending score"
              >
                <Flame className="h-4 w-4 text-warning" aria-hidden="true" />
                <span className="sr-only">Trending score</span>
                {post.trending_score.toFixed(2)}
              </span>
            </div>
            <p className="mt-2 line-clamp-4 whitespace-pre-line wrap-anywhere">{post.content}</p>
            <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Heart className="h-4 w-4" aria-hidden="true" />
                {post.likes} <span className="sr-only">{plural(post.likes, "like")}</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                {post.comments} <span className="sr-only">{plural(post.comments, "comment")}</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <Eye className="h-4 w-4" aria-hidden="true" />
                {post.views} <span className="sr-only">{plural(post.views, "view")}</span>
              </span>
              <Link to={`/post/${post.id}`} className="ml-auto text-primary hover:underline">
                Open post<span className="sr-only"> by {post.author}</span>
              </Link>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** The Arena's most-voted battles of the window (decision 0110): no model names, a link to vote. */
function BattlesTab({ timeframe, active }: { timeframe: Timeframe; active: boolean }) {
  const battles = useTrendingBattles(timeframe, active);
  if (battles.isPending) return <Loading what="arena battles" />;
  if (battles.isError)
    return (
      <EmptyState
        title="Failed to fetch arena battles"
        description={errorMessage(battles.error, "Please try again.")}
      />
    );
  if (battles.data.length === 0)
    return (
      <EmptyState
        icon={<Swords className="h-8 w-8" />}
        title="No arena votes yet"
        description="Nobody voted on a battle in this timeframe."
        action={
          <Button asChild variant="outline">
            <Link to="/arena">Vote in the Arena</Link>
          </Button>
        }
      />
    );
  return (
    <ol className="grid gap-3" aria-label={`Arena battles, ${TIMEFRAME_LABELS[timeframe].toLowerCase()}`}>
      {battles.data.map((battle, i) => (
        <li key={battle.id}>
          <Card className="p-4" data-testid="trending-battle">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold tabular-nums text-muted-foreground">#{i + 1}</span>
              <Badge tone="outline">{battle.category}</Badge>
              {battle.tags.map((t) => (
                <Badge key={t}>{t}</Badge>
              ))}
              <span className="ml-auto text-muted-foreground">
                {countOf(battle.votes, "vote")} in this timeframe · {battle.totalVotes} in all
              </span>
            </div>
            <p className="mt-2 line-clamp-3 whitespace-pre-line wrap-anywhere">{battle.prompt}</p>
            <div className="mt-3 flex justify-end text-sm">
              <Link to={`/arena?battle=${battle.id}`} className="text-primary hover:underline">
                Vote on this battle<span className="sr-only"> (#{i + 1})</span>
              </Link>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}

function CreatorsTab({ timeframe, active }: { timeframe: Timeframe; active: boolean }) {
  const { isAuthenticated } = useAuth();
  const creators = useRisingCreators(timeframe, active);
  if (creators.isPending) return <Loading what="rising creators" />;
  if (creators.isError)
    return (
      <EmptyState
        title="Failed to fetch rising creators"
        description={errorMessage(creators.error, "Please try again.")}
      />
    );
  if (creators.data.length === 0)
    return (
      <EmptyState
        icon={<Users className="h-8 w-8" />}
        title="No rising creators yet"
        description="Nobody gained followers or likes in this timeframe. Post something worth liking!"
      />
    );
  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        Ranked by new followers (each worth {FOLLOWER_WEIGHT} points) and likes received in this timeframe.
      </p>
      <ol
        className="grid gap-3 sm:grid-cols-2"
        aria-label={`Rising creators, ${TIMEFRAME_LABELS[timeframe].toLowerCase()}`}
      >
        {creators.data.map((c, i) => (
          <li key={c.id}>
            <Card className="flex items-center gap-3 p-4" data-testid="rising-creator">
              <span
                className="w-6 text-right font-bold text-muted-foreground tabular-nums"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <Avatar src={c.avatar} name={c.username} />
              <div className="min-w-0 flex-1">
                <Link to={`/profile/${c.id}`} className="block truncate font-semibold hover:underline">
                  {c.username}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {GENERATION_LABELS[c.generation]} · +{c.followersGained}{" "}
                  {plural(c.followersGained, "follower")} · +{c.likesReceived}{" "}
                  {plural(c.likesReceived, "like")}
                </p>
              </div>
              {isAuthenticated && !c.isSelf ? (
                <FollowToggle userId={c.id} username={c.username} initiallyFollowing={c.isFollowing} />
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}
