import { errorSchema } from "../../common/http";

/** Documents the error answers a route can give: `response: { 200: x, ...errorResponses(400, 401) }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;
}

/** PostgreSQL unique violation, optionally on a named constraint/index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return (
    code === "23505" &&
    (!constraint || name === constraint || String((e as Error).message).includes(constraint))
  );
}
