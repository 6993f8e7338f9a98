import { queryOptions, useQuery } from "@tanstack/react-query";
import { Swords } from "lucide-react";
import { Link } from "react-router";
import { headToHead, modelStanding } from "../../../common/api/arena";
import { ARENA_MESSAGES, type StandingRow } from "../../../common/arena";
import { GENERATION_LABELS } from "../../../common/constants";
import { countOf } from "../../../common/plural";
import { call, routeKey } from "../../api/client";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";

/** The Arena on a model's page and on the comparison (issue 22 item 5, decision 0102). */
export const standingQuery = (slug: string) =>
  queryOptions({
    queryKey: routeKey(modelStanding, slug),
    queryFn: () => call(modelStanding, { params: { slug } }),
    staleTime: 60_000,
  });

export const headToHeadQuery = (ids: number[]) =>
  queryOptions({
    queryKey: routeKey(headToHead, ids.join(",")),
    enabled: ids.length >= 2,
    queryFn: () => call(headToHead, { query: { ids: ids.join(",") } }),
    staleTime: 60_000,
  });

function StandingText({ s }: { s: StandingRow }) {
  return (
    <>
      <span className="font-semibold tabular-nums">{Math.round(s.rating)}</span>{" "}
      <span className="text-muted-foreground tabular-nums">
        {`(95% interval ${Math.round(s.lower)}–${Math.round(s.upper)})`}
      </span>{" "}
      {`· rank ${s.rank} of ${s.of} · ${countOf(s.votes, "vote")}`}
      {s.provisional ? (
        <>
          {" "}
          <Badge tone="outline">Provisional</Badge>
        </>
      ) : null}
    </>
  );
}

/** A model's arena rating with its interval and rank, overall and per voter generation. */
export function ArenaCard({ slug }: { slug: string }) {
  const query = useQuery(standingQuery(slug));
  const data = query.data;
  return (
    <Card className="mb-6 grid gap-3 p-5" aria-labelledby="arena-heading" role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="arena-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Swords className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
          Arena rating
        </h2>
        <Link to="/arena/leaderboard" className="text-sm text-primary underline">
          See the Arena leaderboard
        </Link>
      </div>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the Arena rating…</p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">The Arena rating could not be loaded.</p>
      ) : data.overall === null ? (
        <p className="text-sm text-muted-foreground">{ARENA_MESSAGES.notInArena}</p>
      ) : (
        <>
          <p className="text-sm">
            Overall: <StandingText s={data.overall} />
          </p>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Arena rating by voter generation">
            {data.generations.map((g) => (
              <li key={g.generation} className="rounded-md bg-muted px-3 py-2 text-sm">
                <span className="font-medium">{GENERATION_LABELS[g.generation]}: </span>
                {g.standing ? (
                  <StandingText s={g.standing} />
                ) : (
                  <span className="text-muted-foreground">no votes yet</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** Each compared pair's record in the Arena: wins, losses and ties over the counted votes. */
export function HeadToHeadSection({ models }: { models: Array<{ id: number; name: string }> }) {
  const ids = models.map((m) => m.id);
  const query = useQuery(headToHeadQuery(ids));
  if (ids.length < 2) return null;
  const name = (id: number) => models.find((m) => m.id === id)?.name ?? `Model ${id}`;
  const pairs = query.data?.pairs ?? [];
  return (
    <section aria-labelledby="h2h-heading" className="mt-8 grid gap-3 print:break-inside-avoid">
      <h2 id="h2h-heading" className="text-xl font-semibold">
        Arena Head-to-Head
      </h2>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the Arena record…</p>
      ) : (
        <ul className="grid gap-2">
          {pairs.map((p) => {
            const total = p.aWins + p.bWins + p.ties;
            return (
              <li key={`${p.a}-${p.b}`} className="rounded-md bg-muted px-3 py-2 text-sm">
                <span className="font-medium">
                  {name(p.a)} vs {name(p.b)}:
                </span>{" "}
                {total === 0
                  ? "They have not met in the Arena yet."
                  : `${name(p.a)} won ${p.aWins}, ${name(p.b)} won ${p.bWins}, ${countOf(p.ties, "tie")} (${countOf(total, "vote")}).`}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm">
        <Link to="/arena/leaderboard" className="text-primary underline">
          See the Arena leaderboard
        </Link>
      </p>
    </section>
  );
}
