import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver over a shared zod schema (`src/common`) that loads the schema's
 * module, and zod with it, on its first call, i.e. the form's first submit. A page whose form
 * would otherwise carry zod (~40 kB gzip) in its route chunk stays within its budget
 * (bench/size.ts, docs/decisions/0084); validation is `zodResolver(schema)` as with a static
 * import (`zodResolver` itself reads the schema and imports no zod). Define it once per form, at
 * module level:
 *
 *   const resolver = lazyZodResolver(() => import("../../../common/forums").then((m) => m.forumCreateSchema));
 */
export function lazyZodResolver<S extends z.ZodType<unknown, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= load().then(
      (schema) => zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    );
    // A failed chunk load may succeed on the next submit.
    ready.catch(() => {
      ready = undefined;
    });
    return (await ready)(values, context, options);
  };
}
