import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("configures an OpenID Connect provider only with issuer, client id and secret together (issue 24)", () => {
    expect(loadConfig({}).oidc).toBeNull();
    const full = {
      OIDC_ISSUER_URL: "https://id.example.com",
      OIDC_CLIENT_ID: "agora",
      OIDC_CLIENT_SECRET: "s3cret",
    };
    expect(loadConfig(full).oidc).toEqual({
      issuerUrl: "https://id.example.com",
      clientId: "agora",
      clientSecret: "s3cret",
      buttonLabel: "Continue with single sign-on",
    });
    expect(loadConfig({ ...full, OIDC_BUTTON_LABEL: "Continue with Acme" }).oidc?.buttonLabel).toBe(
      "Continue with Acme",
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: "https://id.example.com" })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...full, OIDC_ISSUER_URL: "http://id.example.com" })).toThrow(
      /OIDC_ISSUER_URL/,
    );
    expect(loadConfig({ ...full, OIDC_ISSUER_URL: "http://127.0.0.1:9000" }).oidc?.issuerUrl).toBe(
      "http://127.0.0.1:9000",
    );
  });

  it("applies DESIGN §3 defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.appUrl).toBe("http://localhost:5000");
    expect(c.seedDemo).toBe(true);
    // No launch offer unless PROMO_DEADLINE is set: a fresh install never shows an expired offer.
    expect(c.promoDeadline).toBeNull();
    expect(c.secureCookies).toBe(false);
    expect(c.redisPrefix).toBe("agora:");
  });

  it("parses values and derives the origin and secure cookies from APP_URL", () => {
    const c = loadConfig({
      PORT: "8080",
      APP_URL: "https://agora.example.com/",
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      SEED_DEMO: "0",
      PROMO_DEADLINE: "2030-06-01T12:00:00Z",
    });
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe("https://agora.example.com");
    expect(c.appOrigin).toBe("https://agora.example.com");
    expect(c.secureCookies).toBe(true);
    expect(c.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(c.seedDemo).toBe(false);
    expect(c.promoDeadline?.toISOString()).toBe("2030-06-01T12:00:00.000Z");
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "not a url" }, "REDIS_URL"],
    [{ REDIS_PREFIX: "agora" }, "REDIS_PREFIX"],
    [{ REDIS_PREFIX: "a b:" }, "REDIS_PREFIX"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ PROMO_DEADLINE: "soon" }, "PROMO_DEADLINE"],
  ])("stops with a message naming the bad variable %#", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
