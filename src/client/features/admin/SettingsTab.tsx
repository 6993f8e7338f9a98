import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  ADMIN_MESSAGES,
  type ModerationSettingsUpdate,
  moderationSettingsUpdateSchema,
  SETTINGS_BOUNDS,
} from "../../../common/admin";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { Input, Label } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useModerationSettings, useSaveSettings } from "./api";

type NumberField = "minLength" | "maxLength" | "postsPerMinute";
type ToggleField = "profanityFilter" | "spamDetection";

const NUMBER_FIELDS: { name: NumberField; label: string; hint: string; min: number; max: number }[] = [
  {
    name: "minLength",
    label: "Minimum content length",
    hint: "Characters a post, comment, thread, reply or prompt needs at least.",
    min: SETTINGS_BOUNDS.minLength,
    max: SETTINGS_BOUNDS.maxLength,
  },
  {
    name: "maxLength",
    label: "Maximum content length",
    hint: `Characters allowed at most (up to ${SETTINGS_BOUNDS.maxLength.toLocaleString()}).`,
    min: 1,
    max: SETTINGS_BOUNDS.maxLength,
  },
  {
    name: "postsPerMinute",
    label: "Posts per minute",
    hint: "How many texts of one kind a member may publish in a minute.",
    min: SETTINGS_BOUNDS.postsPerMinuteMin,
    max: SETTINGS_BOUNDS.postsPerMinuteMax,
  },
];

const TOGGLES: { name: ToggleField; label: string; hint: string }[] = [
  { name: "profanityFilter", label: "Profanity filter", hint: "Refuse texts with prohibited language." },
  {
    name: "spamDetection",
    label: "Spam detection",
    hint: "Refuse link floods, repeated characters or words, and the same text posted twice.",
  },
];

/** The settings of SPEC §5; saving applies them to the next request on every instance. */
export function SettingsTab() {
  const current = useModerationSettings();
  const save = useSaveSettings();
  const form = useForm<ModerationSettingsUpdate>({
    resolver: zodResolver(moderationSettingsUpdateSchema) as never,
    values: current.data ? { ...current.data, reason: "" } : undefined,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, reason: values.reason?.trim() || undefined });
      toast({
        title: ADMIN_MESSAGES.settingsSaved,
        description: "They apply from the next post.",
        variant: "success",
      });
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      applyServerErrors(form.setError, err, [...NUMBER_FIELDS.map((f) => f.name), "reason"]);
      toast({
        title: "Settings not saved",
        description: errorMessage(err, "Please check the values and try again."),
        variant: "destructive",
      });
    }
  });

  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      <h2 id="settings-heading" className="text-xl font-semibold">
        Moderation Settings
      </h2>
      {current.isLoading ? <Spinner label="Loading the settings..." /> : null}
      {current.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(current.error, "Could not load the settings.")}
        </p>
      ) : null}
      {current.data ? (
        <Card className="p-6">
          <form className="space-y-6" onSubmit={onSubmit} noValidate>
            <div className="grid gap-5 sm:grid-cols-3">
              {NUMBER_FIELDS.map((f) => {
                return (
                  <FormField
                    key={f.name}
                    id={`setting-${f.name}`}
                    label={f.label}
                    hint={f.hint}
                    required
                    error={errors[f.name]?.message}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={f.min}
                        max={f.max}
                        step={1}
                        {...form.register(f.name, { valueAsNumber: true })}
                      />
                    )}
                  </FormField>
                );
              })}
            </div>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Filters</legend>
              {TOGGLES.map((f) => {
                const id = `setting-${f.name}`;
                return (
                  <div key={f.name} className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-1 h-4 w-4 accent-[var(--color-primary)]"
                      aria-describedby={`${id}-hint`}
                      {...form.register(f.name)}
                    />
                    <div>
                      <Label htmlFor={id}>{f.label}</Label>
                      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                        {f.hint}
                      </p>
                    </div>
                  </div>
                );
              })}
            </fieldset>
            <FormField
              id="setting-reason"
              label="Reason for the change (optional, kept in the audit log)"
              error={errors.reason?.message}
            >
              {(control) => <Input {...control} maxLength={500} {...form.register("reason")} />}
            </FormField>
            <Button type="submit" pending={save.isPending}>
              {save.isPending ? "Saving..." : "Save Settings"}
            </Button>
          </form>
        </Card>
      ) : null}
    </section>
  );
}
