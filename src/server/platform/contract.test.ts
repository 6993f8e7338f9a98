import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "../../common/api/route";
import { onlyContractRoutes, serve } from "./contract";

const greet = route("GET", "/api/greet/:name", "public", () => ({
  tags: ["test"],
  summary: "Greets",
  params: z.object({ name: z.string().min(2, "name is too short") }),
  query: z.object({ loud: z.enum(["yes", "no"]).optional() }),
  response: z.object({ text: z.string() }),
  errors: [400],
}));
const make = route("POST", "/api/things", "member", () => ({
  tags: ["test"],
  summary: "Makes a thing",
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string() }),
  status: 201,
  errors: [400],
}));

async function appWith(register: (api: Parameters<typeof serve>[0]) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  onlyContractRoutes(app, [greet, make]);
  await app.register(async (api) => register(api), { prefix: "/api" });
  await app.ready();
  return app;
}

describe("serve: a contract route on the server", () => {
  it("registers the route's method and path, validates its input and answers through its schema", async () => {
    const app = await appWith((api) => {
      serve(api, greet, {}, async (request) => ({
        text: `hello ${request.params.name}${request.query.loud === "yes" ? "!" : ""}`,
        secret: "not in the schema",
      }));
      serve(api, make, {}, async (request) => ({ id: 7, name: request.body.name }));
    });
    const ok = await app.inject({ method: "GET", url: "/api/greet/ada?loud=yes" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ text: "hello ada!" });
    expect((await app.inject({ method: "GET", url: "/api/greet/a" })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/greet/ada?loud=maybe" })).statusCode).toBe(400);
    const made = await app.inject({ method: "POST", url: "/api/things", payload: { name: "lamp" } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: 7, name: "lamp" });
    expect((await app.inject({ method: "POST", url: "/api/things", payload: {} })).statusCode).toBe(400);
    await app.close();
  });

  it("refuses to register an API route that the contract does not list", async () => {
    await expect(
      appWith((api) => {
        api.get("/not-in-contract", async () => ({}));
      }),
    ).rejects.toThrow("GET /api/not-in-contract is not in the API contract");
    await expect(
      appWith((api) => {
        api.delete("/things", async () => ({}));
      }),
    ).rejects.toThrow("DELETE /api/things is not in the API contract");
  });

  it("refuses a contract route registered outside its path", async () => {
    const app = Fastify();
    await expect(
      app.register(async (other) => serve(other, greet, {}, async () => ({ text: "" })), { prefix: "/v2" }),
    ).rejects.toThrow("outside its path");
  });
});
