// Which OpenID Connect provider signs people in (issue 14), and the openid-client configuration of it. Google by
// default; GOOGLE_ISSUER names any other provider (the tests run their own on 127.0.0.1).
import type { Context } from "hono";
import type * as client from "openid-client";
import type { Env, OAuthSettings } from "../lib/env";

export const GOOGLE_ISSUER = "https://accounts.google.com";
export const OAUTH_SCOPE = "openid email profile";
/** Where the API is mounted (server/app.ts): the callback's path under the app's origin. */
export const CALLBACK_PATH = "/api/oauth/callback";

/** The settings of the environment: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER, OAUTH_REDIRECT_URL. */
export function oauthFromEnv(env: Record<string, string | undefined> = process.env): OAuthSettings {
  return {
    clientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
    clientSecret: env.GOOGLE_CLIENT_SECRET?.trim() || undefined,
    issuer: env.GOOGLE_ISSUER?.trim() || GOOGLE_ISSUER,
    redirectUrl: env.OAUTH_REDIRECT_URL?.trim() || undefined,
  };
}

/** This request's settings: the app's (tests), else the environment's. */
export const settingsOf = (c: Context<Env>): OAuthSettings => c.var.oauth ?? oauthFromEnv();

export type ConfiguredSettings = OAuthSettings & { clientId: string; clientSecret: string };
/** Both the client id and its secret are set. */
export const isConfigured = (s: OAuthSettings): s is ConfiguredSettings => Boolean(s.clientId && s.clientSecret);

/** Plain http is allowed only to a provider on this machine (the tests' and a developer's). */
export function isLocalIssuer(issuer: string): boolean {
  try {
    const { hostname } = new URL(issuer);
    return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
  } catch {
    return false;
  }
}

/**
 * The origin the browser used: the request's URL, or behind a proxy the operator trusts (TRUST_PROXY=1, as
 * lib/client-address.ts reads it) X-Forwarded-Proto and X-Forwarded-Host.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  if (process.env.TRUST_PROXY === "1") {
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    const host = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
    if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
    if (host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) url.host = host;
  }
  return url.origin;
}

/** The redirect URI registered at the provider: OAUTH_REDIRECT_URL, else this origin's /api/oauth/callback. */
export const redirectUriOf = (c: Context, s: OAuthSettings) => s.redirectUrl ?? `${requestOrigin(c)}${CALLBACK_PATH}`;

/** Discovered configurations by provider and client, for a day; a failed discovery is not kept. */
const configs = new Map<string, { at: number; config: Promise<client.Configuration> }>();
const DISCOVERY_TTL_MS = 24 * 60 * 60_000;

/**
 * The provider's configuration (its discovery document): the ID token's signature is checked against the provider's
 * published keys (enableNonRepudiationChecks), and http is allowed only on this machine.
 */
export function providerConfig(s: ConfiguredSettings): Promise<client.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  const kept = configs.get(key);
  if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
  // openid-client loads with the first sign-in through a provider, not with the server (memory at rest, issue 16).
  const config = import("openid-client").then((oidc) => {
    const execute = isLocalIssuer(s.issuer) ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
    return oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, { execute, timeout: 10 });
  });
  configs.set(key, { at: Date.now(), config });
  config.catch(() => {
    if (configs.get(key)?.config === config) configs.delete(key);
  });
  return config;
}
