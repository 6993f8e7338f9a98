import { Archive } from "lucide-react";
import type { AiModel } from "../../../common/ai-models";

/**
 * The catalog facts of a model's page (issue 23 items 5 and 7, decisions 0116 and 0117): prices
 * per million tokens, context window, license and open weights; when its facts were last verified
 * and the sources they were checked against; the notice of a retired model.
 */

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
const usd = (v: number | null) =>
  v === null ? "N/A" : `$${v.toLocaleString("en-US", { maximumFractionDigits: 4 })} per 1M tokens`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{value}</dd>
    </div>
  );
}

/** Rows of the Key facts list. */
export function CatalogFactRows({ model }: { model: AiModel }) {
  return (
    <>
      <Fact label="Input price" value={usd(model.priceInputPerM)} />
      <Fact label="Output price" value={usd(model.priceOutputPerM)} />
      <Fact
        label="Context window"
        value={model.contextWindow === null ? "N/A" : `${model.contextWindow.toLocaleString("en-US")} tokens`}
      />
      <Fact label="License" value={model.license ?? "N/A"} />
      <Fact label="Open weights" value={model.openWeights ? "Yes" : "No"} />
    </>
  );
}

/** "Last verified {date}" and the sources, as links that pass on no ranking and no opener. */
export function FactSources({ model }: { model: AiModel }) {
  return (
    <section aria-labelledby="sources-heading" className="grid gap-2">
      <h3 id="sources-heading" className="font-semibold">
        Sources
      </h3>
      <p className="text-sm text-muted-foreground" data-testid="last-verified">
        {model.lastVerifiedAt ? `Last verified ${day(model.lastVerifiedAt)}` : "Not verified yet"}
      </p>
      {model.sources.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {model.sources.map((s) => (
            <li key={s}>
              <a
                href={s}
                target="_blank"
                rel="nofollow noopener noreferrer"
                className="break-all text-primary underline"
              >
                {s}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A retired model's page stays reachable and says so (decision 0116). */
export function RetiredNotice({ model }: { model: AiModel }) {
  if (!model.retiredAt) return null;
  return (
    <p className="mb-6 flex items-center gap-2 rounded-lg border border-warning p-4 text-sm">
      <Archive className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>Retired.</strong> This model is no longer listed in the directory; its page, reviews and
        ratings stay here for reference.
      </span>
    </p>
  );
}
