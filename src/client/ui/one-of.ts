/** `v` when it is one of `values` (an address parameter, a select's value), else `fallback`. */
export const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : fallback;
