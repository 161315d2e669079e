// Several servers as one (D25, issue 16): starts two server processes (WORKERS=2, server/cluster.ts) over one
// PostgreSQL, in a fresh database made here and dropped at the end, and proves against both processes (each answer
// names its process in X-Fixit-Worker) that
//   1. rate limits hold across them: the eleventh sign-in a minute from one address is refused, whichever answers;
//   2. a session made on one works on the other, and once signed out fails at once on both;
//   3. an idempotency key used on one is answered from the other with the same answer, and the write happened once;
//      a list both keep (server/lib/answer-cache.ts) shows a write made through either at once;
//   4. due reminders fire once each and each push is delivered once, with both processes polling for them;
// then runs a short load on the staff list (both processes answering).
//
//   npm run cluster:check [-- LOAD_SECONDS (default 5)]
//
// PostgreSQL from CLUSTER_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default postgres://fixit:fixit@127.0.0.1:5432/fixit);
// the role needs CREATEDB. CLUSTER_PORT (default 8099).
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest, createServer } from "node:http";
import autocannon from "autocannon";
import * as ece from "http_ece";
import pg from "pg";
import { freshDatabase, startTempServer, treeRss } from "./temp-server.mjs";

const PORT = Number(process.env.CLUSTER_PORT ?? 8099);
const LOAD_SECONDS = Number(process.argv[2] ?? 5);
const URL_ = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://fixit:fixit@127.0.0.1:5432/fixit";

const name = `fixit_cluster_${process.pid}`;
const fresh = await freshDatabase(URL_, "fixit_cluster");
const db = new pg.Pool({ connectionString: fresh.url, max: 2 });

// A push service on this machine: it decrypts each push with the subscription's keys, as the browser would.
const browser = createECDH("prime256v1");
browser.generateKeys();
const authSecret = randomBytes(16);
const pushes = [];
const pushService = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    try {
      const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: browser, authSecret });
      pushes.push(JSON.parse(plain.toString("utf8")));
    } catch (e) {
      pushes.push({ error: String(e) });
    }
    res.writeHead(201).end();
  });
});
await new Promise((r) => pushService.listen(0, "127.0.0.1", r));
const pushEndpoint = `http://127.0.0.1:${pushService.address().port}/push/manager`;

const server = await startTempServer(PORT, {
  DATABASE_URL: fresh.url,
  WORKERS: "2",
  PUSH_ALLOW_HTTP: "1",
  LOGIN_RATE_LIMIT: "10",
  TRUST_PROXY: "",
});

let failures = 0;
const check = (ok, text) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) failures++;
};
const finish = async () => {
  server.stop();
  await server.stopped();
  pushService.close();
  await db.end();
  await fresh.drop();
  console.log(failures ? `cluster check: ${failures} failed` : "cluster check: all passed");
  process.exit(failures ? 1 : 0);
};

/** One request on a new connection (so the system may hand it to either process): status, worker and JSON body. */
function call(method, path, { token, body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = httpRequest(
      `http://127.0.0.1:${PORT}/api/${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(data ? { "content-type": "application/json", "content-length": data.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, worker: res.headers["x-fixit-worker"], json, headers: res.headers });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}
/** Calls until `want(answer)` holds (at most `tries` calls); the answers. */
async function until(make, want, tries = 40) {
  const seen = [];
  for (let i = 0; i < tries; i++) {
    const a = await make();
    seen.push(a);
    if (want(a, seen)) break;
  }
  return seen;
}
const workersOf = (answers) => [...new Set(answers.map((a) => a.worker))].sort();

try {
  console.log(`two server processes over PostgreSQL (${name}), port ${PORT}`);
  const health = await until(
    () => call("GET", "health"),
    (_a, seen) => workersOf(seen).length === 2,
  );
  check(workersOf(health).length === 2, `both processes answer: workers ${workersOf(health).join(" and ")} (X-Fixit-Worker)`);

  // 1. Rate limit: ten sign-ins a minute from one address, whichever process takes them; the eleventh is refused.
  const login = (identifier = "tenant@demo.om") => call("POST", "user/login", { body: { identifier, password: "Demo@1234" } });
  const first = [];
  for (let i = 0; i < 10; i++) first.push(await login());
  check(
    first.every((a) => a.status === 200) && workersOf(first).length === 2,
    `rate limit: sign-ins 1-10 pass (${first.map((a) => a.worker).join("")} answered: both processes counted them)`,
  );
  const refused = await until(
    () => login(),
    (_a, seen) => workersOf(seen).length === 2,
    10,
  );
  check(
    refused.every((a) => a.status === 429) && workersOf(refused).length === 2,
    `rate limit: the 11th sign-in and later are refused (429) by both processes (${refused.map((a) => `${a.worker}:${a.status}`).join(" ")})`,
  );
  // The limit is per address: clear it for the rest of the check (the counters are rows, D25).
  await db.query("delete from rate_limits");

  // 2. Sessions: made on one process, used on both; signed out on one, refused at once by both.
  const signIn = async (identifier) => (await login(identifier)).json;
  const manager = await signIn("manager@demo.om");
  const tenant = await signIn("tenant@demo.om");
  const technician = await signIn("tech@demo.om");
  const extra = await login("owner@demo.om");
  const used = await until(
    () => call("GET", "get_email_mob", { token: extra.json.access_token }),
    (_a, seen) => workersOf(seen).length === 2 && seen.length >= 2,
  );
  check(
    used.every((a) => a.status === 200) && workersOf(used).length === 2,
    `session made by worker ${extra.worker} works on both (${used.map((a) => `${a.worker}:${a.status}`).join(" ")})`,
  );
  const out = await call("POST", "user/logout", { token: extra.json.access_token });
  const after = await until(
    () => call("GET", "get_email_mob", { token: extra.json.access_token }),
    (_a, seen) => workersOf(seen).length === 2,
  );
  check(
    out.status === 200 && after.every((a) => a.status === 401) && workersOf(after).length === 2,
    `signed out on worker ${out.worker}: refused at once by both (${after.map((a) => `${a.worker}:${a.status}`).join(" ")})`,
  );

  // 3. Idempotency: one key, answered by both processes with the same answer; one issue made.
  const mine = await call("GET", "issue/issues?status=open&page_num=1", { token: tenant.access_token });
  const place = mine.json.data.find((i) => i.unit_id);
  const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const title = `Cluster check ${randomUUID()}`;
  const report = {
    property_id: place.property_id,
    unit_id: place.unit_id,
    category: place.category ?? null,
    title,
    desc: "Reported once, sent twice.",
    emergency: false,
    presence: "present",
    available: [
      { date: day(2), time_from: "09:00", time_to: "11:00" },
      { date: day(3), time_from: "14:00", time_to: "16:00" },
    ],
  };
  const key = randomUUID();
  const sent = await until(
    () => call("POST", "issue/issue", { token: tenant.access_token, body: report, headers: { "idempotency-key": key } }),
    (_a, seen) => workersOf(seen).length === 2,
  );
  const ids = new Set(sent.map((a) => a.json?.data?.issue_id));
  const { rows: made } = await db.query("select issue_id from issues where title = $1", [title]);
  check(
    workersOf(sent).length === 2 && ids.size === 1 && made.length === 1 && sent.slice(1).every((a) => a.headers["idempotent-replayed"] === "true"),
    `idempotency key sent ${sent.length} times (first answer ${sent[0]?.status}) [${sent.map((a) => `${a.worker}:${a.status}`).join(" ")}]: one issue (#${[...ids][0]}), repeats replayed`,
  );
  const issueId = made[0].issue_id;

  // 3b. Kept answers (server/lib/answer-cache.ts): the tenant's list, read and kept by both processes, shows a repair
  //     reported through one of them at once on both.
  const openList = () => call("GET", "issue/issues?status=open&page_num=1", { token: tenant.access_token });
  const keptBefore = await until(openList, (_a, seen) => workersOf(seen).length === 2 && seen.length >= 4);
  const later = `Cluster check, kept answers ${randomUUID()}`;
  const reported = await call("POST", "issue/issue", { token: tenant.access_token, body: { ...report, title: later } });
  const keptAfter = await until(openList, (_a, seen) => workersOf(seen).length === 2);
  const shows = (a) => a.status === 200 && a.json.data.some((i) => i.title === later);
  check(
    keptBefore.every((a) => a.status === 200 && !a.json.data.some((i) => i.title === later)) &&
      reported.status === 201 &&
      keptAfter.every(shows) &&
      workersOf(keptAfter).length === 2,
    `kept lists: read ${keptBefore.length} times on both, a repair reported on worker ${reported.worker} shows at once on both (${keptAfter.map((a) => `${a.worker}:${shows(a) ? "new" : "old"}`).join(" ")})`,
  );

  // 4. Reminders and pushes: the manager's browser subscribes; the job is assigned and never accepted; many
  //    "not accepted" reminders fall due at once. Each fires once, each push arrives once.
  const sub = await call("POST", "notification/push_subscription", {
    token: manager.access_token,
    body: { endpoint: pushEndpoint, keys: { p256dh: browser.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") } },
  });
  const assigned = await call("POST", `issue/assign?issue_id=${issueId}`, { token: manager.access_token, body: { tech_id: technician.user_id } });
  check(sub.status === 200 && assigned.status === 200, `push subscription (worker ${sub.worker}) and assignment (worker ${assigned.worker})`);
  // The pushes of the report and the assignment first, so what follows counts only the reminders'.
  const pending = async () => {
    await new Promise((r) => setTimeout(r, 500));
    return (await db.query("select count(*)::int as n from notifications where push_state = 'pending'")).rows[0];
  };
  await until(pending, (a) => a.n === 0, 40);
  const before = pushes.length;
  const REMINDERS = 120;
  await db.query(
    `insert into reminders (issue_id, kind, due_at, tech_id)
     select $1, 'not_accepted', now() - make_interval(secs => g), $2 from generate_series(1, $3) g`,
    [issueId, technician.user_id, REMINDERS],
  );
  // Wake both processes' delivery at once (any write that notifies kicks its own process's round).
  await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call("POST", "issue/comment?issue_id=" + issueId, {
        token: manager.access_token,
        body: { body: `wake ${i}` },
        headers: { "idempotency-key": randomUUID() },
      }),
    ),
  );
  await until(
    async () => {
      await new Promise((r) => setTimeout(r, 500));
      const { rows } = await db.query(
        // Due ones only: the assignment also planned reminders for later, which must not fire now (and kept this
        // waiting its whole 30 s for them).
        "select (select count(*)::int from reminders where taken_at is null and due_at <= now()) as due, (select count(*)::int from notifications where push_state = 'pending') as pending",
      );
      return rows[0];
    },
    (a) => a.due === 0 && a.pending === 0,
    60,
  );
  // A while for a push sent twice to arrive, had one been.
  await new Promise((r) => setTimeout(r, 2000));
  const { rows: fired } = await db.query(
    "select count(*)::int as n, count(distinct notification_id)::int as distinct_n from notifications where issue_id = $1 and kind = 'not_accepted' and user_id = $2",
    [issueId, manager.user_id],
  );
  const got = pushes.slice(before).filter((p) => p.kind === "not_accepted");
  const perNotification = new Map();
  for (const p of got) perNotification.set(p.notification_id, (perNotification.get(p.notification_id) ?? 0) + 1);
  const twice = [...perNotification.values()].filter((n) => n > 1).length;
  check(fired[0].n === REMINDERS, `${REMINDERS} due reminders fired ${fired[0].n} notifications to the manager (one each)`);
  check(
    got.length === REMINDERS && perNotification.size === REMINDERS && twice === 0,
    `pushes: ${got.length} received for ${perNotification.size} notifications, none twice (${pushes.filter((p) => p.error).length} undecryptable)`,
  );
  const { rows: who } = await db.query("select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'fixit'", [name]);
  console.log(`     (both processes poll the reminders every 5 s and on each write; ${who[0].n} server connections to the database now)`);

  // A short load on both processes, after a second to warm them (not counted).
  await autocannon({
    url: `http://127.0.0.1:${PORT}/api/company/staffs?page_num=1`,
    connections: 50,
    duration: 1,
    headers: { authorization: `Bearer ${manager.access_token}` },
  });
  const perWorker = {};
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}/api/company/staffs?page_num=1`,
    connections: 50,
    duration: LOAD_SECONDS,
    headers: { authorization: `Bearer ${manager.access_token}`, "accept-encoding": "gzip" },
    requests: [
      {
        onResponse: (_status, _body, _context, headers) => {
          const w = headers?.["x-fixit-worker"];
          perWorker[w] = (perWorker[w] ?? 0) + 1;
        },
      },
    ],
  });
  const split = Object.entries(perWorker)
    .map(([w, n]) => `worker ${w}: ${n}`)
    .join(", ");
  console.log(
    `load: GET /company/staffs page 1, 50 connections, ${LOAD_SECONDS} s: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.timeouts + r.non2xx} (${split}); memory ${Math.round(treeRss(server.pid) / 1048576)} MB (primary and workers)`,
  );
  check(r.errors + r.timeouts + r.non2xx === 0 && Object.keys(perWorker).length === 2, "load: no errors, both processes answered");
} catch (e) {
  check(false, `the check stopped: ${e?.stack ?? e}`);
}
await finish();
