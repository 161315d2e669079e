import { createApi, setApi } from "../../src/api/client";
import type { Issue } from "../../src/contract/issues";
import type { TimelineEntry } from "../../src/contract/repairs";
import { issue } from "./issues-helpers";

export { issue } from "./issues-helpers";
export { json } from "./fake-api";

/** One call the app made; `body` is parsed JSON, or for a file upload the raw bytes' size and the headers. */
export interface RepairCall {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  body: unknown;
  bytes: number;
}
type Answer = (call: RepairCall) => Response | Promise<Response>;

/**
 * A fake server like fake-api.ts's, that also takes raw uploads (POST /issue/media sends a photo's bytes, not JSON):
 * `handle` maps "METHOD path" to an answer; unmapped calls get a 500.
 */
/** Reads a screen makes beside what a test is about (the job's timeline): answered empty and not listed, unless the test maps them. */
const BACKGROUND: Record<string, Answer> = {
  "GET issue/timeline": () => new Response(JSON.stringify({ status: 1, data: [] }), { headers: { "content-type": "application/json" } }),
};

export function fakeRepairApi(handle: Record<string, Answer>) {
  const calls: RepairCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const raw = new Uint8Array(await req.arrayBuffer());
    const isJson = (req.headers.get("content-type") ?? "").includes("json");
    const call: RepairCall = {
      method: req.method,
      path: url.pathname.replace(/^\/api\//, ""),
      params: url.searchParams,
      headers: req.headers,
      body: isJson && raw.length ? JSON.parse(new TextDecoder().decode(raw)) : undefined,
      bytes: raw.length,
    };
    const key = `${call.method} ${call.path}`;
    if (!handle[key] && BACKGROUND[key]) return BACKGROUND[key](call);
    calls.push(call);
    const answer = handle[key];
    return answer ? answer(call) : new Response(JSON.stringify({ detail: "no fake route" }), { status: 500, headers: { "content-type": "application/json" } });
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}

/** An issue as a server of issue 11 sends it: the stage, the caller's actions and the agreed visit. */
export const repair = (over: Partial<Issue> = {}): Issue =>
  issue({
    stage: "reported",
    actions: [],
    visit: null,
    tech_available: [],
    unit_id: 11,
    unit_name: "101",
    tech_name: null,
    tech_mob_no: null,
    emergency: false,
    category: 1,
    ...over,
  });

export const event = (over: Partial<TimelineEntry> & { event_id: number; kind: string }): TimelineEntry => ({
  from_stage: null,
  to_stage: null,
  note: null,
  actor_name: "Salim Al Harthy",
  mine: false,
  created_at: "2026-11-20T08:30:00.000Z",
  images: [],
  ...over,
});

/** A tiny real JPEG (SOI, SOF0 of 4×3 pixels, a scan, EOI): small and upright, so the app sends it as it is. */
export function tinyJpeg(name = "leak.jpg") {
  const seg = (marker: number, data: number[]) => [0xff, marker, 0, data.length + 2, ...data];
  const bytes = new Uint8Array([0xff, 0xd8, ...seg(0xc0, [8, 0, 3, 0, 4, 1, 1, 0x11, 0]), ...seg(0xda, [1, 1, 0, 0, 63, 0]), 0x12, 0x34, 0xff, 0xd9]);
  return new File([bytes], name, { type: "image/jpeg" });
}
