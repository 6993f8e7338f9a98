import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RawServerDefault,
} from "fastify";
import type { z } from "zod";
import { API_PREFIX, type AnyRoute, type Route, type RouteSchemas } from "../../common/api/route";
import { errorSchema } from "../../common/http";
import type { EncodedText } from "./compression";

/**
 * Registers the routes of the API contract (src/common/api/, docs/decisions/0082). A feature's
 * plugin says `serve(app, listPosts, { config }, handler)`: method, URL, validation, the answer's
 * serialisation and its OpenAPI entry all come from the contract's route; the handler's
 * `request.params`, `request.query` and `request.body` are typed by its schemas and what it
 * returns by its response schema. `app.ts` refuses any /api route that is not in the contract.
 */

// biome-ignore lint/suspicious/noExplicitAny: any zod schema
type Schema = z.ZodType<any, any>;
type Out<T, Fallback = unknown> = T extends Schema ? z.output<T> : Fallback;
type In<T> = T extends Schema ? z.input<T> : undefined;

export type ContractRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Out<S["params"]>;
  Querystring: Out<S["query"]>;
  Body: S["body"] extends Schema ? z.output<S["body"]> : unknown;
}>;

/**
 * An answer already written as JSON (decision 0130): sent as it is where the handler would
 * otherwise answer a value for the response schema to serialise. `T` is the value it stands for,
 * so a handler cannot answer the JSON of another shape. `shows` is what the hooks that read an
 * answer before it is serialised see (the public cache's `entities`): the rows it was written
 * from, with the same ids.
 */
export class JsonText<T> {
  declare readonly of?: T;
  constructor(
    readonly text: string,
    readonly shows: unknown,
    /**
     * The same text already compressed, for a request that takes it (an answer many members get
     * alike, compressed once): sent as it is, instead of compressing it on every request.
     */
    readonly encoded?: (acceptEncoding: string | string[] | undefined) => EncodedText | null,
  ) {}
}

/** A handler answers the route's response (serialised through its schema) or sends the reply itself. */
export type ContractHandler<S extends RouteSchemas> = (
  request: ContractRequest<S>,
  reply: FastifyReply,
) => Promise<In<S["response"]> | JsonText<In<S["response"]>> | FastifyReply | undefined>;

export interface ServeOptions {
  config?: FastifyContextConfig;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
}

/** The prefix the API plugin is registered under: contract paths are whole ("/api/…"). */
export { API_PREFIX };

/** The Fastify schema of a contract route (validation, serialisation, OpenAPI). */
export function fastifySchema(schemas: RouteSchemas): Record<string, unknown> {
  const response: Record<number, unknown> = {};
  if (schemas.response) response[schemas.status ?? 200] = schemas.response;
  for (const status of schemas.errors ?? []) response[status] = errorSchema;
  return {
    tags: schemas.tags,
    summary: schemas.summary,
    ...(schemas.hide ? { hide: true } : {}),
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body && schemas.body !== "multipart" ? { body: schemas.body } : {}),
    ...(schemas.body === "multipart" ? { consumes: ["multipart/form-data"] } : {}),
    ...(schemas.produces && schemas.produces !== "redirect" ? { produces: [schemas.produces] } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

export function serve<S extends RouteSchemas>(
  app: FastifyInstance<RawServerDefault>,
  r: Route<AnyRoute["method"], string, S>,
  options: ServeOptions,
  handler: ContractHandler<S>,
): void {
  const prefix = app.prefix;
  if (!r.path.startsWith(`${prefix}/`) && r.path !== prefix) {
    throw new Error(`${r.method} ${r.path}: registered under ${prefix || "/"}, outside its path`);
  }
  const schemas = r.schemas();
  const status = schemas.status ?? 200;
  app.route({
    method: r.method,
    url: r.path.slice(prefix.length),
    schema: fastifySchema(schemas),
    ...(options.config ? { config: options.config } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as ContractRequest<S>, reply);
      if (result === reply || reply.sent) return reply;
      if (status !== 200) reply.status(status);
      if (result instanceof JsonText) {
        reply.type("application/json; charset=utf-8");
        const encoded = result.encoded?.(request.headers["accept-encoding"]);
        if (encoded) {
          return reply
            .header("vary", "accept-encoding")
            .header("content-encoding", encoded.encoding)
            .send(encoded.bytes);
        }
        // The hooks before serialisation see what it shows; the serialiser answers its text.
        reply.serializer(() => result.text);
        return result.shows;
      }
      return result;
    },
  });
}

/**
 * Refuses, as it is registered, any route under the API prefix that the contract does not list
 * (src/common/api/index.ts): the contract is the whole API. HEAD routes Fastify adds for GETs pass.
 */
export function onlyContractRoutes(app: FastifyInstance, routes: readonly AnyRoute[]): void {
  const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
  app.addHook("onRoute", (options) => {
    if (!options.url.startsWith(`${API_PREFIX}/`) && options.url !== API_PREFIX) return;
    for (const method of [options.method].flat()) {
      if (method === "HEAD") continue;
      if (!known.has(`${method} ${options.url}`)) {
        throw new Error(`${method} ${options.url} is not in the API contract (src/common/api/)`);
      }
    }
  });
}
