// Load on the API (issue 16): the read lists hammered by 50 connections each in turn (autocannon), then a mix of writes
// (report, assign, accept, acknowledge, start, after-photo, complete) by concurrent clients, against a server on a
// fresh database. Prints per endpoint requests a second, p50, p99 and errors, and the server's memory (RSS at rest,
// after start and sign-in, and the peak under load).
//
//   npm run load [-- SECONDS (per endpoint, default 5) [CONNECTIONS (default 50) [WRITERS (default 10)]]]
//
// The embedded database by default (a fresh data directory). With LOAD_DATABASE_URL (or DATABASE_URL), PostgreSQL:
// a fresh database is made beside the URL's one (fixit_load_<pid>, dropped at the end; the role needs CREATEDB).
// WORKERS=2 with PostgreSQL runs two server processes (server/cluster.ts). LOAD_COMPILED=1 runs the compiled server
// (npm run build:server) instead of tsx. LOAD_ONLY=staffs,jobs measures only the endpoints whose name holds one of these.
// Each row also gives the server's CPU time a request (ms of the server processes' user and system time over the
// measured seconds, divided by the requests answered): steadier than req/s on a busy machine; with PostgreSQL, also
// the CPU time of the PostgreSQL backends serving the load database (same machine). LOAD_PROFILE=DIR writes
// the server's CPU profile (DIR/server-<pid>.cpuprofile, for Chrome's DevTools) when it stops, the warm-up included.
// Fails on any error or a p99 above LOAD_P99_MS (1000).
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import { freshDatabase, signInDemo, startTempServer, treeRss } from "./temp-server.mjs";

const PORT = Number(process.env.LOAD_PORT ?? 8098);
const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const WRITERS = Number(process.argv[4] ?? 10);
const P99_LIMIT = Number(process.env.LOAD_P99_MS ?? 1000);
const ONLY = process.env.LOAD_ONLY?.split(",").filter(Boolean);
const PG_URL = process.env.LOAD_DATABASE_URL ?? process.env.DATABASE_URL;
const COMPILED = process.env.LOAD_COMPILED === "1";

// PostgreSQL: a database of its own, made here and dropped at the end.
const fresh = PG_URL ? await freshDatabase(PG_URL, "fixit_load") : null;
const database = fresh?.url ?? null;
const dropDatabase = async () => fresh?.drop();

if (COMPILED) await (await import("./build-server.mjs")).buildServer();
const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const { join, resolve } = await import("node:path");
const { pathToFileURL } = await import("node:url");

/**
 * A module the server imports first (NODE_OPTIONS, where --cpu-prof is not allowed): it profiles through the inspector
 * and writes the profile on exit (the server ends with process.exit on SIGTERM; the main thread's session answers at once).
 */
function profiler(dir) {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const file = join(mkdtempSync(join(tmpdir(), "fixit-load-prof-")), "profile.mjs");
  writeFileSync(
    file,
    `import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
process.on("exit", () => session.post("Profiler.stop", (err, r) => { if (!err) writeFileSync(${JSON.stringify(out)} + "/server-" + process.pid + ".cpuprofile", JSON.stringify(r.profile)); }));
`,
  );
  return pathToFileURL(file).href;
}
const server = await startTempServer(
  PORT,
  {
    LOGIN_RATE_LIMIT: "1000",
    ...(database ? { DATABASE_URL: database } : { DATABASE_URL: "", WORKERS: "1" }),
    ...(process.env.LOAD_PROFILE ? { NODE_OPTIONS: `--import ${profiler(process.env.LOAD_PROFILE)}` } : {}),
  },
  { compiled: COMPILED },
);
const base = `${server.base}/api`;
// At rest: started, migrated and seeded, nothing asked yet; once just after the start, then after LOAD_REST_S seconds
// (20) of nothing, when V8 has given back what the start used (its memory reducer waits for an idle process).
await new Promise((r) => setTimeout(r, 1000));
const started = treeRss(server.pid);
await new Promise((r) => setTimeout(r, Number(process.env.LOAD_REST_S ?? 20) * 1000));
const rest = treeRss(server.pid);
let finished = false;
const finish = async (code) => {
  if (finished) return;
  finished = true;
  server.stop();
  await server.stopped();
  await dropDatabase().catch((e) => console.error(`could not drop the load database: ${e.message}`));
  process.exit(code);
};
process.on("SIGINT", () => void finish(130));

/** A JSON call with the caller's token; the body parsed (null when none). */
async function call(method, path, token, body, headers = {}) {
  const res = await fetch(`${base}/${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof Uint8Array) ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, ok: res.ok, json };
}

const answers = await Promise.all(["manager@demo.om", "tech@demo.om", "owner@demo.om", "tenant@demo.om"].map((who) => signInDemo(server.base, who)));
const [manager, technician, owner, tenant] = answers.map((a) => a.access_token);
const technicianId = answers[1].user_id;
// The gazetteer loads on the first search: not part of what is measured.
await call("GET", "place/search?keyword=musc", technician);

let peak = Math.max(started, rest, treeRss(server.pid));
const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 200);

/** CPU time in ms (user + system, clock ticks of 10 ms) of the Node process `pid` and every Node process under it. */
function treeCpuMs(pid) {
  const children = new Map();
  const stats = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(fields[1]);
      stats.set(Number(name), { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ticks: Number(fields[11]) + Number(fields[12]) });
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  let ticks = 0;
  const visit = (p) => {
    const s = stats.get(p);
    if (s?.comm === "node" || p === pid) ticks += s?.ticks ?? 0;
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return ticks * 10;
}

/** PostgreSQL (on this machine): the CPU time in ms of the backends connected to the load database. */
async function backendCpuMs() {
  if (!database) return 0;
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: database });
  await c.connect();
  try {
    const { rows } = await c.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        /* not on this machine, or gone */
      }
    }
    return ticks * 10;
  } finally {
    await c.end();
  }
}

const rows = [];
const print = (name, rps, p50, p99, errors, cpuMs, dbCpuMs) => {
  const row = { name, rps, p50, p99, errors, cpuMs, dbCpuMs };
  rows.push(row);
  console.log(
    `${name.padEnd(34)} ${String(Math.round(rps)).padStart(6)} req/s   p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   errors ${errors}${cpuMs === undefined ? "" : `   server CPU ${cpuMs.toFixed(3)} ms/req`}${dbCpuMs ? `, PostgreSQL ${dbCpuMs.toFixed(3)}` : ""}`,
  );
};
const wanted = (name) => !ONLY || ONLY.some((o) => name.includes(o));

/** One endpoint under CONNECTIONS connections for SECONDS (autocannon keeps each connection busy, keep-alive). */
async function hammer(name, path, token, extra = {}) {
  if (!wanted(name)) return;
  // A second first, not counted: the first calls prepare the statements and warm the JIT (and PGlite's WebAssembly).
  await autocannon({ url: `${base}/${path}`, connections: CONNECTIONS, duration: 1, headers: { authorization: `Bearer ${token}` } });
  const cpu = treeCpuMs(server.pid);
  const dbCpu = await backendCpuMs();
  const r = await autocannon({
    url: `${base}/${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip", ...extra },
  });
  const cpuMs = (treeCpuMs(server.pid) - cpu) / Math.max(1, r.requests.total);
  const dbCpuMs = ((await backendCpuMs()) - dbCpu) / Math.max(1, r.requests.total);
  print(name, r.requests.average, r.latency.p50, r.latency.p99, r.errors + r.timeouts + r.non2xx, cpuMs, dbCpuMs);
}

const where = database ? `PostgreSQL${process.env.WORKERS > 1 ? `, ${process.env.WORKERS} processes` : ", one process"}` : "embedded database, one process";
console.log(`${CONNECTIONS} connections, ${SECONDS} s per endpoint, ${where}${COMPILED ? ", compiled server" : ""}`);
await hammer("GET /company/staffs page 1", "company/staffs?page_num=1", manager);
await hammer("GET /company/staffs page 3", "company/staffs?page_num=3", manager);
await hammer("GET /issue/jobs open", "issue/jobs?status=open&page_num=1", technician);
await hammer("GET /issue/issues open (owner)", "issue/issues?status=open&page_num=1", owner);
await hammer("GET /issue/issues company (manager)", "issue/issues?status=open&scope=company&page_num=1", manager);
// The lists above are kept answers once read (server/lib/answer-cache.ts): nothing is written while they run. Asked
// with Cache-Control: no-cache, each is read afresh, as after a write: what a list costs to make.
const AFRESH = { "cache-control": "no-cache" };
await hammer("GET /company/staffs page 1, afresh", "company/staffs?page_num=1", manager, AFRESH);
await hammer("GET /issue/jobs open, afresh", "issue/jobs?status=open&page_num=1", technician, AFRESH);
await hammer("GET /issue/issues open (owner), afresh", "issue/issues?status=open&page_num=1", owner, AFRESH);
await hammer("GET /property/properties", "property/properties?page_num=1", owner);
await hammer("GET /notification/notifications", "notification/notifications?page_num=1", technician);
await hammer("GET /place/search musc", "place/search?keyword=musc", technician);
await hammer("GET /get_email_mob", "get_email_mob", technician);

// The write mix: each writer reports a repair as the tenant, the manager assigns it, the technician accepts,
// acknowledges the tenant's first time, starts, uploads an after-photo and completes it with a work report.
if (wanted("write")) {
  const mine = await call("GET", "issue/issues?status=open&page_num=1", tenant);
  const place = mine.json?.data?.find((i) => i.unit_id);
  if (!place) throw new Error("the demo tenant has no open repair to copy its property and unit from");
  const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const slot = { date: day(2), time_from: "09:00", time_to: "11:00" };
  const report = {
    property_id: place.property_id,
    unit_id: place.unit_id,
    category: place.category ?? null,
    title: "Load test: kitchen sink leaking",
    desc: "Water under the sink.",
    emergency: false,
    presence: "present",
    available: [slot, { date: day(3), time_from: "14:00", time_to: "16:00" }],
  };
  const work = {
    notes: "Replaced the trap and the washer.",
    parts: [{ name: "P-trap", qty: 1, unit_price: 1250 }],
    minutes: 45,
    extra_costs: [],
    follow_up: false,
    occupant_damage: false,
  };
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
  const steps = new Map();
  const timed = async (name, method, path, token, body, headers) => {
    const t = performance.now();
    const res = await call(method, path, token, body, headers);
    const s = steps.get(name) ?? { times: [], errors: 0 };
    s.times.push(performance.now() - t);
    if (!res.ok) {
      s.errors++;
      if (s.errors === 1) console.error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
    }
    steps.set(name, s);
    return res;
  };
  const end = performance.now() + SECONDS * 2 * 1000;
  let repairs = 0;
  const writer = async () => {
    while (performance.now() < end) {
      const made = await timed("POST /issue/issue (report)", "POST", "issue/issue", tenant, report, { "idempotency-key": crypto.randomUUID() });
      const id = made.json?.data?.issue_id ?? made.json?.issue_id;
      if (!id) continue;
      const q = `?issue_id=${id}`;
      const candidates = await timed("GET /issue/candidates", "GET", `issue/candidates${q}`, manager);
      const tech = candidates.json?.data?.find((t) => t.user_id === technicianId) ?? candidates.json?.data?.[0];
      if (!tech) continue;
      await timed("POST /issue/assign", "POST", `issue/assign${q}`, manager, { tech_id: tech.user_id });
      await timed("POST /issue/accept", "POST", `issue/accept${q}`, technician, {});
      await timed("PUT /issue/issue (acknowledge)", "PUT", `issue/issue${q}`, technician, { tech_available: [slot] });
      await timed("POST /issue/start", "POST", `issue/start${q}`, technician, {});
      await timed("POST /issue/media (after-photo)", "POST", `issue/media${q}&phase=after`, technician, jpeg, { "content-type": "application/octet-stream" });
      const done = await timed("POST /issue/complete", "POST", `issue/complete${q}`, technician, work);
      if (done.ok) repairs++;
    }
  };
  const begun = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const took = (performance.now() - begun) / 1000;
  console.log(`write mix: ${WRITERS} clients, ${took.toFixed(1)} s, ${repairs} repairs reported to completed (${(repairs / took).toFixed(1)} a second)`);
  for (const [name, s] of steps) {
    s.times.sort((a, b) => a - b);
    const p = (q) => s.times[Math.min(s.times.length - 1, Math.floor(q * s.times.length))] ?? 0;
    print(name, s.times.length / took, p(0.5), p(0.99), s.errors);
  }
}

clearInterval(sampler);
peak = Math.max(peak, treeRss(server.pid));
const mb = (b) => `${Math.round(b / 1048576)} MB`;
console.log(
  `server memory (RSS${database && process.env.WORKERS > 1 ? ", all processes" : ""}): ${mb(started)} just after the start, ${mb(rest)} at rest, ${mb(peak)} at peak`,
);
const failed = rows.filter((r) => r.errors > 0 || r.p99 > P99_LIMIT);
if (failed.length) console.log(`FAILED: ${failed.map((r) => r.name).join(", ")} (errors, or p99 over ${P99_LIMIT} ms)`);
await finish(failed.length ? 1 : 0);
