// Google sign-in with OpenID Connect (issue 14): authorization code with PKCE, state and nonce, the ID token's
// signature checked against the provider's keys (openid-client). The browser goes start → provider → callback →
// /#/oauth/callback?ticket=…; the app trades the ticket (POST /oauth/session) for a session, or for a registration
// ticket when no account has the email. No token and no email ever travel in a URL.
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type * as client from "openid-client";
import { AUTH_MESSAGES } from "../../src/contract/auth";
import { isEmail } from "../../src/contract/email";
import { type OAuthError, oauthSessionRequest } from "../../src/contract/oauth";
import { signedInAnswer } from "../auth/queries";
import type { Env } from "../lib/env";
import { clock } from "../lib/clock";
import { HttpError, body } from "../lib/http";
import { msg, t } from "../lib/i18n";
import { rateLimit } from "../lib/rate-limit";
import { FLOW_TTL_MS, OAUTH_STARTS_PER_ADDRESS, OAUTH_TICKETS_PER_ADDRESS, REGISTER_TICKET_TTL_MS, SESSION_TICKET_TTL_MS } from "./limits";
import { type OAuthClaims, accountFor, createTicket, linkAccount, newTicket, saveFlow, takeFlow, takeTicket } from "./queries";
import { OAUTH_SCOPE, isConfigured, providerConfig, redirectUriOf, requestOrigin, settingsOf } from "./settings";

/**
 * The cookie binding a flow to the browser that started it (RFC 6749 section 10.12): a callback URL sent to someone
 * else finds no flow in their browser, so nobody can be signed in to another person's account. Lax: the provider's
 * redirect back is a top-level navigation, which carries it.
 */
export const BROWSER_COOKIE = "fixit_oauth";
const COOKIE_PATH = "/api/oauth";

/** The app's screen for the outcome (relative: the app is served from the API's origin). */
const appCallback = (params: { ticket: string } | { error: OAuthError }) => `/#/oauth/callback?${new URLSearchParams(params)}`;

/** A claim that must be a non-empty string. */
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
/** Google sent email_verified as the string "true" in older tokens. */
const verified = (v: unknown) => v === true || v === "true";

/** The name the registration form starts with: the provider's, else given + family name, else the email's local part. */
function nameFrom(claims: Record<string, unknown>, email: string): string {
  const joined = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return (text(claims.name) ?? (joined || email.split("@")[0])).slice(0, 100);
}

/** What the log keeps of a failure: openid-client's message and code, the provider's error, and the underlying cause. */
const errorText = (e: unknown) => {
  const err = e as { name?: string; code?: string; error?: string; message?: string; cause?: { message?: string; code?: string } };
  const cause = err?.cause?.message ? `${err.cause.message}${err.cause.code ? ` (${err.cause.code})` : ""}` : undefined;
  return { error: String(err?.message ?? e), error_name: err?.name, error_code: err?.code, provider_error: err?.error, cause };
};

export function oauthRoutes() {
  const app = new Hono<Env>();

  app.get("/oauth/config", (c) => c.json({ status: 1, data: { google: isConfigured(settingsOf(c)) } }));

  app.get("/oauth/google/start", rateLimit(OAUTH_STARTS_PER_ADDRESS), async (c) => {
    const settings = settingsOf(c);
    if (!isConfigured(settings)) throw new HttpError(503, msg("oauthNotConfigured"));
    const lang = c.req.query("lang") === "ar" ? "ar" : "en";
    let config: client.Configuration;
    try {
      config = await providerConfig(settings);
    } catch (e) {
      // A browser navigation: the app's screen says it failed, not a JSON page.
      c.var.log({ msg: "google sign-in: provider discovery failed", issuer: settings.issuer, ...errorText(e) });
      return c.redirect(appCallback({ error: "failed" }), 302);
    }
    const browser = newTicket();
    setCookie(c, BROWSER_COOKIE, browser, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "Lax",
      secure: requestOrigin(c).startsWith("https:"),
      maxAge: FLOW_TTL_MS / 1000,
    });
    const oidc = await import("openid-client");
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const redirectUri = redirectUriOf(c, settings);
    await saveFlow(c.var.db, state, browser, { code_verifier: codeVerifier, nonce, redirect_uri: redirectUri, lang }, clock.now(), FLOW_TTL_MS);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: "code",
      scope: OAUTH_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
      ui_locales: lang,
    });
    return c.redirect(url.href, 302);
  });

  // The provider sends the browser here. Every outcome is a redirect to the app's screen, never a 500.
  app.get("/oauth/callback", async (c) => {
    deleteCookie(c, BROWSER_COOKIE, { path: COOKIE_PATH });
    const fail = (reason: OAuthError, detail: Record<string, unknown> = {}) => {
      c.var.log({ msg: "google sign-in failed", reason, ...detail });
      return c.redirect(appCallback({ error: reason }), 302);
    };
    try {
      const state = c.req.query("state");
      const now = clock.now();
      // Used before the exchange (one atomic update): the same callback URL a second time finds no flow.
      const browser = getCookie(c, BROWSER_COOKIE);
      const flow = state && browser ? await takeFlow(c.var.db, state, browser, now) : null;
      const providerError = c.req.query("error");
      if (providerError) return fail(providerError === "access_denied" ? "denied" : "failed", { provider_error: providerError.slice(0, 100) });
      if (!flow || !state) return fail("expired");
      const settings = settingsOf(c);
      if (!isConfigured(settings)) return fail("failed", { error: "not configured" });
      const config = await providerConfig(settings);
      const oidc = await import("openid-client");

      // openid-client takes the redirect URI from the URL it is given: the one the flow was started with.
      const current = new URL(flow.redirect_uri);
      for (const [k, v] of new URL(c.req.url).searchParams) current.searchParams.append(k, v);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: state,
        expectedNonce: flow.nonce,
        pkceCodeVerifier: flow.code_verifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) return fail("failed", { error: "no ID token" });
      let claims: Record<string, unknown> = idClaims;
      // Google's ID token carries email and name; a provider whose ID token does not is asked at its userinfo endpoint.
      if ((text(claims.email) === undefined || claims.email_verified === undefined) && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...Object.fromEntries(Object.entries(idClaims).filter(([, v]) => v !== undefined)) };
      }
      const email = text(claims.email)?.toLowerCase();
      if (!email || !verified(claims.email_verified)) return fail("unverified");
      if (!isEmail(email)) return fail("failed", { error: "malformed email claim" });
      const found: OAuthClaims = { issuer: idClaims.iss, sub: idClaims.sub, email, name: nameFrom(claims, email) };
      const ticket = await createTicket(c.var.db, "session", found, clock.now(), SESSION_TICKET_TTL_MS);
      return c.redirect(appCallback({ ticket }), 302);
    } catch (e) {
      // A refused exchange (a replayed code: invalid_grant), a bad signature or nonce, an unreachable provider.
      return fail("failed", errorText(e));
    }
  });

  // Trades the callback's ticket: a session for a known account, else a registration ticket with the name and email.
  app.post("/oauth/session", rateLimit(OAUTH_TICKETS_PER_ADDRESS), async (c) => {
    const { ticket } = await body(c, oauthSessionRequest);
    const now = clock.now();
    const outcome = await c.var.db.tx(async (q) => {
      const claims = await takeTicket(q, ticket, "session", now);
      if (!claims) return { gone: true as const };
      const account = await accountFor(q, claims);
      if (account?.disabled) return { disabled: true as const };
      if (account) {
        await linkAccount(q, account.user_id, claims);
        return { answer: { ...(await signedInAnswer(q, account, t(c, AUTH_MESSAGES.login), now)), kind: "signed_in" as const } };
      }
      const registerTicket = await createTicket(q, "register", claims, now, REGISTER_TICKET_TTL_MS);
      return { answer: { kind: "register" as const, name: claims.name, email: claims.email, register_ticket: registerTicket } };
    });
    if ("gone" in outcome) throw new HttpError(410, msg("oauthExpired"));
    if ("disabled" in outcome) throw new HttpError(401, msg("oauthDisabled"));
    return c.json(outcome.answer);
  });

  return app;
}
