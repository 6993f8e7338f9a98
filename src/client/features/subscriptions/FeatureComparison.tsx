import {
  PLAN_COMPARISON_ROWS,
  PLAN_DISPLAY_NAMES,
  PLAN_ENTITLEMENTS,
  PLAN_NAMES,
} from "../../../common/plans";
import { cn } from "../../ui/cn";
import { ScrollRegion } from "../../ui/scroll-region";

/** The feature comparison table of SPEC §2.15, from the same entitlements the server enforces. */
export function FeatureComparison({ current }: { current: string | undefined }) {
  return (
    <section aria-labelledby="compare-title" className="mt-12">
      <h2 id="compare-title" className="mb-4 text-xl font-semibold">
        Compare features
      </h2>
      <ScrollRegion label="Compare features, scrolls sideways" className="rounded-xl border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What each plan includes</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-3 font-semibold">
                Feature
              </th>
              {PLAN_NAMES.map((name) => (
                <th
                  scope="col"
                  key={name}
                  className={cn("p-3 font-semibold", name === current && "text-primary")}
                >
                  {PLAN_DISPLAY_NAMES[name]}
                  {name === current ? <span className="sr-only"> (your plan)</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_COMPARISON_ROWS.map((row) => (
              <tr key={row.feature} className="border-t border-border">
                <th scope="row" className="p-3 font-medium">
                  {row.feature}
                </th>
                {PLAN_NAMES.map((name) => (
                  <td key={name} className="p-3">
                    {row.value(PLAN_ENTITLEMENTS[name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
