// Load on the API: a few read endpoints hammered with concurrent requests against a server on a fresh database.
//   node scripts/load.mjs [seconds per endpoint, default 5] [concurrency, default 20]
// Prints requests a second and latency percentiles; fails on any non-2xx answer or a p95 above LOAD_P95_MS (1000).
import { startTempServer } from "./temp-server.mjs";

const PORT = Number(process.env.LOAD_PORT ?? 8098);
const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 20);

const { base: origin, stop } = await startTempServer(PORT, { LOGIN_RATE_LIMIT: "1000" });
const base = `${origin}/api`;

const signIn = async (identifier) => {
  const res = await fetch(`${base}/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password: "Demo@1234" }),
  });
  return (await res.json()).access_token;
};
const manager = await signIn("manager@demo.om");
const technician = await signIn("tech@demo.om");

async function hammer(name, path, token) {
  const times = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch(`${base}/${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (!res.ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  const p95 = Number(p(0.95));
  console.log(
    `${name.padEnd(28)} ${(times.length / SECONDS).toFixed(0).padStart(6)} req/s   p50 ${p(0.5)} ms   p95 ${p95} ms   p99 ${p(0.99)} ms   errors ${errors}`,
  );
  return errors === 0 && p95 <= Number(process.env.LOAD_P95_MS ?? 1000);
}

console.log(`${CONCURRENCY} concurrent clients, ${SECONDS} s each, one process, embedded database`);
const results = [
  await hammer("GET /company/staffs page 1", "company/staffs?page_num=1", manager),
  await hammer("GET /company/staffs page 3", "company/staffs?page_num=3", manager),
  await hammer("GET /issue/jobs open", "issue/jobs?status=open&page_num=1", technician),
  await hammer("GET /place/search musc", "place/search?keyword=musc", technician),
  await hammer("GET /get_email_mob", "get_email_mob", technician),
];
stop();
process.exit(results.every(Boolean) ? 0 : 1);
