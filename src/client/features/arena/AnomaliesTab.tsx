import { Link } from "react-router";
import { ARENA_RULES } from "../../../common/arena-rules";
import { errorMessage } from "../../api/http";
import { EmptyState } from "../../ui/empty-state";
import { ScrollRegion } from "../../ui/scroll-region";
import { Spinner } from "../../ui/spinner";
import { useAnomalies } from "./api";

/** The admin dashboard's Arena tab: members whose many votes always favor one model (decision 0095). */
export function AnomaliesTab() {
  const anomalies = useAnomalies();
  const list = anomalies.data ?? [];
  return (
    <section aria-labelledby="arena-anomalies-heading" className="space-y-4">
      <h2 id="arena-anomalies-heading" className="text-xl font-semibold">
        Arena Anomalies
      </h2>
      <p className="text-sm text-muted-foreground">
        Members with at least {ARENA_RULES.anomalyMinVotes} decisive votes on battles with one model who
        favored it at least {Math.round(ARENA_RULES.anomalyShare * 100)}% of the time. A fake battle can be
        removed from the User Reports tab; the boards are then recomputed without it.
      </p>
      {anomalies.isLoading ? <Spinner label="Loading anomalies..." /> : null}
      {anomalies.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(anomalies.error, "Could not load the anomalies.")}
        </p>
      ) : null}
      {anomalies.isSuccess && list.length === 0 ? <EmptyState title="No anomalies" /> : null}
      {list.length > 0 ? (
        <ScrollRegion label="Arena anomalies, scrolls sideways">
          <table className="w-full text-left text-sm" data-testid="arena-anomalies">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Member
                </th>
                <th scope="col" className="py-2 pr-3">
                  Model
                </th>
                <th scope="col" className="py-2 pr-3">
                  Votes on its battles
                </th>
                <th scope="col" className="py-2">
                  Favoring it
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={`${a.voter.id}-${a.model.id}`} className="border-b border-border">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={`/profile/${a.voter.id}`} className="text-primary underline">
                      {a.voter.username}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{a.model.name}</td>
                  <td className="py-2 pr-3 tabular-nums">{a.votes}</td>
                  <td className="py-2 tabular-nums">{a.favoring}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}
