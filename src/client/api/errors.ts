import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { type ModerationBanner, moderationBannerFor } from "../../common/moderation";
import { ApiError } from "./http";

/**
 * The moderation banner an error deserves (SPEC §5), chosen by the answer's `code`, never by its
 * text; null for anything else (another error, a network failure).
 */
export function moderationBannerOf(err: unknown): ModerationBanner | null {
  if (!(err instanceof ApiError)) return null;
  return moderationBannerFor({ code: err.code, message: err.userMessage });
}

/**
 * Shows a validation 400's `fields` messages on the form's own fields (react-hook-form's
 * `setError`), focusing the first one. Only the names the form has are set, so a message about a
 * field the form does not show is left to the caller's toast. Answers whether any was shown.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  names: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError)) return false;
  let shown = false;
  for (const name of names) {
    const message = err.fields[name];
    if (message === undefined) continue;
    setError(name, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
