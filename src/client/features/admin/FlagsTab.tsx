import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type AdminFeatureFlag,
  environmentFromHost,
  FLAG_ENVIRONMENT_LABELS,
  FLAG_ENVIRONMENTS,
  type FlagEnvironment,
  isFlagActiveFor,
} from "../../../common/feature-flags";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { FieldError, Input, Label } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { useAdminFlags, useUpdateFlag } from "./api";

/** The editor always sends all three settings, checked by the server's update schema. */
const resolver = lazyZodResolver(() =>
  import("../../../common/feature-flags").then((m) => m.featureFlagUpdateSchema),
);
type FlagFormValues = { enabled: boolean; rolloutPercentage: number; environments: FlagEnvironment[] };

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
  const form = useForm<FlagFormValues>({
    resolver: resolver as never,
    defaultValues: {
      enabled: flag.enabled,
      rolloutPercentage: flag.rolloutPercentage,
      environments: flag.environments,
    },
  });
  const [error, setError] = useState<string | null>(null);
  const id = `flag-${flag.key}`;
  const enabled = form.watch("enabled");
  const rolloutNumber = form.watch("rolloutPercentage");
  // A box group of one value still answers a list; none checked answers false.
  const environments = ([] as FlagEnvironment[]).concat(form.watch("environments") || []);
  const dirty =
    enabled !== flag.enabled ||
    rolloutNumber !== flag.rolloutPercentage ||
    environments.length !== flag.environments.length ||
    environments.some((e) => !flag.environments.includes(e));
  // The same evaluation the server runs for GET /api/feature-flags (common/feature-flags.ts).
  const activeHere = isFlagActiveFor(flag, { userId, environment });

  const submit = form.handleSubmit(async ({ rolloutPercentage: rolloutNumber }) => {
    if (!dirty) return;
    setError(null);
    try {
      await update.mutateAsync({ key: flag.key, enabled, rolloutPercentage: rolloutNumber, environments });
      toast({ title: `${flag.name} saved`, variant: "success" });
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      if (applyServerErrors(form.setError, err, ["rolloutPercentage"])) return;
      setError(errorMessage(err, "Could not save the flag."));
    }
  });

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
            <input id={`${id}-enabled`} type="checkbox" className="h-4 w-4" {...form.register("enabled")} />
            <Label htmlFor={`${id}-enabled`}>Enabled</Label>
          </div>
          <FormField
            id={`${id}-rollout`}
            label="Rollout %"
            className="space-y-1"
            error={form.formState.errors.rolloutPercentage?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                max={100}
                step={1}
                className="w-24"
                {...form.register("rolloutPercentage", { valueAsNumber: true })}
              />
            )}
          </FormField>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-1 text-sm font-medium">Environments</legend>
            {FLAG_ENVIRONMENTS.map((env) => (
              <div key={env} className="flex items-center gap-2">
                <input
                  id={`${id}-${env}`}
                  type="checkbox"
                  value={env}
                  className="h-4 w-4"
                  {...form.register("environments")}
                />
                <Label htmlFor={`${id}-${env}`}>{FLAG_ENVIRONMENT_LABELS[env]}</Label>
              </div>
            ))}
          </fieldset>
          <Button
            type="submit"
            size="sm"
            // Inactive, not disabled: saved, the button keeps the focus (a disabled one drops it).
            aria-disabled={!dirty || undefined}
            pending={update.isPending}
            className="ml-auto"
          >
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
