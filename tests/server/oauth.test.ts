// Google sign-in (issue 14) end to end against a real OpenID Connect provider (oidc-provider, run here on 127.0.0.1 by
// scripts/oidc-test-provider.mjs): start → the provider's login and consent pages → callback → ticket → session or
// registration. Never the internet.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKeyInput, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import type { OAuthSettings } from "../../server/lib/env";
import { hashToken } from "../../server/lib/tokens";
import { isLocalIssuer, oauthFromEnv } from "../../server/oauth/settings";
import { oauthConfigResponse, oauthSessionResponse } from "../../src/contract/oauth";
import { makeUser } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";

interface TestProviderModule {
  startTestProvider(o: {
    port?: number;
    redirectUris: string[];
    clientId?: string;
    clientSecret?: string;
    wrongKeys?: boolean;
  }): Promise<{ issuer: string; close(): Promise<void> }>;
  signInAtProvider(authorizationUrl: string, login: string, o?: { deny?: boolean }): Promise<string>;
  TEST_CLIENT_ID: string;
  TEST_CLIENT_SECRET: string;
}
// Plain JS (the browser suite runs it as a web server too), imported by URL so TypeScript does not look for its types.
const providerModule = new URL("../../scripts/oidc-test-provider.mjs", import.meta.url).href;
const { startTestProvider, signInAtProvider, TEST_CLIENT_ID, TEST_CLIENT_SECRET } = (await import(providerModule)) as TestProviderModule;

// app.request() answers for http://localhost: the redirect URI the server derives, registered at the provider.
const REDIRECT = "http://localhost/api/oauth/callback";

let db: Db;
let provider: { issuer: string; close(): Promise<void> };
let oauth: OAuthSettings;

/**
 * The provider makes a 2048-bit RSA key pair for each use (its signing key, and the decoy `wrongKeys` publishes): about
 * 0.3 s of CPU each. Here it gets pairs made once and kept in the test cache instead, each call another one (the
 * forger's keys are not the first provider's), through node:crypto's own generateKeyPairSync for this file's time.
 */
function reuseRsaKeys() {
  const file = join(process.cwd(), "node_modules/.cache/fixit-tests/oidc-rsa-keys.json");
  let jwks: JsonWebKeyInput["key"][] = [];
  try {
    jwks = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // Not made yet.
  }
  if (jwks.length < 4) {
    jwks = Array.from({ length: 4 }, () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(jwks));
    renameSync(`${file}.${process.pid}.tmp`, file);
  }
  const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  const original = crypto.generateKeyPairSync;
  let next = 0;
  const pair = () => {
    const privateKey = createPrivateKey({ key: jwks[next++ % jwks.length], format: "jwk" });
    return { privateKey, publicKey: createPublicKey(privateKey) };
  };
  crypto.generateKeyPairSync = ((type: string, options?: { modulusLength?: number; publicKeyEncoding?: unknown; privateKeyEncoding?: unknown }) =>
    type === "rsa" && options?.modulusLength === 2048 && !options.publicKeyEncoding && !options.privateKeyEncoding
      ? pair()
      : (original as (...a: unknown[]) => { publicKey: KeyObject; privateKey: KeyObject })(type, options)) as typeof original;
  syncBuiltinESMExports();
  return () => {
    crypto.generateKeyPairSync = original;
    syncBuiltinESMExports();
  };
}
let restoreKeys = () => {};

beforeAll(async () => {
  db = await testDb();
  restoreKeys = reuseRsaKeys();
  provider = await startTestProvider({ port: 0, redirectUris: [REDIRECT, "http://app.test/api/oauth/callback"] });
  oauth = { issuer: provider.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET };
});
afterAll(async () => {
  restoreKeys();
  await provider?.close();
  await db?.close();
});
beforeEach(async () => resetDb(db));
afterEach(() => clock.set());

const app = (settings: OAuthSettings = oauth) => testApp(db, { oauth: settings });

/** The cookie of the browser these tests play: start sets it (binding the flow to it), the callback sends it. */
let browserCookie = "";

/** GET /api/oauth/google/start: the provider's authorization URL it redirects to; keeps the browser's cookie. */
async function start(json = app().json, lang = "en") {
  const res = await json("GET", `/api/oauth/google/start?lang=${lang}`);
  expect(res.status).toBe(302);
  const set = res.headers.getSetCookie().find((c) => c.startsWith("fixit_oauth="));
  expect(set).toBeTruthy();
  browserCookie = (set as string).split(";")[0];
  return new URL(res.headers.get("location") as string);
}

/** Where the callback sends the browser (with `cookie`, by default the last start's): the app's screen with its ticket or error. */
async function callback(json: ReturnType<typeof app>["json"], providerRedirect: string, cookie = browserCookie) {
  const back = new URL(providerRedirect);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  const res = await json("GET", `${back.pathname}${back.search}`, undefined, undefined, cookie ? { cookie } : {});
  expect(res.status).toBe(302);
  const location = res.headers.get("location") as string;
  expect(location.startsWith("/#/oauth/callback?")).toBe(true);
  const params = new URLSearchParams(location.slice("/#/oauth/callback?".length));
  return { location, ticket: params.get("ticket"), error: params.get("error"), setCookie: res.headers.getSetCookie() };
}

/** The whole browser walk for `login`: start, the provider's pages, the callback. */
async function signIn(login: string, json = app().json) {
  const url = await start(json);
  return callback(json, await signInAtProvider(url.href, login));
}

const session = (json: ReturnType<typeof app>["json"], ticket: string, headers: Record<string, string> = {}) =>
  json("POST", "/api/oauth/session", { ticket }, undefined, headers);

const customer = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Noor Example",
  email,
  cntry_code: "+968",
  mob_no: "91234567",
  terms_service: true,
  ...extra,
});

describe("Google sign-in is off without credentials", () => {
  it("config says google:false and start answers 503 with a translated detail", async () => {
    const { json } = app({ issuer: provider.issuer });
    const config = await json("GET", "/api/oauth/config");
    expect(config.status).toBe(200);
    const body = await config.json();
    expect(body).toEqual({ status: 1, data: { google: false } });
    expect(oauthConfigResponse.safeParse(body).success).toBe(true);

    const res = await json("GET", "/api/oauth/google/start?lang=en");
    expect(res.status).toBe(503);
    expect((await res.json()).detail).toBe("Google sign-in is not set up on this server.");
    const ar = await json("GET", "/api/oauth/google/start?lang=ar", undefined, undefined, { "accept-language": "ar" });
    expect((await ar.json()).detail).toMatch(/[\u0600-\u06FF]/);
    // A secret alone is not a provider either.
    expect(await (await app({ issuer: provider.issuer, clientId: "x" }).json("GET", "/api/oauth/config")).json()).toEqual({
      status: 1,
      data: { google: false },
    });
  });

  it("reads GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER and OAUTH_REDIRECT_URL; http only on this machine", () => {
    expect(oauthFromEnv({})).toEqual({ issuer: "https://accounts.google.com", clientId: undefined, clientSecret: undefined, redirectUrl: undefined });
    expect(
      oauthFromEnv({
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "s",
        GOOGLE_ISSUER: "https://idp.example",
        OAUTH_REDIRECT_URL: "https://fixit.example/api/oauth/callback",
      }),
    ).toEqual({ issuer: "https://idp.example", clientId: "id", clientSecret: "s", redirectUrl: "https://fixit.example/api/oauth/callback" });
    expect(isLocalIssuer("http://127.0.0.1:4319")).toBe(true);
    expect(isLocalIssuer("http://localhost:4319")).toBe(true);
    expect(isLocalIssuer("http://idp.example")).toBe(false);
  });
});

describe("start", () => {
  it("config says google:true; start redirects with code, the scopes, PKCE S256, state and nonce, and keeps the flow in the database", async () => {
    const { json } = app();
    expect(await (await json("GET", "/api/oauth/config")).json()).toEqual({ status: 1, data: { google: true } });
    const url = await start(json, "ar");
    expect(url.origin).toBe(provider.issuer);
    const p = url.searchParams;
    expect(p.get("response_type")).toBe("code");
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(p.get("client_id")).toBe(TEST_CLIENT_ID);
    expect(p.get("redirect_uri")).toBe(REDIRECT);
    const state = p.get("state") as string;
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(p.get("nonce")?.length).toBeGreaterThanOrEqual(22);
    const { rows } = await db.query<{ state_hash: string; lang: string; used_at: Date | null; created_at: Date; expires_at: Date }>(
      "select state_hash, lang, used_at, created_at, expires_at from oauth_flows",
    );
    expect(rows).toHaveLength(1);
    // The state is kept hashed; the flow lives 10 minutes.
    expect(rows[0].state_hash).toBe(hashToken(state));
    expect(rows[0].lang).toBe("ar");
    expect(rows[0].used_at).toBeNull();
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBe(10 * 60_000);
  });

  it("binds the flow to the browser with an HttpOnly, Lax cookie on /api/oauth that lives as long as the flow", async () => {
    const res = await app().json("GET", "/api/oauth/google/start");
    const set = res.headers.getSetCookie().find((c) => c.startsWith("fixit_oauth=")) as string;
    expect(set).toMatch(/^fixit_oauth=[\w-]{22};/);
    expect(set).toContain("Path=/api/oauth");
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Max-Age=600");
    // Plain http here; behind https the cookie is Secure.
    expect(set).not.toContain("Secure");
  });

  it("the redirect URI is OAUTH_REDIRECT_URL when set", async () => {
    const url = await start(app({ ...oauth, redirectUrl: "http://app.test/api/oauth/callback" }).json);
    expect(url.searchParams.get("redirect_uri")).toBe("http://app.test/api/oauth/callback");
  });

  it("an unreachable provider sends the browser to the app's screen with error=failed, logged", async () => {
    const { json, logs } = app({ ...oauth, issuer: "http://127.0.0.1:9" });
    const res = await json("GET", "/api/oauth/google/start");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/#/oauth/callback?error=failed");
    expect(logs).toContainEqual(expect.objectContaining({ msg: "google sign-in: provider discovery failed" }));
  });

  it("is limited per client address", async () => {
    const { json } = app();
    const from = { "x-forwarded-for": "10.9.9.9" };
    for (let i = 0; i < 30; i++) expect((await json("GET", "/api/oauth/google/start", undefined, undefined, from)).status).toBe(302);
    const res = await json("GET", "/api/oauth/google/start", undefined, undefined, from);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect((await res.json()).detail).toBeTruthy();
  });
});

describe("the whole flow", () => {
  it("a new email: register ticket with name and email, registration without a password signs in, the tickets work once", async () => {
    const { json } = app();
    const back = await signIn("Noor@Example.com");
    expect(back.error).toBeNull();
    expect(back.ticket).toMatch(/^[\w-]{22}$/);
    // Neither a token nor the email travels in the app's URL.
    expect(back.location).not.toContain("example.com");

    const res = await session(json, back.ticket as string);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(oauthSessionResponse.safeParse(answer).success).toBe(true);
    expect(answer).toMatchObject({ kind: "register", name: "Noor Example", email: "noor@example.com" });
    expect(answer.register_ticket).toMatch(/^[\w-]{22}$/);
    expect(answer.access_token).toBeUndefined();
    // The session ticket is used up.
    const again = await session(json, back.ticket as string);
    expect(again.status).toBe(410);
    expect((await again.json()).detail).toBe("This sign-in link has expired. Please try again.");

    const reg = await json("POST", "/api/user/register", customer("noor@example.com", { oauth_ticket: answer.register_ticket }));
    expect(reg.status).toBe(201);
    const signedIn = await reg.json();
    expect(signedIn).toMatchObject({ message: "Registration successful!", role: 0, got_email_mob: 1, email: "noor@example.com", name: "Noor Example" });
    expect(signedIn.access_token).toMatch(/^[\w-]{43}$/);
    const me = await json("GET", "/api/get_email_mob", undefined, signedIn.access_token);
    expect(me.status).toBe(200);

    const { rows } = await db.query<{ password_hash: string | null; oidc_issuer: string; oidc_sub: string }>(
      "select password_hash, oidc_issuer, oidc_sub from users where email = 'noor@example.com'",
    );
    expect(rows).toEqual([{ password_hash: null, oidc_issuer: provider.issuer, oidc_sub: "Noor@Example.com" }]);

    // The register ticket is used up too.
    const twice = await json("POST", "/api/user/register", customer("noor@example.com", { mob_no: "91234568", oauth_ticket: answer.register_ticket }));
    expect(twice.status).toBe(410);

    // Next time the same Google account signs straight in.
    const later = await signIn("Noor@Example.com");
    const known = await (await session(json, later.ticket as string)).json();
    expect(known).toMatchObject({ kind: "signed_in", user_id: signedIn.user_id, role: 0 });
  });

  it("an existing account's email (any case) signs it in as POST /user/login does, and links it", async () => {
    const user = await makeUser(db, { email: "owner@demo.om", role: 2, name: "Fatma Al Harthy" });
    const { json } = app();
    const back = await signIn("OWNER@demo.om");
    const res = await session(json, back.ticket as string, { "accept-language": "ar" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(oauthSessionResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      kind: "signed_in",
      message: "تم تسجيل الدخول بنجاح!",
      token_type: "bearer",
      role: 2,
      got_email_mob: 1,
      user_id: user.user_id,
      name: "Fatma Al Harthy",
      email: "owner@demo.om",
    });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect((await json("GET", "/api/get_email_mob", undefined, body.access_token)).status).toBe(200);
    const { rows } = await db.query("select oidc_issuer, oidc_sub from users where user_id = $1", [user.user_id]);
    expect(rows[0]).toEqual({ oidc_issuer: provider.issuer, oidc_sub: "OWNER@demo.om" });

    // The linked account signs in even after its email changed here.
    await db.query("update users set email = 'fatma@demo.om' where user_id = $1", [user.user_id]);
    const changed = await (await session(json, (await signIn("OWNER@demo.om")).ticket as string)).json();
    expect(changed).toMatchObject({ kind: "signed_in", user_id: user.user_id, email: "fatma@demo.om" });
  });

  it("a disabled account is not signed in", async () => {
    await makeUser(db, { email: "gone@demo.om", disabled: true });
    const { json } = app();
    const res = await session(json, (await signIn("gone@demo.om")).ticket as string);
    expect(res.status).toBe(401);
    expect((await res.json()).access_token).toBeUndefined();
  });

  it("a wrong state is refused as expired; the same callback twice is refused; a replayed code with a fresh state fails", async () => {
    const { json, logs } = app();
    const first = await start(json);
    const providerRedirect = await signInAtProvider(first.href, "replay@example.com");
    const back = new URL(providerRedirect);

    // A state nobody started.
    const wrong = new URL(back);
    wrong.searchParams.set("state", "not-a-state-we-made");
    expect((await callback(json, wrong.href)).error).toBe("expired");
    const sessions = async () => (await db.query<{ n: number }>("select count(*)::int as n from sessions")).rows[0].n;
    const tickets = async () => (await db.query<{ n: number }>("select count(*)::int as n from oauth_tickets")).rows[0].n;
    expect(await tickets()).toBe(0);

    // The real callback works once (and forgets the browser's cookie)...
    const ok = await callback(json, providerRedirect);
    expect(ok.ticket).toBeTruthy();
    expect(ok.setCookie.some((c) => c.startsWith("fixit_oauth=;") && /Max-Age=0/i.test(c))).toBe(true);
    // ...and the same URL again finds its state used.
    expect(await callback(json, providerRedirect)).toMatchObject({ ticket: null, error: "expired" });

    // The used code with the state of a second, valid start: the provider refuses the code (and PKCE and nonce differ).
    const second = await start(json);
    const replay = new URL(back);
    replay.searchParams.set("state", second.searchParams.get("state") as string);
    expect(await callback(json, replay.href)).toMatchObject({ ticket: null, error: "failed" });
    expect(logs).toContainEqual(expect.objectContaining({ msg: "google sign-in failed", reason: "failed", provider_error: "invalid_grant" }));
    expect(JSON.stringify(logs)).not.toContain("replay@example.com");
    expect(await tickets()).toBe(1);
    expect(await sessions()).toBe(0);
  });

  it("a callback link opened in another browser finds no flow (nobody is signed in to the sender's account)", async () => {
    const { json } = app();
    const url = await start(json);
    const mine = browserCookie;
    const providerRedirect = await signInAtProvider(url.href, "attacker@example.com");
    // Sent to a victim: their browser has no cookie, or another flow's.
    expect(await callback(json, providerRedirect, "")).toMatchObject({ ticket: null, error: "expired" });
    await start(json);
    expect(await callback(json, providerRedirect)).toMatchObject({ ticket: null, error: "expired" });
    // The browser that started it still can.
    expect((await callback(json, providerRedirect, mine)).ticket).toBeTruthy();
  });

  it("a code of another flow (unused) with a fresh state fails on PKCE and nonce", async () => {
    const { json, logs } = app();
    const first = await start(json);
    const stolen = new URL(await signInAtProvider(first.href, "victim@example.com"));
    const second = await start(json);
    stolen.searchParams.set("state", second.searchParams.get("state") as string);
    expect(await callback(json, stolen.href)).toMatchObject({ ticket: null, error: "failed" });
    // The provider checks the PKCE verifier of the second flow against the first flow's challenge.
    expect(logs).toContainEqual(expect.objectContaining({ reason: "failed", provider_error: "invalid_grant" }));
  });

  it("an ID token whose signature does not check out against the provider's published keys fails", async () => {
    const forger = await startTestProvider({ port: 0, redirectUris: [REDIRECT], wrongKeys: true });
    try {
      const { json, logs } = app({ ...oauth, issuer: forger.issuer });
      const url = await start(json);
      expect(url.origin).toBe(forger.issuer);
      expect(await callback(json, await signInAtProvider(url.href, "forged@example.com"))).toMatchObject({ ticket: null, error: "failed" });
      expect(logs).toContainEqual(expect.objectContaining({ reason: "failed", cause: expect.stringMatching(/signature/i) }));
    } finally {
      await forger.close();
    }
  });

  it("email_verified false answers error=unverified", async () => {
    const back = await signIn("unverified.person@example.com");
    expect(back).toMatchObject({ ticket: null, error: "unverified" });
  });

  it("the person cancelling at the provider answers error=denied", async () => {
    const { json } = app();
    const url = await start(json);
    const back = await callback(json, await signInAtProvider(url.href, "shy@example.com", { deny: true }));
    expect(back).toMatchObject({ ticket: null, error: "denied" });
  });

  it("an expired flow answers error=expired", async () => {
    const { json } = app();
    clock.set(Date.now());
    const url = await start(json);
    const providerRedirect = await signInAtProvider(url.href, "slow@example.com");
    clock.set(Date.now() + 11 * 60_000);
    expect((await callback(json, providerRedirect)).error).toBe("expired");
  });

  it("a callback with nothing, or with an error of the provider, redirects instead of failing", async () => {
    expect((await callback(app().json, "http://localhost/api/oauth/callback")).error).toBe("expired");
    expect((await callback(app().json, "http://localhost/api/oauth/callback?error=server_error&state=x")).error).toBe("failed");
  });
});

describe("tickets", () => {
  it("a session ticket lives 5 minutes; a register ticket 30", async () => {
    const { json } = app();
    clock.set(Date.now());
    const late = await signIn("late@example.com");
    clock.set(Date.now() + 6 * 60_000);
    expect((await session(json, late.ticket as string)).status).toBe(410);

    clock.set(Date.now());
    const back = await signIn("later@example.com");
    const { register_ticket } = await (await session(json, back.ticket as string)).json();
    clock.set(Date.now() + 31 * 60_000);
    const reg = await json("POST", "/api/user/register", customer("later@example.com", { oauth_ticket: register_ticket }));
    expect(reg.status).toBe(410);
    expect((await reg.json()).errors.oauth_ticket).toBe("This sign-in link has expired. Please try again.");
  });

  it("an unknown ticket answers 410; no ticket 422", async () => {
    const { json } = app();
    const res = await session(json, "nope", { "accept-language": "ar" });
    expect(res.status).toBe(410);
    expect((await res.json()).detail).toBe("انتهت صلاحية رابط تسجيل الدخول هذا. يُرجى المحاولة مرة أخرى.");
    expect((await json("POST", "/api/oauth/session", {})).status).toBe(422);
  });
});

describe("registration with a Google ticket", () => {
  async function registerTicket(login: string) {
    const { json } = app();
    const back = await signIn(login);
    return (await (await session(json, back.ticket as string)).json()).register_ticket as string;
  }

  it("a ticket whose email is not the body's answers 422 on email and stays usable", async () => {
    const { json } = app();
    const ticket = await registerTicket("mine@example.com");
    const res = await json("POST", "/api/user/register", customer("someone.else@example.com", { oauth_ticket: ticket }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.email).toBe("Please use the email of your Google account.");
    expect(await db.query("select 1 from users")).toMatchObject({ rows: [] });
    // Refused registrations leave the ticket for the corrected form.
    expect((await json("POST", "/api/user/register", customer("mine@example.com", { oauth_ticket: ticket }))).status).toBe(201);
  });

  it("without a ticket the password is still required", async () => {
    const { json } = app();
    const res = await json("POST", "/api/user/register", customer("plain@example.com"));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.password).toBe("Password is required.");
    const empty = await json("POST", "/api/user/register", customer("plain@example.com", { oauth_ticket: "" }));
    expect((await empty.json()).errors.password).toBe("Password is required.");
  });

  it("a technician and a company register with a ticket and are signed in", async () => {
    const { json } = app();
    const techTicket = await registerTicket("tech.person@example.com");
    const tech = await json("POST", "/api/authn/tech_register", {
      name: "Tech Person",
      email: "tech.person@example.com",
      cntry_code: "+968",
      mob_no: "92345678",
      terms_service: true,
      skills: [1],
      language: ["ar"],
      oauth_ticket: techTicket,
    });
    expect(tech.status).toBe(201);
    expect(await tech.json()).toMatchObject({ message: "Registration successful!", role: 1, got_email_mob: 0 });

    // A technician without an email cannot use a Google ticket (its email must be the Google account's).
    const noEmailTicket = await registerTicket("no.email@example.com");
    const noEmail = await json("POST", "/api/authn/tech_register", {
      name: "No Email",
      cntry_code: "+968",
      mob_no: "92345679",
      terms_service: true,
      skills: [1],
      language: ["ar"],
      oauth_ticket: noEmailTicket,
    });
    expect(noEmail.status).toBe(422);

    const companyTicket = await registerTicket("boss@example.com");
    const company = await json("POST", "/api/authn/company_register", {
      name: "Boss Company",
      email: "boss@example.com",
      cntry_code: "+968",
      mob_no: "93456789",
      reg_no: "CR-1",
      terms_service: true,
      oauth_ticket: companyTicket,
    });
    expect(company.status).toBe(201);
    const owner = await company.json();
    expect(owner).toMatchObject({ role: 2, got_email_mob: 1 });
    expect(owner.company_id).toBeTypeOf("number");
    expect((await json("GET", "/api/get_email_mob", undefined, owner.access_token)).status).toBe(200);
  });
});
