import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/**
 * The one error type services throw; its message is what the user reads (DESIGN §4), its `code`
 * is what a client branches on (stable, snake_case: `ERROR_CODES` in src/common/http.ts).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code: string,
    /** The page of what the refusal is about (the existing request a duplicate should upvote). */
    public readonly url?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code = "bad_request") => new AppError(400, message, code);
export const unauthorized = (message = "Please log in to continue") =>
  new AppError(401, message, "unauthorized");
export const forbidden = (message = "You are not allowed to do that") =>
  new AppError(403, message, "forbidden");
export const notFound = (message = "Not found") => new AppError(404, message, "not_found");
export const conflict = (message: string, code = "conflict", url?: string) =>
  new AppError(409, message, code, url);
/** A username whose confusable skeleton another member's has (issue 25). */
export const confusableUsername = (message: string) => new AppError(409, message, "username_confusable");
/** A refusal by content moderation: `code` says which rule (content_too_short, content_prohibited, …). */
export const unprocessable = (message: string, code: string) => new AppError(422, message, code);
export const tooManyRequests = (message: string, code = "rate_limited") => new AppError(429, message, code);
export const unavailable = (message: string) => new AppError(503, message, "unavailable");

/** The code of each Fastify client error the API answers (any other 4xx: `bad_request`). */
const FASTIFY_CLIENT_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_body",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_body",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_body",
  FST_ERR_INVALID_URL: "bad_request",
  FST_ERR_BAD_URL: "bad_request",
};

const FASTIFY_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large (the limit is 1 MB)",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty: send a JSON object",
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
  FST_ERR_INVALID_URL: "Invalid URL",
  FST_ERR_BAD_URL: "Invalid URL",
};

function describeIssuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/**
 * The validation message of each field path (`{ "username": "…", "links.0.url": "…" }`), the first
 * message per path, for a form to show on its fields. Issues about the whole object (no path,
 * e.g. unknown keys) are in `message` only.
 */
export function validationFields(
  validation: ReadonlyArray<{ message?: string; instancePath?: string }>,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const entry of validation) {
    // fastify-type-provider-zod gives each zod issue's path as `/links/0/url`.
    const key = (entry.instancePath ?? "").split("/").filter(Boolean).join(".");
    if (!key || key in fields) continue;
    fields[key] = entry.message ?? "Invalid value";
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * Errors the router raises before any route is found (Fastify's `frameworkErrors`): a path
 * parameter longer than the router's limit names nothing that exists, so it answers 404 like any
 * unknown id or slug ("Model not found" under /api/ai-models: issue 25), not an undocumented 414;
 * a malformed URL answers 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    const message = request.url.startsWith("/api/ai-models/") ? "Model not found" : "Not found";
    void reply.status(404).send({ code: "not_found", message });
    return;
  }
  void reply.status(400).send({ code: "bad_request", message: FASTIFY_CLIENT_MESSAGES.FST_ERR_BAD_URL! });
}

/**
 * One handler for every error: validation → 400 with the schema's own message, AppError → its
 * status and message, Fastify's client errors → their status, everything else → 500 with a
 * generic message (details only in the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const issue = first?.params?.issue as
        | { message?: string; code?: string; path?: PropertyKey[] }
        | undefined;
      let message = first?.message ?? "Invalid request";
      if (
        issue?.code === "invalid_type" &&
        issue.path &&
        issue.path.length > 0 &&
        /expected/i.test(message)
      ) {
        message = `${describeIssuePath(issue.path)}: ${message}`;
      }
      if (/^Unrecognized keys?:/.test(message)) {
        message = `Unknown field in request: ${message.replace(/^Unrecognized keys?: /, "")}`;
      }
      const fields = validationFields(error.validation);
      return reply
        .status(400)
        .send(
          fields ? { code: "validation_failed", message, fields } : { code: "validation_failed", message },
        );
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ err: error }, "service unavailable");
      return reply
        .status(error.status)
        .send(
          error.url
            ? { code: error.code, message: error.message, url: error.url }
            : { code: error.code, message: error.message },
        );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
      return reply.status(500).send({ code: "internal_error", message: "Internal server error" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FASTIFY_CLIENT_MESSAGES[error.code]) ??
        (status === 429
          ? "Too many requests: rate limit exceeded, try again later"
          : error.message || "Bad request");
      const code =
        (error.code && FASTIFY_CLIENT_CODES[error.code]) ??
        (status === 429 ? "rate_limited" : status === 404 ? "not_found" : "bad_request");
      return reply.status(status).send({ code, message });
    }
    if (isDatabaseUnavailable(error)) {
      // One line per failed request while the database is away, without the stack.
      request.log.warn({ err: String((error as Error).cause ?? error.message) }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ code: "unavailable", message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "internal_error", message: "Internal server error" });
  });
}

export const DATABASE_UNAVAILABLE_MESSAGE = "Service temporarily unavailable, please try again shortly";

/** Network errors of the database connection (node-postgres reports the socket's code). */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/**
 * PostgreSQL SQLSTATEs meaning "the server is not there right now": class 08 (connection
 * exception), 57P01-57P03 (shutting down, crashed, starting up), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open|the database system is (shutting down|starting up|in recovery mode)/i;

/**
 * Whether an error means the database cannot be reached (answered 503, not 500). Drizzle wraps
 * driver errors (`DrizzleQueryError`, the driver's error as `cause`) and a failed connect can be
 * an AggregateError, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (UNAVAILABLE_MESSAGE.test(String((error as Error).message ?? ""))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
