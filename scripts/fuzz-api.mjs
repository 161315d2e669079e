// Malformed requests to every API route (as the server lists them, scripts/api-routes.ts), signed out, with a bogus
// token and as each demo account: numbers that are not, out of range or in other scripts in the query and the path,
// bodies that are not JSON or not objects, and each known field given the wrong type, empty, huge, a NUL or an emoji.
// "Bad input gets a clear error and loses nothing": any 5xx (but a 503 with a detail), a 4xx without a `detail`, a
// request whose connection failed, an error in the server's log, or a server that stops answering is a finding; the
// script prints them and fails. Needs the app's build (npm run build); builds the server itself.
//
//   npm run fuzz                 (a fixed sample: FUZZ_PER 60 requests per route and identity; under a minute)
//   FUZZ_ALL=1 npm run fuzz      (every combination: about 700,000 requests, about seven minutes)
//   FUZZ_PER=200 FUZZ_SEED=7 npm run fuzz
//   FUZZ_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/db npm run fuzz   (on PostgreSQL; the role needs CREATEDB)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { freshDatabase, signInDemo, startTempServer } from "./temp-server.mjs";

const ALL = process.env.FUZZ_ALL === "1";
const PER = Number(process.env.FUZZ_PER ?? 60);
const PORT = Number(process.env.FUZZ_PORT ?? 8391);
const CONCURRENCY = 16;

// mulberry32: the same sample on every run with the same seed.
let seed = Number(process.env.FUZZ_SEED ?? 1) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sample = (list, n) => {
  if (ALL || list.length <= n) return list;
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
};

// The server as npm run serve runs it (its bundle, built now), with the app's build (the OAuth callback serves its page).
if (!existsSync("dist/index.html")) {
  console.error("Run npm run build first: the server serves the app's build, and answers 503 without it.");
  process.exit(1);
}
await (await import("./build-server.mjs")).buildServer();
const routes = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "scripts/api-routes.ts"], { encoding: "utf8" }));
const serverErrors = [];
// PostgreSQL with FUZZ_DATABASE_URL: a fresh database beside the URL's one (fixit_fuzz_<pid>, dropped at the end).
const fresh = process.env.FUZZ_DATABASE_URL ? await freshDatabase(process.env.FUZZ_DATABASE_URL, "fixit_fuzz") : null;
const server = await startTempServer(PORT, fresh ? { DATABASE_URL: fresh.url } : {}, {
  compiled: true,
  log: (d) => {
    for (const line of String(d).split("\n"))
      if (/"msg":"(unhandled error|database unavailable)"|^\s+at |Error:/.test(line)) serverErrors.push(line.replace(/"time":"[^"]*",/, "").slice(0, 300));
  },
});
const base = `${server.base}/api`;

// Sign-ins are limited to 10 a minute from one address (D9); this script signs in five times per run.
const identities = { "signed out": null, "a bogus token": "not-a-token" };
for (const who of ["owner", "tech", "manager", "tenant", "freelance"]) identities[who] = (await signInDemo(server.base, `${who}@demo.om`)).access_token;

const WEIRD = ["abc", "-1", "0", "99999999999999999999", "1e3", "1.5", "", "0x10", " 1", "1,2", "\u0000", "[]", "null", "٣", "../../etc/passwd", "😀"];
const QUERY = [
  "issue_id",
  "property_id",
  "unit_id",
  "media_id",
  "file_id",
  "page",
  "size",
  "status",
  "month",
  "from",
  "to",
  "q",
  "lang",
  "token",
  "kind",
  "tab",
  "tech_id",
  "user_id",
  "code",
  "lat",
  "lng",
];
const HUGE = "x".repeat(200_000);
const VALUES = [
  null,
  "",
  "abc",
  -1,
  0,
  1.5,
  1e308,
  1e20,
  true,
  [],
  {},
  [1, "a"],
  { x: 1 },
  HUGE,
  "\u0000",
  "😀".repeat(50),
  "2026-02-30",
  "25:99",
  "<script>alert(1)</script>",
  "' or 1=1 --",
];
const FIELDS = [
  "issue_id",
  "property_id",
  "unit_id",
  "tech_id",
  "title",
  "desc",
  "category",
  "emergency",
  "presence",
  "available",
  "slot",
  "date",
  "time_from",
  "time_to",
  "reason",
  "rating",
  "comment",
  "note",
  "notes",
  "parts",
  "costs",
  "name",
  "email",
  "mob_no",
  "cntry_code",
  "password",
  "new_password",
  "old_password",
  "code",
  "identifier",
  "role",
  "units",
  "type",
  "lat",
  "lng",
  "city",
  "country",
  "skills",
  "language",
  "languages",
  "job_title",
  "area_range",
  "ids",
  "endpoint",
  "keys",
  "settings",
  "taking_jobs",
  "start_date",
  "end_date",
  "token",
  "otp",
  "media_id",
  "kind",
  "signature",
  "minutes",
  "follow_up",
  "damage",
  "company_name",
  "message",
  "stack",
  "url",
  "addrs",
  "location",
];
const BODIES = [
  ["text/plain", "hello"],
  ["application/json", "{"],
  ["application/json", "null"],
  ["application/json", "[]"],
  ["application/json", '"s"'],
  ["application/json", "12"],
  ["application/json", JSON.stringify({ a: { b: { c: [1, 2, { d: null }] } } })],
  ["application/x-www-form-urlencoded", "a=1&b=2"],
  ["multipart/form-data", "--x--"],
  ["image/jpeg", "not a jpeg"],
  ["application/json", "[".repeat(5000)],
];

/** What one route is sent by one identity: functions that make [path with query, init] when sent (a run holds no bodies). */
function requestsFor(method, path) {
  const out = [];
  const at = (params) => path.replace(/:(\w+)/g, (_, name) => encodeURIComponent(params?.[name] ?? "1"));
  const ids = "issue_id=1&property_id=1&unit_id=1";
  for (const name of QUERY) for (const w of WEIRD) out.push(() => [`${at()}?${name}=${encodeURIComponent(w)}`, {}]);
  for (const name of path.match(/:(\w+)/g) ?? []) for (const w of WEIRD) out.push(() => [`${at({ [name.slice(1)]: w })}`, {}]);
  if (method !== "GET") {
    for (const [type, body] of BODIES) out.push(() => [`${at()}?${ids}`, { headers: { "Content-Type": type }, body }]);
    for (const field of FIELDS)
      for (const v of VALUES) out.push(() => [`${at()}?${ids}`, { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ [field]: v }) }]);
  }
  return sample(out, PER);
}

const findings = new Map();
let sent = 0;
async function send(method, path, who, request) {
  sent++;
  const [url, init] = request();
  const headers = { ...init.headers, "Idempotency-Key": `fuzz-${sent}` };
  if (identities[who]) headers.Authorization = `Bearer ${identities[who]}`;
  const what = `${method} ${path}`;
  const detail = `${who}: ${method} ${url.slice(0, 120)}${init.body ? ` ${String(init.body).slice(0, 80)}` : ""}`;
  let res;
  try {
    res = await fetch(`${server.base}${url}`, { method, ...init, headers });
  } catch (e) {
    findings.set(`${what}: no answer (${e.cause?.code ?? e.message})`, detail);
    return;
  }
  const text = await res.text();
  // 503 with a detail is a refusal too: a feature this server is not set up for (Google sign-in without its keys).
  if (res.status >= 500 && !(res.status === 503 && /"detail":"[^"]/.test(text))) findings.set(`${what}: ${res.status} ${text.slice(0, 120)}`, detail);
  else if (res.status >= 400) {
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    if (typeof json?.detail !== "string" || !json.detail) findings.set(`${what}: ${res.status} without a detail: ${text.slice(0, 80)}`, detail);
  }
}

const jobs = [];
for (const [method, path] of routes) {
  // Signing out ends the session the rest of the run needs.
  if (path === "/api/user/logout" || path === "/api/user/account") continue;
  for (const who of Object.keys(identities)) for (const request of requestsFor(method, path)) jobs.push([method, path, who, request]);
}
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) await send(...jobs[next++]);
  }),
);
const alive = await fetch(`${base}/health`).then(
  (r) => r.ok,
  () => false,
);
if (!alive) findings.set("the server no longer answers /api/health", "after the run");
for (const line of new Set(serverErrors)) findings.set(`the server logged an error: ${line}`, "");
server.stop();
if (fresh) {
  await server.stopped();
  await fresh.drop();
}

console.log(
  `${sent} malformed requests${fresh ? " on PostgreSQL" : ""} to ${routes.length} routes as ${Object.keys(identities).length} identities in ${((performance.now() - started) / 1000).toFixed(0)} s${ALL ? "" : ` (sample of ${PER} per route and identity, seed ${process.env.FUZZ_SEED ?? 1})`}: ${findings.size} findings`,
);
for (const [what, example] of findings) console.log(`  ${what}\n      e.g. ${example}`);
process.exit(findings.size ? 1 : 0);
