import { Palette } from "lucide-react";
import { ACCENT_COLOR_NAMES, ACCENT_COLORS, type AccentColor } from "../../../common/subscriptions";
import { errorMessage } from "../../api/http";
import { Card } from "../../ui/card";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { useSetAccent } from "./api";

const OPTIONS: { value: AccentColor | null; label: string; light: string; dark: string }[] = [
  { value: null, label: "Default", light: "#4338ca", dark: "#818cf8" },
  ...ACCENT_COLOR_NAMES.filter((n) => n !== "indigo").map((n) => ({ value: n, ...ACCENT_COLORS[n] })),
];

/** Custom themes (Pro and Premium): an accent color saved on the profile, applied everywhere. */
export function ThemePicker({ allowed }: { allowed: boolean }) {
  const { user } = useAuth();
  const setAccent = useSetAccent();
  // Indigo is the default color; it is offered as "Default".
  const stored = (user?.accentColor ?? null) as AccentColor | null;
  const current = stored === "indigo" ? null : stored;

  const choose = async (value: AccentColor | null) => {
    // One change at a time; the choices stay enabled so the focus stays on them (arrow keys).
    if (setAccent.isPending) return;
    try {
      await setAccent.mutateAsync(value);
      toast({
        title: "Theme updated",
        description: "Your accent color is applied across AI Agora.",
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Theme not saved",
        description: errorMessage(err, "Failed to save your theme."),
        variant: "destructive",
      });
    }
  };

  return (
    <section aria-labelledby="theme-title" className="mt-12">
      <h2 id="theme-title" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Palette className="h-5 w-5 text-primary" aria-hidden="true" />
        Custom theme
      </h2>
      <Card className="p-5">
        {allowed ? (
          <fieldset aria-busy={setAccent.isPending || undefined}>
            <legend className="mb-3 text-sm text-muted-foreground">
              Choose the accent color used for buttons and links.
            </legend>
            <div className="flex flex-wrap gap-3">
              {OPTIONS.map((o) => {
                const id = `accent-${o.value ?? "default"}`;
                return (
                  <label
                    key={id}
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-[:checked]:border-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input
                      id={id}
                      type="radio"
                      name="accent"
                      className="sr-only"
                      checked={current === o.value}
                      onChange={() => choose(o.value)}
                    />
                    <span
                      className="h-4 w-4 rounded-full dark:hidden"
                      style={{ background: o.light }}
                      aria-hidden="true"
                    />
                    <span
                      className="hidden h-4 w-4 rounded-full dark:inline-block"
                      style={{ background: o.dark }}
                      aria-hidden="true"
                    />
                    {o.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">
            Custom themes come with the Pro and Premium plans: choose your own accent color for the whole
            site.
          </p>
        )}
      </Card>
    </section>
  );
}
