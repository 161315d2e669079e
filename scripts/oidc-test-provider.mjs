// A real OpenID Connect provider (oidc-provider, a dev dependency) for the tests of Google sign-in (issue 14): the server
// tests start it in-process (startTestProvider), the browser suite runs this file as a web server. Nothing here talks to
// the internet. Its built-in login and consent pages stay on: any login signs in (the password is not checked), the
// email is the login lower-cased, the name is made from it ("noor.saleh@example.com" → "Noor Saleh"), and a login that
// starts with "unverified" has email_verified false.
//
//   OIDC_PORT=4319 OIDC_REDIRECTS=http://localhost:8080/api/oauth/callback node scripts/oidc-test-provider.mjs
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import Provider from "oidc-provider";

export const TEST_CLIENT_ID = "fixit-test";
export const TEST_CLIENT_SECRET = "fixit-test-secret";

/** "noor.saleh@example.com" → "Noor Saleh"; "noor@example.com" → "Noor Example". */
export function nameOf(login) {
  const [local, domain = ""] = login.toLowerCase().split("@");
  const words = local.split(/[._+-]+/).filter(Boolean);
  if (words.length < 2) words.push(domain.split(".")[0] || "User");
  return words
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** The claims of the account a login names. */
export function claimsOf(login) {
  const email = login.trim().toLowerCase();
  return { sub: login, email, email_verified: !email.startsWith("unverified"), name: nameOf(email) };
}

/**
 * Starts the provider on `port` (0: a free one) at 127.0.0.1 and answers its issuer URL and a close function. One
 * confidential client (client_secret_post or client_secret_basic) with the given redirect URIs; PKCE required; a
 * fresh RSA signing key each start (its public half at the jwks_uri, or with `wrongKeys` another key).
 */
export async function startTestProvider({
  port = 0,
  host = "127.0.0.1",
  redirectUris = ["http://localhost/api/oauth/callback"],
  clientId = TEST_CLIENT_ID,
  clientSecret = TEST_CLIENT_SECRET,
  wrongKeys = false,
} = {}) {
  let handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const issuer = `http://${host}:${server.address().port}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    // Both client authentications a Google client may use.
    clientAuthMethods: ["client_secret_post", "client_secret_basic"],
    jwks: { keys: [{ ...signingKey, kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    // Seconds; set so the provider does not warn about its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries email and name, as Google's does: no userinfo call is needed.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => claimsOf(sub) };
    },
    // Quiet: the dev login page does not ask for a logo or policy.
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Error</title><pre id="error">${String(out.error).replace(/[<>&]/g, "")}: ${String(out.error_description ?? "").replace(/[<>&]/g, "")}</pre>`;
    },
  });
  // Plain http on 127.0.0.1: no proxy in front, so nothing to trust.
  provider.proxy = false;
  // The dev pages @import a web font: a browser test must not reach the internet, so their styles stay local.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith("/interaction")) ctx.set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
  });
  const answer = provider.callback();
  // wrongKeys (tests): the jwks_uri publishes another key under the same kid, so no ID token's signature checks out.
  const decoy = { ...generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" };
  handler = (req, res) => {
    if (!wrongKeys || !req.url?.startsWith("/jwks")) return answer(req, res);
    res.setHeader("content-type", "application/jwk-set+json");
    res.end(JSON.stringify({ keys: [decoy] }));
  };

  return {
    issuer,
    provider,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// ---- Driving the dev pages with plain fetch (the server tests) ----

/** The cookies of one browser, by name; oidc-provider's are scoped to paths, which one flow can ignore. */
class CookieJar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()) || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const formAction = (html, base) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
  return new URL(action.replace(/&amp;/g, "&"), base).href;
};

/**
 * Follows an authorization URL through the provider's dev login (typing `login`) and consent pages, as a browser
 * would, and answers the URL the provider finally redirects to (the client's redirect URI with code and state, or
 * with error=access_denied when `deny`). Every redirect outside the issuer ends the walk.
 */
export async function signInAtProvider(authorizationUrl, login, { deny = false } = {}) {
  const jar = new CookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let method = "GET";
  let body;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: { cookie: jar.header(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    jar.take(res);
    method = "GET";
    body = undefined;
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== issuerOrigin) return next.href;
      url = next.href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = formAction(html, url);
    if (/name="prompt" value="login"/.test(html)) {
      body = new URLSearchParams({ prompt: "login", login, password: "any" }).toString();
      method = "POST";
      url = action;
    } else if (/name="prompt" value="consent"/.test(html)) {
      if (deny) {
        // The page's "[ Cancel ]" link.
        const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
        if (!abort) throw new Error("no cancel link on the consent page");
        url = new URL(abort.replace(/&amp;/g, "&"), url).href;
      } else {
        body = new URLSearchParams({ prompt: "consent" }).toString();
        method = "POST";
        url = action;
      }
    } else {
      throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    }
  }
  throw new Error("the provider kept redirecting");
}

// ---- Run directly: the browser suite's web server ----

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.OIDC_PORT ?? 4319);
  const redirectUris = (process.env.OIDC_REDIRECTS ?? "http://localhost:8080/api/oauth/callback")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const { issuer, close } = await startTestProvider({
    port,
    host: process.env.OIDC_HOST ?? "127.0.0.1",
    redirectUris,
    clientId: process.env.OIDC_CLIENT_ID ?? TEST_CLIENT_ID,
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? TEST_CLIENT_SECRET,
  });
  process.stdout.write(`test OIDC provider at ${issuer} (client ${process.env.OIDC_CLIENT_ID ?? TEST_CLIENT_ID}; redirects ${redirectUris.join(", ")})\n`);
  const stop = () => close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
