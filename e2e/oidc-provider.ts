import { startOidcProvider } from "../src/server/test/oidc-provider";

/**
 * The OpenID Connect provider of the browser journey (e2e/oidc.spec.ts): playwright.config.ts
 * starts it before the app, which it configures with OIDC_* variables pointing here.
 */
const port = Number(process.env.OIDC_PROVIDER_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!port || !redirectUri) throw new Error("OIDC_PROVIDER_PORT and OIDC_REDIRECT_URI are required");

const provider = await startOidcProvider({
  port,
  redirectUris: [redirectUri],
  clientId: process.env.OIDC_CLIENT_ID,
  clientSecret: process.env.OIDC_CLIENT_SECRET,
});
console.log(`test OpenID Connect provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
