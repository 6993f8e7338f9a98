import { ACCENT_COLORS, isAccentColor } from "../../../common/subscriptions";
import { useAuth } from "../auth/useAuth";

/**
 * Custom themes (Pro and Premium): the signed-in member's accent replaces `--primary` (and the
 * focus ring) in both the light and the dark theme. Values come from the fixed palette only.
 */
export function AccentTheme() {
  const { user } = useAuth();
  const accent = user?.accentColor;
  if (!isAccentColor(accent)) return null;
  const c = ACCENT_COLORS[accent];
  return (
    <style data-accent={accent}>
      {`:root{--primary:${c.light};--ring:${c.light}}:root.dark{--primary:${c.dark};--ring:${c.dark}}`}
    </style>
  );
}
