import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { badRequest, installErrorHandler, isDatabaseUnavailable, tooManyRequests } from "./errors";

async function app() {
  const a = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  installErrorHandler(a);
  a.get("/boom", async () => {
    throw new Error("secret database password is hunter2");
  });
  a.get("/bad", async () => {
    throw badRequest("Content is required");
  });
  a.get("/slow", async () => {
    throw tooManyRequests("Too many attempts: rate limit reached");
  });
  a.post(
    "/typed",
    { schema: { body: z.strictObject({ n: z.number({ error: "n must be a number" }) }) } },
    async () => "ok",
  );
  a.post(
    "/nested",
    {
      schema: {
        body: z.strictObject({
          name: z.string({ error: "name must be text" }),
          links: z.array(z.strictObject({ url: z.string().min(1, "url is required") })),
        }),
      },
    },
    async () => "ok",
  );
  a.get("/db-down", async () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  await a.ready();
  return a;
}

describe("the error handler", () => {
  it("hides internals of a 500", async () => {
    const res = await (await app()).inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("hunter2");
    expect(res.json()).toEqual({ code: "internal_error", message: "Internal server error" });
  });

  it("answers AppErrors with their status, message and stable code", async () => {
    const a = await app();
    expect((await a.inject({ method: "GET", url: "/bad" })).json()).toEqual({
      code: "bad_request",
      message: "Content is required",
    });
    const slow = await a.inject({ method: "GET", url: "/slow" });
    expect(slow.statusCode).toBe(429);
    expect(slow.json().message).toContain("rate limit");
    expect(slow.json().code).toBe("rate_limited");
  });

  it("answers schema failures with 400 and the schema's message", async () => {
    const a = await app();
    const res = await a.inject({ method: "POST", url: "/typed", payload: { n: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("n must be a number");
    const extra = await a.inject({ method: "POST", url: "/typed", payload: { n: 1, evil: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain("Unknown field");
    expect(extra.json().code).toBe("validation_failed");
  });

  it("answers schema failures with code validation_failed and each field's message by path", async () => {
    const a = await app();
    const res = await a.inject({
      method: "POST",
      url: "/nested",
      payload: { name: 3, links: [{ url: "" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "validation_failed",
      message: expect.stringContaining("name must be text"),
      fields: { name: "name must be text", "links.0.url": "url is required" },
    });
  });

  it("gives Fastify's client errors a code each", async () => {
    const a = await app();
    const broken = await a.inject({
      method: "POST",
      url: "/typed",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: "invalid_body", message: "Request body is not valid JSON" });
    const text = await a.inject({
      method: "POST",
      url: "/typed",
      headers: { "content-type": "application/x-foo" },
      payload: "n=1",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe("unsupported_media_type");
  });

  it("answers 503 when the database is unreachable", async () => {
    const res = await (await app()).inject({ method: "GET", url: "/db-down" });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain("5432");
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().code).toBe("unavailable");
  });

  it("sees a lost database through the wrappers of the driver and of Drizzle", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    // pg_ctl stop -m fast: the server terminates the connection (admin_shutdown).
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating"), { code: "57P01" })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(wrapped(new AggregateError([refused])))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error("no such column"), { code: "42703" }))),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});
