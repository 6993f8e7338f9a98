import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free local port, for the API
 * tests and the browser journey (issue 24, item 3). Never imported by production code.
 *
 * Its login page is a one-field form: the account to sign in as (any name; the accounts the test
 * declared with `setAccount` carry their email claims, others get `<name>@provider.test`,
 * verified). Submitting it signs in and grants consent in one step, so a test drives the real
 * redirects with nothing but a cookie-keeping HTTP client.
 */
export interface ProviderAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  setAccount(sub: string, account: ProviderAccount): void;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = options.clientId ?? "agora-test";
  const clientSecret = options.clientSecret ?? "agora-test-secret-0123456789abcdef0123456789";
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    scopes: ["openid", "email", "profile"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/login/${interaction.uid}` },
    cookies: { keys: ["agora-test-provider-cookie-key"] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx, sub) {
      const a = accounts.get(sub) ?? {};
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: a.email ?? `${sub}@provider.test`,
            email_verified: a.emailVerified ?? true,
            name: a.name ?? sub,
            preferred_username: sub,
          };
        },
      };
    },
  });
  // The provider's own listener answers errors as HTML and logs them; tests only read statuses.
  provider.on("server_error", () => {});

  const callback = provider.callback();
  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const m = /^\/login\/([\w-]+)$/.exec(url.pathname);
    if (!m) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === "GET") {
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.end(`<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head>
<body><main><h1>Test provider</h1>
<form method="post" action="/login/${details.uid}">
<label for="login">Account</label> <input id="login" name="login" autocomplete="off" required>
<button type="submit">Continue</button></form></main></body></html>`);
          return;
        }
        const body = await new Promise<string>((resolve) => {
          let data = "";
          req.on("data", (c) => (data += c));
          req.on("end", () => resolve(data));
        });
        const login = new URLSearchParams(body).get("login")?.trim() || "someone";
        const grant = new provider.Grant({ accountId: login, clientId });
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, account) => accounts.set(sub, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A cookie-keeping HTTP client for the provider's side of the flow: follows its redirects, signs
 * in as `login` on its form and answers the query string it sends the browser back to the app with.
 */
export async function authorizeAtProvider(authorizationUrl: string, login: string, redirectUri: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url).search.slice(1);
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: { cookie: cookie(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    keep(res);
    body = undefined;
    method = "GET";
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const html = await res.text();
    const form = /<form method="post" action="([^"]+)"/.exec(html);
    if (res.status !== 200 || !form)
      throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(form[1]!, url).href;
    method = "POST";
    body = new URLSearchParams({ login }).toString();
  }
  throw new Error("too many redirects at the provider");
}
