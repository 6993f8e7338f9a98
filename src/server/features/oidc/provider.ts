import * as client from "openid-client";
import type { OidcConfig } from "../../config";
import type { AppContext } from "../../platform/context";

/**
 * The OpenID Connect client (openid-client v6): discovery of the configured issuer, once per app,
 * tried again after a failure (a provider that was down at start-up is used when it comes back).
 */
const configs = new WeakMap<AppContext, Promise<client.Configuration>>();

function isLoopbackHttp(issuerUrl: string): boolean {
  const u = new URL(issuerUrl);
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

export function providerConfiguration(ctx: AppContext, oidc: OidcConfig): Promise<client.Configuration> {
  const existing = configs.get(ctx);
  if (existing) return existing;
  const found = client
    .discovery(
      new URL(oidc.issuerUrl),
      oidc.clientId,
      { client_secret: oidc.clientSecret },
      client.ClientSecretBasic(oidc.clientSecret),
      // Plain HTTP only for a provider on this machine (config.ts refuses it elsewhere).
      isLoopbackHttp(oidc.issuerUrl)
        ? { execute: [client.allowInsecureRequests], timeout: 10 }
        : { timeout: 10 },
    )
    .catch((err: unknown) => {
      configs.delete(ctx);
      throw err;
    });
  configs.set(ctx, found);
  return found;
}

export { client };
