import { z } from "zod";
import { plainText } from "./http";

/** A required text field: empty (or only spaces) gives the form's "fill in" message. */
export function requiredText(
  field: string,
  empty: string,
  max: number,
  maxMessage: string,
  min?: { length: number; message: string },
) {
  const inner = z.string().min(1, empty);
  return plainText(field)
    .transform((v) => v.trim())
    .pipe((min ? inner.min(min.length, min.message) : inner).max(max, maxMessage));
}
