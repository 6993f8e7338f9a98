import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  ARENA_CHOICE_LABELS,
  ARENA_CHOICES,
  ARENA_MESSAGES,
  type ArenaChoice,
  type BattleImage,
  type VoteReveal,
} from "../../../common/arena";
import { errorMessage } from "../../api/http";
import { titled } from "../../head";
import type { PageHead } from "../../route-module";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth";
import { ReportButton } from "../reports";
import { ArenaNav } from "./ArenaNav";
import { arenaKeys, useNextBattle, useVote } from "./api";

const LEAD =
  "Two answers to one prompt, model names hidden. Pick the better one; the names appear after you vote.";

/** Which displayed position a key or button means: "a"/"b" are the first and second responses shown. */
function choiceFor(position: ArenaChoice, shown: Array<{ side: "a" | "b" }>): ArenaChoice {
  if (position === "a") return shown[0]!.side;
  if (position === "b") return shown[1]!.side;
  return position;
}

/** A response's image with the description its submitter wrote. */
function ResponseImage({ image }: { image: BattleImage }) {
  if (!image) return null;
  return (
    <img
      src={image.url}
      alt={image.alt}
      loading="lazy"
      className="mt-3 max-h-96 w-full rounded-lg border border-border bg-muted object-contain"
    />
  );
}

function Reveal({ reveal, order }: { reveal: VoteReveal; order: Array<"a" | "b"> }) {
  const total = reveal.split.a + reveal.split.b + reveal.split.tie + reveal.split.bad;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n * 100) / total));
  const rows = [
    ...order.map((side, i) => ({
      key: side,
      label: `Response ${i === 0 ? "A" : "B"} (${reveal[side].model.name}) is better`,
      n: reveal.split[side],
    })),
    { key: "tie", label: "Tie", n: reveal.split.tie },
    { key: "bad", label: "Both are bad", n: reveal.split.bad },
  ];
  return (
    <div className="space-y-3" data-testid="arena-reveal">
      <ul className="grid gap-2 sm:grid-cols-2">
        {order.map((side, i) => (
          <li key={side} className="rounded-md border border-border p-3">
            <span className="text-sm text-muted-foreground">Response {i === 0 ? "A" : "B"} was</span>{" "}
            <Link
              to={`/ai-models/${reveal[side].model.slug}`}
              className="font-semibold text-primary underline"
            >
              {reveal[side].model.name}
            </Link>
            {reveal[side].version ? <span className="text-sm"> ({reveal[side].version})</span> : null}
            <ResponseImage image={reveal[side].image} />
          </li>
        ))}
      </ul>
      <h3 className="font-semibold">
        How the community voted ({total} {total === 1 ? "vote" : "votes"})
      </h3>
      <ul className="space-y-1.5">
        {rows.map((r) => (
          <li key={r.key} className="text-sm">
            <div className="flex justify-between gap-2">
              <span>{r.label}</span>
              <span>{pct(r.n)}%</span>
            </div>
            <div className="h-2 rounded bg-muted" aria-hidden="true">
              <div className="h-2 rounded bg-primary" style={{ width: `${pct(r.n)}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function VotingBooth() {
  // `?battle=` (a link from trending): that battle first, when the member may vote on it.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("battle"));
  const next = useNextBattle(true, Number.isInteger(asked) && asked > 0 ? asked : undefined);
  const vote = useVote();
  const qc = useQueryClient();
  const [reveal, setReveal] = useState<VoteReveal | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const battle = next.data?.battle ?? null;

  const cast = useCallback(
    async (position: ArenaChoice) => {
      if (!battle || reveal || vote.isPending) return;
      try {
        setReveal(await vote.mutateAsync({ id: battle.id, choice: choiceFor(position, battle.responses) }));
      } catch (err) {
        toast({ title: errorMessage(err, "Your vote was not recorded"), variant: "destructive" });
      }
    },
    [battle, reveal, vote],
  );

  // Keys 1–4 vote (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest("input, textarea, select, [contenteditable]"))
        return;
      const index = ["1", "2", "3", "4"].indexOf(e.key);
      if (index >= 0) {
        e.preventDefault();
        void cast(ARENA_CHOICES[index]!);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [cast]);

  useEffect(() => {
    if (reveal) nextButton.current?.focus();
  }, [reveal]);

  const another = async () => {
    setReveal(null);
    if (params.has("battle")) {
      setParams(
        (prev) => {
          const rest = new URLSearchParams(prev);
          rest.delete("battle");
          return rest;
        },
        { replace: true },
      );
    }
    await qc.invalidateQueries({ queryKey: arenaKeys.next });
    heading.current?.focus();
  };

  if (next.isLoading) return <Spinner label="Finding a battle..." />;
  if (next.isError) {
    return (
      <EmptyState
        title="Could not load a battle"
        action={
          <Button variant="outline" onClick={() => next.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (!battle) {
    return (
      <EmptyState
        title="No battles left for you"
        description={ARENA_MESSAGES.noBattles}
        action={
          <Button asChild>
            <Link to="/arena/submit">Submit a battle</Link>
          </Button>
        }
      />
    );
  }

  return (
    <section aria-labelledby="battle-heading" className="space-y-4" data-testid="arena-battle">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="battle-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          The prompt
        </h2>
        <Badge tone="outline">{battle.category}</Badge>
        {battle.tags.map((t) => (
          <Badge key={t}>{t}</Badge>
        ))}
      </div>
      <Card className="whitespace-pre-wrap p-4 wrap-anywhere">{battle.prompt}</Card>
      <div className="grid gap-4 md:grid-cols-2">
        {battle.responses.map((r, i) => (
          <Card key={r.side} className="p-4">
            <h3 className="mb-2 font-semibold">Response {i === 0 ? "A" : "B"}</h3>
            <div className="whitespace-pre-wrap text-sm wrap-anywhere">{r.response}</div>
            <ResponseImage image={r.image} />
          </Card>
        ))}
      </div>
      {reveal ? (
        <>
          <Reveal reveal={reveal} order={battle.responses.map((r) => r.side)} />
          <Button ref={nextButton} onClick={another}>
            Next battle
          </Button>
        </>
      ) : (
        <div>
          <p id="vote-keys" className="mb-2 text-sm text-muted-foreground">
            Keys 1 to 4 vote too.
          </p>
          <fieldset className="flex flex-wrap gap-2" aria-describedby="vote-keys">
            <legend className="sr-only">Your vote</legend>
            {ARENA_CHOICES.map((c, i) => (
              <Button
                key={c}
                variant={c === "a" || c === "b" ? "primary" : "outline"}
                pending={vote.isPending}
                onClick={() => cast(c)}
                aria-keyshortcuts={String(i + 1)}
              >
                <kbd className="mr-1 rounded border border-current px-1 text-xs">{i + 1}</kbd>{" "}
                {ARENA_CHOICE_LABELS[c]}
              </Button>
            ))}
          </fieldset>
        </div>
      )}
      <ReportButton
        targetType="battle"
        targetId={battle.id}
        label="Report this battle"
        className="text-muted-foreground"
      />
    </section>
  );
}

/** `/arena`: blind pairwise voting for members; visitors are invited to sign in or read the board. */
export default function ArenaPage() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <Page title="The Arena" lead={LEAD}>
      <ArenaNav />
      {isLoading ? (
        <Spinner label="Loading..." />
      ) : isAuthenticated ? (
        <VotingBooth />
      ) : (
        <EmptyState
          title="Voting needs an account"
          description="Anyone can read the leaderboard. Sign in to vote on battles and submit your own."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to="/auth">Sign in to vote</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/arena/leaderboard">See the leaderboard</Link>
              </Button>
            </div>
          }
        />
      )}
    </Page>
  );
}

export const head = (): PageHead => ({
  title: titled("The Arena"),
  description:
    "Blind pairwise votes on real AI model outputs, ranked with confidence intervals and by generation.",
});
