import { Link } from "react-router";
import { ARENA_RULES } from "../../../common/arena";
import { titled } from "../../head";
import type { PageHead } from "../../route-module";
import { Page } from "../../ui/page";
import { ArenaNav } from "./ArenaNav";

/** `/arena/about`: the method and the rules, published (issue 22 item 4; decisions 0094–0096). */
export default function AboutPage() {
  const r = ARENA_RULES;
  return (
    <Page
      title="How the Arena Works"
      lead="The method behind the leaderboard, and the rules that keep it honest."
    >
      <ArenaNav />
      <div className="max-w-3xl space-y-8 leading-relaxed">
        <section aria-labelledby="about-votes">
          <h2 id="about-votes" className="mb-2 text-xl font-semibold">
            Battles and blind votes
          </h2>
          <p>
            A member submits a prompt they ran and the two answers they got from two models in our directory,
            with each model's version and the date used. Battles go through the same moderation as posts and
            can be reported. Voters see the two answers in random order without the models' names and choose
            "A is better", "B is better", "Tie" or "Both are bad". Each member votes once per battle, never on
            their own battles; the names and the community's split appear after the vote.
          </p>
        </section>
        <section aria-labelledby="about-model">
          <h2 id="about-model" className="mb-2 text-xl font-semibold">
            The model
          </h2>
          <p>
            Ratings are Bradley–Terry strengths fitted by maximum likelihood: the chance that model <em>i</em>{" "}
            beats model <em>j</em> is π<sub>i</sub> / (π<sub>i</sub> + π<sub>j</sub>). A tie and "both are
            bad" count as half a win for each side. We show 1000 + 400·log<sub>10</sub>(π<sub>i</sub>) with
            the strengths scaled so their geometric mean is 1, so the average model sits at 1000 and 400
            points mean 10 to 1 odds.
          </p>
          <p className="mt-2">
            <strong>Prior.</strong> Every model also plays {r.priorGames} virtual{" "}
            {r.priorGames === 1 ? "game" : "games"} against a fixed reference of average strength, scored as a
            draw. This keeps a model with only wins or only losses finite and pulls models with very few votes
            gently toward the middle; with hundreds of votes its effect is negligible.
          </p>
        </section>
        <section aria-labelledby="about-intervals">
          <h2 id="about-intervals" className="mb-2 text-xl font-semibold">
            Intervals and ranks
          </h2>
          <p>
            Each rating's 95% interval is a percentile bootstrap: the votes are resampled with replacement{" "}
            {r.resamples} times (with a fixed random seed, so a recompute of the same votes gives the same
            board), the model refitted each time, and the middle 95% of the refitted ratings kept. The rank
            spread is the range of ranks the intervals allow: a model is surely below another only when their
            intervals do not overlap. A row with fewer than {r.minVotes} votes is marked provisional.
          </p>
          <p className="mt-2">
            The per-generation views use the voter's generation at the time of the vote. Agreement between two
            generations is Kendall's τ-b between their rankings of the models both have ranked. The boards are
            recomputed every {r.recomputeMinutes} minutes, and at once after an administrator removes a
            battle; each shows when it was computed.
          </p>
        </section>
        <section aria-labelledby="about-rules">
          <h2 id="about-rules" className="mb-2 text-xl font-semibold">
            Integrity rules
          </h2>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Votes from accounts younger than {r.voteDelayDays} days, or from accounts that have done nothing
              else here (no post, comment, prompt, forum message or battle), are kept but count only once the
              account qualifies.
            </li>
            <li>
              At most {r.perSubmitterCap} of one member's votes on one submitter's battles count (the
              earliest).
            </li>
            <li>
              Votes between members who follow each other count: the vote is blind to the models, the voter
              does not see who submitted the battle, and the cap above bounds any circle of friends.
            </li>
            <li>
              An administrator can remove a battle found fake; every board is then recomputed without it.
            </li>
            <li>
              Administrators see a list of anomalies: members with at least {r.anomalyMinVotes} decisive votes
              on battles with one model who favored it at least {Math.round(r.anomalyShare * 100)}% of the
              time.
            </li>
            <li>Battles hidden by reports leave every board until an administrator reviews them.</li>
          </ul>
        </section>
        <p>
          <Link to="/arena/leaderboard" className="text-primary underline">
            See the leaderboard
          </Link>
        </p>
      </div>
    </Page>
  );
}

export const head = (): PageHead => ({
  title: titled("How the Arena Works"),
  description: "The Arena's method: Bradley–Terry ratings, bootstrap intervals, and the integrity rules.",
});
