// Push, notification mails and reminders (issue 13, D22). A real Web Push goes to a push endpoint this test runs on
// loopback (no outside service) and is decrypted with the subscription's own keys, as a browser would; a push service
// answering 410 ends the subscription; reminders are due rows taken once, with two workers racing on one database and
// across a restart; mails for assigned, scheduled and completed go to the outbox in the recipient's language. The
// expectations come from the plan and the wire contract (src/contract/notifications.ts), not from server/push/.
import { type ECDH, createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as ece from "http_ece";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pushPayload } from "../../src/contract/notifications";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { logMailer } from "../../server/mail/mailer";
import { latestMails } from "../../server/mail/outbox";
import { vapidKeys, vapidPublicKey } from "../../server/push/vapid";
import { type Delivery, startDelivery } from "../../server/push/worker";
import { makeIssue } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";
import { HOUR, NOW, S1, S2, type RepairWorld, repairWorld } from "./repair-helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());

const AR = { "accept-language": "ar" };
const PLUMBING = 1;
const APP_URL = "https://fixit.example";

// ---- a push service on loopback ---------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
let pushServer: Server;
let pushOrigin: string;
const received: Received[] = [];
/** Status the push service answers per path (201 when not listed). */
const answers = new Map<string, number>();

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, "127.0.0.1", resolve));
  pushOrigin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => pushServer.close(() => resolve())));

/** A browser's subscription: its own P-256 key pair and auth secret, as PushManager.subscribe makes them. */
interface Browser {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  body: { endpoint: string; keys: { p256dh: string; auth: string } };
}
function browser(path: string): Browser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${pushOrigin}${path}`;
  return { endpoint, ecdh, auth, body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } } };
}

/** What the browser reads from a push: decrypted with its own keys (RFC 8291), parsed with the contract's schema. */
function open(b: Browser, r: Received) {
  const plain = ece.decrypt(r.body, { version: "aes128gcm", privateKey: b.ecdh, authSecret: b.auth });
  return pushPayload.parse(JSON.parse(plain.toString("utf8")));
}

/** The VAPID header checks out: a JWT for the endpoint's origin, signed (ES256) by the server's public key `k`. */
function checkVapid(r: Received, publicKey: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(r.headers.authorization));
  expect(m, String(r.headers.authorization)).not.toBeNull();
  const [, jwt, k] = m as RegExpExecArray;
  expect(k).toBe(publicKey);
  const [head, claims, sig] = jwt.split(".");
  expect(JSON.parse(Buffer.from(claims, "base64url").toString())).toMatchObject({ aud: pushOrigin, sub: expect.stringMatching(/^(mailto|https):/) });
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  expect(verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(sig, "base64url"))).toBe(true);
}

// ---- the world --------------------------------------------------------------------------------------------------

let workers: Delivery[] = [];
/** A delivery worker over `db` whose mails go to the outbox table; stopped after each test. */
function worker(everyMs = 3600_000) {
  const d = startDelivery({ db, mailer: logMailer(db, () => undefined), log: () => undefined, appUrl: APP_URL }, everyMs);
  workers.push(d);
  return d;
}

beforeEach(async () => {
  await resetDb(db);
  clock.set(NOW);
  received.length = 0;
  answers.clear();
  process.env.PUSH_ALLOW_HTTP = "1";
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
  clock.set();
  delete process.env.PUSH_ALLOW_HTTP;
});

async function world() {
  const w = await repairWorld(db);
  await db.query("update users set skills = $2 where user_id = any($1)", [[w.tech.user_id, w.tech2.user_id], [PLUMBING]]);
  const { json } = testApp(db);
  const issue = await makeIssue(db, {
    property_id: w.building.property_id,
    unit_id: w.u101.unit_id,
    creator_id: w.tenant.user_id,
    category: PLUMBING,
    title: "Kitchen sink leaking",
    slots: [S1, S2],
  });
  const id = issue.issue_id;
  const move = async (name: string, token: string, body?: unknown) => {
    const res = await json("POST", `/api/issue/${name}?issue_id=${id}`, body, token);
    expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
  };
  const assign = () => move("assign", w.t.manager, { tech_id: w.tech.user_id });
  const accept = () => move("accept", w.t.tech);
  /** The technician takes the tenant's slot: scheduled. */
  const schedule = async (slot = S2) => {
    const res = await json("PUT", `/api/issue/issue?issue_id=${id}`, { tech_available: [slot] }, w.t.tech);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  return { ...w, json, id, move, assign, accept, schedule };
}

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0].n;
const recipients = async (kind: string, issueId: number) =>
  (await db.query<{ user_id: number }>("select user_id from notifications where kind = $1 and issue_id = $2 order by user_id", [kind, issueId])).rows.map(
    (r) => r.user_id,
  );
const ids = (...users: Array<{ user_id: number }>) => users.map((u) => u.user_id).sort((a, b) => a - b);

// ---- subscriptions ----------------------------------------------------------------------------------------------

describe("push subscriptions", () => {
  it("are kept per endpoint for the caller (a browser signed in as someone else takes it over), removed by their owner only", async () => {
    const w = await world();
    const b = browser("/sub/one");
    expect((await w.json("POST", "/api/notification/push_subscription", b.body)).status).toBe(401);
    expect((await w.json("POST", "/api/notification/push_subscription", b.body, w.t.tenant, AR)).status).toBe(200);
    expect((await w.json("POST", "/api/notification/push_subscription", b.body, w.t.tenant, AR)).status).toBe(200);
    const owners = async () => (await db.query<{ user_id: number }>("select user_id from push_subscriptions")).rows.map((r) => r.user_id);
    expect(await owners()).toEqual([w.tenant.user_id]);
    // Pushes are written in the language of the app that subscribed.
    expect((await db.query("select language from users where user_id = $1", [w.tenant.user_id])).rows[0]).toEqual({ language: "ar" });

    // Someone else cannot remove it; the same browser signed in as the owner takes it over.
    expect((await w.json("DELETE", "/api/notification/push_subscription", { endpoint: b.endpoint }, w.t.owner)).status).toBe(200);
    expect(await owners()).toEqual([w.tenant.user_id]);
    expect((await w.json("POST", "/api/notification/push_subscription", b.body, w.t.owner)).status).toBe(200);
    expect(await owners()).toEqual([w.owner.user_id]);
    expect((await w.json("DELETE", "/api/notification/push_subscription", { endpoint: b.endpoint }, w.t.owner)).status).toBe(200);
    expect(await owners()).toEqual([]);
  });

  it("refuses what is not a push endpoint: no URL, no keys, and plain http outside tests (422 with a detail)", async () => {
    const w = await world();
    const b = browser("/sub/two");
    for (const bad of [{ ...b.body, endpoint: "not a url" }, { endpoint: b.endpoint, keys: { p256dh: "", auth: "x" } }, { endpoint: b.endpoint }]) {
      const res = await w.json("POST", "/api/notification/push_subscription", bad, w.t.tenant);
      expect(res.status).toBe(422);
      expect((await res.json()).detail).toBeTruthy();
    }
    delete process.env.PUSH_ALLOW_HTTP;
    const res = await w.json("POST", "/api/notification/push_subscription", b.body, w.t.tenant, AR);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.endpoint).toMatch(/[\u0600-\u06ff]/);
    expect(await count("push_subscriptions")).toBe(0);
  });

  it("the VAPID key pair is made once and kept: every process signs with the same one", async () => {
    const first = await vapidKeys(db);
    const [a, b] = await Promise.all([vapidKeys(db), vapidPublicKey(db)]);
    expect(a).toEqual(first);
    expect(b).toBe(first.publicKey);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(await count("server_secrets where name = 'vapid_keys'")).toBe(1);
  });
});

// ---- Web Push ---------------------------------------------------------------------------------------------------

describe("Web Push", () => {
  it("sends a real, encrypted push that the subscribed browser decrypts: the sentence in its language and the issue's route", async () => {
    const w = await world();
    worker();
    const tenantPhone = browser("/push/tenant");
    const techPhone = browser("/push/tech");
    expect((await w.json("POST", "/api/notification/push_subscription", tenantPhone.body, w.t.tenant, AR)).status).toBe(200);
    expect((await w.json("POST", "/api/notification/push_subscription", techPhone.body, w.t.tech)).status).toBe(200);

    // The manager assigns: the request kicks the worker, which sends without waiting for its timer.
    await w.assign();
    await vi.waitFor(() => expect(received.map((r) => r.path).sort()).toEqual(["/push/tech", "/push/tenant"]), { timeout: 10_000 });

    const publicKey = await vapidPublicKey(db);
    const toTenant = received.find((r) => r.path === "/push/tenant") as Received;
    const toTech = received.find((r) => r.path === "/push/tech") as Received;
    for (const r of [toTenant, toTech]) {
      checkVapid(r, publicKey);
      expect(r.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      // Encrypted: the title is not readable on the wire.
      expect(r.body.includes(Buffer.from("Kitchen sink"))).toBe(false);
    }
    const [tenantNote] = (await db.query<{ notification_id: number }>("select notification_id from notifications where user_id = $1", [w.tenant.user_id])).rows;
    expect(open(tenantPhone, toTenant)).toEqual({
      title: "Fixit Gulf",
      body: "سيتولى \u2068Ahmed Tech\u2069 إصلاحك: \u2068Kitchen sink leaking\u2069",
      url: `/property/issues-view?issue_id=${w.id}`,
      notification_id: tenantNote.notification_id,
      kind: "assigned",
    });
    expect(open(techPhone, toTech)).toMatchObject({
      title: "Fixit Gulf",
      body: "New job for you at Qurum Heights: Kitchen sink leaking",
      url: `/property/open-issues?issue_id=${w.id}`,
      kind: "assigned",
    });
    // The tenant's key cannot open the technician's push.
    expect(() => open(tenantPhone, toTech)).toThrow();

    // Sent; the owner (no browser subscribed) had nothing to send.
    const states = async (kind: string) =>
      (await db.query<{ user_id: number; push_state: string }>("select user_id, push_state from notifications where kind = $1 order by user_id", [kind])).rows;
    await vi.waitFor(async () =>
      expect(await states("assigned")).toEqual(
        [
          { user_id: w.owner.user_id, push_state: "none" },
          { user_id: w.tech.user_id, push_state: "sent" },
          { user_id: w.tenant.user_id, push_state: "sent" },
        ].sort((a, b) => a.user_id - b.user_id),
      ),
    );
  });

  it("a push service answering 410 (or 404) ends that subscription; the user's other browsers still get the push", async () => {
    const w = await world();
    const d = worker();
    const gone = browser("/push/gone");
    const missing = browser("/push/missing");
    const alive = browser("/push/alive");
    answers.set("/push/gone", 410);
    answers.set("/push/missing", 404);
    for (const b of [gone, missing, alive]) expect((await w.json("POST", "/api/notification/push_subscription", b.body, w.t.tenant)).status).toBe(200);
    expect(await count("push_subscriptions")).toBe(3);

    await w.assign();
    await d.tick();
    expect(received.map((r) => r.path).sort()).toEqual(["/push/alive", "/push/gone", "/push/missing"]);
    expect((await db.query<{ endpoint: string }>("select endpoint from push_subscriptions")).rows.map((r) => r.endpoint)).toEqual([alive.endpoint]);
    expect(open(alive, received.find((r) => r.path === "/push/alive") as Received).body).toContain("Kitchen sink leaking");
    expect((await db.query("select push_state from notifications where user_id = $1", [w.tenant.user_id])).rows).toEqual([{ push_state: "sent" }]);

    // The last one goes too: the next push finds it gone, fails, and nothing is left to send to.
    answers.set("/push/alive", 410);
    received.length = 0;
    await w.accept();
    await d.tick();
    expect(received.map((r) => r.path)).toEqual(["/push/alive"]);
    expect(await count("push_subscriptions")).toBe(0);
    expect((await db.query("select push_state from notifications where user_id = $1 and kind = 'accepted'", [w.tenant.user_id])).rows).toEqual([
      { push_state: "failed" },
    ]);
  });
});

// ---- reminders --------------------------------------------------------------------------------------------------

describe("reminders", () => {
  /** S2 is 3 March 2030 14:00 in Muscat (UTC+4): 10:00 UTC. */
  const VISIT = Date.parse("2030-03-03T10:00:00Z");
  const due = async (id: number) =>
    (
      await db.query<{ kind: string; due_at: Date; taken: boolean }>(
        "select kind, due_at, taken_at is not null as taken from reminders where issue_id = $1 order by due_at",
        [id],
      )
    ).rows.map((r) => ({ kind: r.kind, due_at: new Date(r.due_at).toISOString(), taken: r.taken }));

  it("are planned 24 h and 1 h before the visit in the property's local time, and planned anew when the visit moves", async () => {
    const w = await world();
    await w.assign();
    expect(await due(w.id)).toEqual([{ kind: "not_accepted", due_at: new Date(NOW + 4 * HOUR).toISOString(), taken: false }]);
    await w.accept();
    expect(await due(w.id)).toEqual([]);
    await w.schedule(S2);
    expect(await due(w.id)).toEqual([
      { kind: "reminder_24h", due_at: new Date(VISIT - 24 * HOUR).toISOString(), taken: false },
      { kind: "reminder_1h", due_at: new Date(VISIT - HOUR).toISOString(), taken: false },
    ]);
    // Moved to S1 (2 March 09:00 Muscat, 05:00 UTC): its 24 h reminder would be before now (1 March 06:00 UTC), so only the 1 h one.
    await w.schedule(S1);
    expect(await due(w.id)).toEqual([{ kind: "reminder_1h", due_at: "2030-03-02T04:00:00.000Z", taken: false }]);
    // On a Saudi property (UTC+3) the same wall-clock visit is an hour later.
    await db.query("update properties set country = 'SA' where property_id = $1", [w.building.property_id]);
    await w.schedule(S2);
    expect((await due(w.id)).map((r) => r.due_at)).toEqual([new Date(VISIT + HOUR - 24 * HOUR).toISOString(), new Date(VISIT).toISOString()]);
  });

  it("fire once with two workers racing on one database, and not again after a restart", async () => {
    const w = await world();
    await w.assign();
    await w.accept();
    await w.schedule(S2);
    const people = ids(w.tech, w.tenant, w.owner);

    // Two servers over the same database, both woken when the 24 h reminder is due.
    clock.set(VISIT - 24 * HOUR + 60_000);
    const a = worker();
    const b = worker();
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await recipients("reminder_24h", w.id)).toEqual(people);
    expect(await due(w.id)).toEqual([
      { kind: "reminder_24h", due_at: new Date(VISIT - 24 * HOUR).toISOString(), taken: true },
      { kind: "reminder_1h", due_at: new Date(VISIT - HOUR).toISOString(), taken: false },
    ]);

    // A restart: the old workers stop, a new app and worker start on the same database; the taken row stays taken.
    await Promise.all([a.stop(), b.stop()]);
    testApp(db);
    const c = worker();
    await c.tick();
    expect(await recipients("reminder_24h", w.id)).toEqual(people);
    expect(await count("notifications where kind = 'reminder_1h'")).toBe(0);

    // The 1 h reminder planned before the restart fires in the new process, once.
    clock.set(VISIT - HOUR + 1000);
    const d = worker();
    await Promise.all([c.tick(), d.tick()]);
    await c.tick();
    expect(await recipients("reminder_1h", w.id)).toEqual(people);
    const [sentence] = (await db.query<{ params: { visit: unknown } }>("select params from notifications where kind = 'reminder_1h' limit 1")).rows;
    expect(sentence.params.visit).toEqual(S2);
  });

  it("a reminder whose visit was cancelled is taken but sends nothing", async () => {
    const w = await world();
    await w.assign();
    await w.accept();
    await w.schedule(S2);
    // Cancelled behind the planner's back (a row changed without a move): the worker still checks the issue.
    await db.query("update issues set stage = 'cancelled' where issue_id = $1", [w.id]);
    clock.set(VISIT);
    await worker().tick();
    expect(await count("notifications where kind like 'reminder%'")).toBe(0);
    expect((await due(w.id)).every((r) => r.taken)).toBe(true);
  });

  it("not accepted within 4 hours tells the managers once; accepted in time, nothing", async () => {
    const w = await world();
    await w.assign();
    const d = worker();
    clock.set(NOW + 4 * HOUR - 60_000);
    await d.tick();
    expect(await count("notifications where kind = 'not_accepted'")).toBe(0);
    clock.set(NOW + 4 * HOUR + 60_000);
    await Promise.all([d.tick(), worker().tick()]);
    expect(await recipients("not_accepted", w.id)).toEqual(ids(w.manager));
    await d.tick();
    expect(await recipients("not_accepted", w.id)).toEqual(ids(w.manager));

    // Another issue, accepted in time: its reminder is dropped before it falls due.
    const other = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, category: PLUMBING });
    clock.set(NOW);
    expect((await w.json("POST", `/api/issue/assign?issue_id=${other.issue_id}`, { tech_id: w.tech.user_id }, w.t.manager)).status).toBe(200);
    expect((await w.json("POST", `/api/issue/accept?issue_id=${other.issue_id}`, undefined, w.t.tech)).status).toBe(200);
    clock.set(NOW + 5 * HOUR);
    await d.tick();
    expect(await recipients("not_accepted", other.issue_id)).toEqual([]);
  });
});

// ---- mail -------------------------------------------------------------------------------------------------------

describe("notification mails", () => {
  it("assigned, scheduled and completed go to the outbox in each recipient's language, with a link to the issue", async () => {
    const w = await world();
    await db.query("update users set language = 'ar' where user_id = $1", [w.tenant.user_id]);
    const d = worker();
    const mailsTo = async (u: RepairWorld["tenant"]) => (await latestMails(db, { to: u.email as string, limit: 20 })).reverse();

    await w.assign();
    await d.tick();
    const [assignedAr] = await mailsTo(w.tenant);
    expect(assignedAr.subject).toBe("فيكسِت الخليج: سيتولى \u2068Ahmed Tech\u2069 إصلاحك: \u2068Kitchen sink leaking\u2069");
    expect(assignedAr.body).toContain("مرحبًا \u2068Maryam Tenant\u2069،");
    expect(assignedAr.body).toContain(`${APP_URL}/#/property/issues-view?issue_id=${w.id}`);
    expect(assignedAr.body).not.toMatch(/Hello|Open the repair/);
    const [assignedTech] = await mailsTo(w.tech);
    expect(assignedTech.subject).toBe("Fixit Gulf: New job for you at Qurum Heights: Kitchen sink leaking");
    expect(assignedTech.body).toContain(`${APP_URL}/#/property/open-issues?issue_id=${w.id}`);

    // Accepted is not a mail kind: nobody gets a mail for it.
    const before = await count("outbox");
    await w.accept();
    await d.tick();
    expect(await count("outbox")).toBe(before);

    await w.schedule(S2);
    await d.tick();
    expect((await mailsTo(w.tenant)).map((m) => m.subject)).toEqual([
      assignedAr.subject,
      "فيكسِت الخليج: تم الاتفاق على موعد الزيارة من أجل \u2068Kitchen sink leaking\u2069: الأحد 3 مارس 2030، 2:00\u00a0م – 4:00\u00a0م",
    ]);
    expect((await mailsTo(w.manager)).map((m) => m.subject)).toEqual([
      "Fixit Gulf: Visit agreed for Kitchen sink leaking: Sun 3 Mar 2030, 2:00\u00a0PM – 4:00\u00a0PM",
    ]);

    // The work: started, an after-photo, completed.
    await w.move("start", w.t.tech);
    await db.query("insert into issue_media (issue_id, kind, file_name, path, phase) values ($1, 'image', 'after.jpg', 'x', 'after')", [w.id]);
    await w.move("complete", w.t.tech, { notes: "Replaced the trap." });
    await d.tick();
    expect((await mailsTo(w.tenant)).at(-1)?.subject).toBe("فيكسِت الخليج: اكتمل العمل: \u2068Kitchen sink leaking\u2069. يُرجى مراجعته وتأكيده.");
    expect((await mailsTo(w.owner)).at(-1)?.subject).toBe("Fixit Gulf: The work is done: Kitchen sink leaking. Please check it and confirm.");
    expect((await mailsTo(w.manager)).at(-1)?.subject).toBe("Fixit Gulf: The work is done: Kitchen sink leaking. Please check it and confirm.");
    // The technician did it: no mail about his own completion.
    expect((await mailsTo(w.tech)).map((m) => m.subject)).toEqual([assignedTech.subject]);
    // Each mail once, and every mail row marked.
    expect(await count("notifications where mail_state = 'pending'")).toBe(0);
    expect(await count("outbox o where (select count(*) from outbox x where x.recipient = o.recipient and x.subject = o.subject) > 1")).toBe(0);
    // Never anyone the issue does not concern.
    expect(await mailsTo(w.neighbour)).toEqual([]);
  });

  it("a user who switched a kind's mail off gets no mail of it", async () => {
    const w = await world();
    await db.query("insert into notification_settings (user_id, kind, push, mail) values ($1, 'assigned', true, false)", [w.tenant.user_id]);
    const d = worker();
    await w.assign();
    await d.tick();
    expect(await latestMails(db, { to: w.tenant.email as string })).toEqual([]);
    expect((await latestMails(db, { to: w.owner.email as string })).length).toBe(1);
  });
});
