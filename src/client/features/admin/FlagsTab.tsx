import { type FormEvent, useState } from "react";
import {
  type AdminFeatureFlag,
  environmentFromHost,
  FLAG_ENVIRONMENT_LABELS,
  FLAG_ENVIRONMENTS,
  type FlagEnvironment,
  isFlagActiveFor,
} from "../../../common/feature-flags";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FieldError, Input, Label } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { useAdminFlags, useUpdateFlag } from "./api";

function FlagEditor({
  flag,
  userId,
  environment,
}: {
  flag: AdminFeatureFlag;
  userId: number;
  environment: FlagEnvironment;
}) {
  const update = useUpdateFlag();
  const [enabled, setEnabled] = useState(flag.enabled);
  const [rollout, setRollout] = useState(String(flag.rolloutPercentage));
  const [environments, setEnvironments] = useState<FlagEnvironment[]>(flag.environments);
  const [error, setError] = useState<string | null>(null);
  const id = `flag-${flag.key}`;
  const rolloutNumber = Number(rollout);
  const dirty =
    enabled !== flag.enabled ||
    rolloutNumber !== flag.rolloutPercentage ||
    environments.length !== flag.environments.length ||
    environments.some((e) => !flag.environments.includes(e));
  // The same evaluation the server runs for GET /api/feature-flags (common/feature-flags.ts).
  const activeHere = isFlagActiveFor(flag, { userId, environment });

  const toggleEnv = (env: FlagEnvironment, on: boolean) =>
    setEnvironments((list) => (on ? [...list, env] : list.filter((e) => e !== env)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!Number.isInteger(rolloutNumber) || rolloutNumber < 0 || rolloutNumber > 100) {
      return setError("Rollout percentage must be a whole number from 0 to 100");
    }
    try {
      await update.mutateAsync({ key: flag.key, enabled, rolloutPercentage: rolloutNumber, environments });
      toast({ title: `${flag.name} saved`, variant: "success" });
    } catch (err) {
      setError(errorMessage(err, "Could not save the flag."));
    }
  };

  return (
    <Card className="p-5" data-testid="feature-flag">
      <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-name`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={`${id}-name`} className="font-semibold">
              {flag.name}
            </h3>
            <p className="text-sm text-muted-foreground">{flag.description}</p>
            <p className="mt-1 font-mono text-xs text-muted-foreground">{flag.key}</p>
          </div>
          <Badge tone={activeHere ? "success" : "outline"}>
            {activeHere ? "Active for you here" : "Not active for you here"}
          </Badge>
        </div>
        <div className="flex flex-wrap items-end gap-6">
          <div className="flex items-center gap-2">
            <input
              id={`${id}-enabled`}
              type="checkbox"
              className="h-4 w-4"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <Label htmlFor={`${id}-enabled`}>Enabled</Label>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-rollout`}>Rollout %</Label>
            <Input
              id={`${id}-rollout`}
              type="number"
              min={0}
              max={100}
              step={1}
              className="w-24"
              value={rollout}
              onChange={(e) => setRollout(e.target.value)}
            />
          </div>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-1 text-sm font-medium">Environments</legend>
            {FLAG_ENVIRONMENTS.map((env) => (
              <div key={env} className="flex items-center gap-2">
                <input
                  id={`${id}-${env}`}
                  type="checkbox"
                  className="h-4 w-4"
                  checked={environments.includes(env)}
                  onChange={(e) => toggleEnv(env, e.target.checked)}
                />
                <Label htmlFor={`${id}-${env}`}>{FLAG_ENVIRONMENT_LABELS[env]}</Label>
              </div>
            ))}
          </fieldset>
          <Button type="submit" size="sm" disabled={!dirty || update.isPending} className="ml-auto">
            {update.isPending ? "Saving..." : `Save ${flag.name}`}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
        {flag.updatedBy ? (
          <p className="text-xs text-muted-foreground">
            Last changed by {flag.updatedBy} on {new Date(flag.updatedAt).toLocaleString()}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

/** SPEC §9 feature flags: each one's state, rollout and environments, editable. */
export function FlagsTab() {
  const flags = useAdminFlags();
  const { user } = useAuth();
  const environment = environmentFromHost(window.location.host);
  return (
    <section aria-labelledby="flags-heading" className="space-y-4">
      <h2 id="flags-heading" className="text-xl font-semibold">
        Feature Flags
      </h2>
      <p className="text-sm text-muted-foreground">
        This site runs as <strong>{FLAG_ENVIRONMENT_LABELS[environment]}</strong> (from its host name). A flag
        is active when it is enabled, lists the environment and, under 100 %, the member falls inside the
        rollout.
      </p>
      {flags.isLoading ? <Spinner label="Loading feature flags..." /> : null}
      {flags.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(flags.error, "Could not load the feature flags.")}
        </p>
      ) : null}
      <ul className="space-y-3">
        {(flags.data ?? []).map((f) => (
          <li key={`${f.key}:${f.updatedAt}`}>
            <FlagEditor flag={f} userId={user?.id ?? 0} environment={environment} />
          </li>
        ))}
      </ul>
    </section>
  );
}
