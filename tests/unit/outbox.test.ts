// The outbox (issue 15, D23): entries go in order, each step retried with its own key until an answer comes, a 4xx
// refuses the entry with the server's sentence and keeps it, a later step takes an id from an earlier answer, files go
// as raw bodies, and nothing is lost by a reload (a new outbox on the same store, IndexedDB included).
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type NewEntry,
  type Outbox,
  type OutboxOptions,
  type OutboxRequest,
  type OutboxResponse,
  type OutboxStore,
  apiTransport,
  createOutbox,
  fileOf,
  idbStore,
  isNetworkFailure,
  memoryStore,
  moveStep,
} from "../../src/lib/outbox";
import { createApi, setApi } from "../../src/api/client";
import { fakeRepairApi, json } from "../views/repair-helpers";

const opened: Outbox[] = [];
// A fresh IndexedDB of the file's own (fake-indexeddb), taken back after it (tests/setup.ts): other files run without one.
beforeAll(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.stubGlobal("IDBKeyRange", IDBKeyRange);
});

afterEach(() => {
  for (const o of opened.splice(0)) o.close();
  setApi(createApi());
});

type Handler = (r: OutboxRequest) => OutboxResponse | Promise<OutboxResponse>;
/** A fake server: records every request (the body's bytes for a file), answers with `handle`. */
function fakeServer(handle: Handler) {
  const requests: (OutboxRequest & { bytes?: number[] })[] = [];
  const send = async (r: OutboxRequest) => {
    requests.push({ ...r, ...(r.body ? { bytes: [...new Uint8Array(await r.body.arrayBuffer())] } : {}) });
    return handle(r);
  };
  return { requests, send };
}
const ok = (body: unknown = { message: "Done.", status: 1 }): OutboxResponse => ({ status: 200, body });
const offline = () => Promise.reject(new TypeError("Failed to fetch"));

function outbox(send: OutboxOptions["send"], store: OutboxStore = memoryStore(), extra: Partial<OutboxOptions> = {}) {
  const o = createOutbox({ store, send, delay: () => 5, sentMs: 1000, ...extra });
  opened.push(o);
  return o;
}
const accept = (issueId: number, key = `key-accept-${issueId}`): NewEntry => ({
  kind: "accept",
  issueId,
  label: "Kitchen sink leaking",
  steps: [moveStep("accept", issueId, key)],
});
const states = (o: Outbox) => o.items().map((i) => i.state);
/** vi.waitFor checking every 5 ms rather than 50: what it waits for is a few promises away. */
const SOON = { interval: 5 };

describe("sending", () => {
  it("sends the entries in the order they were made, and each entry's steps in order", async () => {
    const server = fakeServer(() => ok());
    const o = outbox(server.send, memoryStore(), { canSend: () => false });
    await o.add(accept(1));
    await o.add({ kind: "hold", issueId: 2, steps: [moveStep("start", 2, "key-start-2"), moveStep("hold", 2, "key-hold-2", { reason: "A part" })] });
    await o.add(accept(3));
    expect(server.requests).toHaveLength(0);
    expect(states(o)).toEqual(["waiting", "waiting", "waiting"]);

    const o2 = outbox(server.send, memoryStore());
    for (const e of [accept(1), accept(3)]) await o2.add(e, { later: true });
    await o2.flush();
    expect(server.requests.map((r) => [r.method, r.path, r.query.issue_id, r.headers["Idempotency-Key"]])).toEqual([
      ["post", "issue/accept", "1", "key-accept-1"],
      ["post", "issue/accept", "3", "key-accept-3"],
    ]);
  });

  it("sends a move's JSON body with its key, and says sent, then forgets it", async () => {
    const server = fakeServer(() => ok({ message: "Work on hold.", status: 1, data: { issue_id: 2, held_at: "x" } }));
    const store = memoryStore();
    const o = outbox(server.send, store, { sentMs: 30 });
    const sent = vi.fn();
    o.onSent(sent);
    await o.add({ kind: "hold", issueId: 2, steps: [moveStep("hold", 2, "key-hold-2", { reason: "Waiting for a part" })] }, { later: true });
    await o.flush();
    expect(server.requests[0]).toMatchObject({ json: { reason: "Waiting for a part" }, headers: { "Idempotency-Key": "key-hold-2" } });
    expect(states(o)).toEqual(["sent"]);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][0]).toMatchObject({ kind: "hold", issueId: 2, answer: { data: { issue_id: 2 } } });
    expect(await store.all()).toEqual([]);
    await vi.waitFor(() => expect(o.items()).toEqual([]), SOON);
  });

  // Walked: moves made offline were dated when the phone found signal; the server dates them by the press (moves.ts).
  it("sends with each request the time its button was pressed, the same on every retry", async () => {
    let down = 1;
    const server = fakeServer(() => (down-- > 0 ? offline() : ok()));
    const o = outbox(server.send, memoryStore(), { delay: () => 5 });
    const before = Date.now();
    await o.add(accept(4));
    await vi.waitFor(() => expect(states(o)).toEqual(["sent"]), SOON);
    const stamps = server.requests.map((r) => r.headers["X-Done-At"]);
    expect(stamps).toHaveLength(2);
    expect(new Set(stamps).size).toBe(1);
    expect(Date.parse(stamps[0])).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(stamps[0])).toBeLessThanOrEqual(Date.now());
  });

  it("retries a step that got no answer with the same key, pausing longer each time, until it arrives once", async () => {
    let down = 3;
    const server = fakeServer(() => (down-- > 0 ? offline() : ok()));
    const pauses: number[] = [];
    const o = outbox(server.send, memoryStore(), { delay: (n) => (pauses.push(n), 5) });
    await o.add(accept(7));
    await vi.waitFor(() => expect(states(o)).toEqual(["sent"]), SOON);
    expect(server.requests).toHaveLength(4);
    expect(new Set(server.requests.map((r) => r.headers["Idempotency-Key"]))).toEqual(new Set(["key-accept-7"]));
    expect(pauses).toEqual([1, 2, 3]);
  });

  it("stops the pass at a step with no answer, so a later entry never overtakes an earlier one", async () => {
    let down = true;
    const server = fakeServer(() => (down ? offline() : ok()));
    const o = outbox(server.send, memoryStore(), { delay: () => 60_000 });
    await o.add(accept(1), { later: true });
    await o.add(accept(2), { later: true });
    await o.flush();
    expect(server.requests.map((r) => r.query.issue_id)).toEqual(["1"]);
    expect(states(o)).toEqual(["waiting", "waiting"]);
    down = false;
    await o.flush({ now: true });
    expect(server.requests.map((r) => r.query.issue_id)).toEqual(["1", "1", "2"]);
    expect(states(o)).toEqual(["sent", "sent"]);
  });

  it("waits and tries again on 503, 429 and a 409 that says when (a key still being processed), never refusing them", async () => {
    const answers: OutboxResponse[] = [
      { status: 503, body: { detail: "Down." } },
      { status: 429, body: null },
      { status: 409, body: { detail: "Still being processed." }, retryAfter: true },
      ok(),
    ];
    const server = fakeServer(() => answers.shift() as OutboxResponse);
    const o = outbox(server.send);
    await o.add(accept(4));
    await vi.waitFor(() => expect(states(o)).toEqual(["sent"]), SOON);
    expect(server.requests).toHaveLength(4);
  });

  it("holds everything while signed out (401), and while the entry belongs to another account", async () => {
    let status = 401;
    let who = 5;
    const server = fakeServer(() => (status === 401 ? { status, body: { detail: "Please sign in." } } : ok()));
    const o = outbox(server.send, memoryStore(), { userId: () => who });
    await o.add(accept(1), { later: true });
    await o.flush();
    expect(states(o)).toEqual(["waiting"]);
    status = 200;
    who = 6;
    await o.flush();
    expect(server.requests).toHaveLength(1);
    expect(states(o)).toEqual(["waiting"]);
    who = 5;
    await o.flush();
    expect(states(o)).toEqual(["sent"]);
  });
});

describe("refusals", () => {
  it("stops a 4xx entry as refused with the server's detail, keeps it (also in the store), and sends the next", async () => {
    const server = fakeServer((r) => (r.query.issue_id === "1" ? { status: 409, body: { detail: "This job is no longer assigned to you." } } : ok()));
    const store = memoryStore();
    const o = outbox(server.send, store);
    await o.add(accept(1), { later: true });
    await o.add(accept(2), { later: true });
    await o.flush();
    expect(o.items().map((i) => [i.issueId, i.state, i.detail])).toEqual([
      [1, "refused", "This job is no longer assigned to you."],
      [2, "sent", undefined],
    ]);
    expect((await store.all()).map((e) => [e.issueId, e.state, e.detail])).toEqual([[1, "refused", "This job is no longer assigned to you."]]);
    await o.flush();
    expect(server.requests).toHaveLength(2);
  });

  it("sends a refused entry again with the same key when the user asks, and drops it when they say so", async () => {
    let refuse = true;
    const server = fakeServer(() => (refuse ? { status: 422, body: { detail: "Fix this." } } : ok()));
    const store = memoryStore();
    const o = outbox(server.send, store);
    await o.add(accept(1), { later: true });
    await o.add(accept(2), { later: true });
    await o.flush();
    expect(states(o)).toEqual(["refused", "refused"]);
    refuse = false;
    const [first, second] = o.items();
    await o.retry(first.id);
    expect(server.requests.map((r) => r.headers["Idempotency-Key"])).toEqual(["key-accept-1", "key-accept-2", "key-accept-1"]);
    await o.drop(second.id);
    expect(o.items().map((i) => i.issueId)).toEqual([1]);
    expect(await store.all()).toEqual([]);
  });
});

describe("steps that depend on each other, and files", () => {
  const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const report = async (): Promise<NewEntry> => ({
    kind: "report",
    label: "Kitchen sink leaking",
    steps: [
      { method: "post", path: "issue/issue", json: { title: "Kitchen sink leaking" }, key: "key-report" },
      {
        method: "post",
        path: "issue/media",
        from: { issue_id: { step: 0, field: "data.issue_id" } },
        file: await fileOf(new Blob([photo], { type: "image/jpeg" }), "photo.jpg"),
        key: "key-photo-1",
        optional: true,
      },
    ],
  });

  it("takes the new issue's id from the report's answer for its photo, sent as the raw body with its type and name", async () => {
    const server = fakeServer((r) => (r.path === "issue/issue" ? { status: 201, body: { message: "Reported.", data: { issue_id: 77 } } } : ok()));
    const o = outbox(server.send);
    await o.add(await report());
    await vi.waitFor(() => expect(states(o)).toEqual(["sent"]), SOON);
    const [made, media] = server.requests;
    expect(made).toMatchObject({ path: "issue/issue", json: { title: "Kitchen sink leaking" } });
    expect(media).toMatchObject({
      path: "issue/media",
      query: { issue_id: "77" },
      headers: { "Idempotency-Key": "key-photo-1", "Content-Type": "image/jpeg", "X-File-Name": "photo.jpg" },
    });
    expect(media.json).toBeUndefined();
    expect(media.bytes).toEqual([...photo]);
    expect(o.items()[0].issueId).toBe(77);
  });

  it("skips an optional step whose id the answer does not give (SPEC.md's bodiless answer)", async () => {
    const server = fakeServer(() => ({ status: 200, body: null }));
    const o = outbox(server.send);
    await o.add(await report());
    await vi.waitFor(() => expect(states(o)).toEqual(["sent"]), SOON);
    expect(server.requests.map((r) => r.path)).toEqual(["issue/issue"]);
  });

  it("after a reload, resumes at the step that had no answer, with the id the first answer gave", async () => {
    const store = memoryStore();
    let down = false;
    const server = fakeServer((r) => {
      if (r.path === "issue/issue") return { status: 201, body: { data: { issue_id: 78 } } };
      return down ? offline() : ok();
    });
    down = true;
    const before = outbox(server.send, store, { delay: () => 60_000 });
    await before.add(await report());
    await vi.waitFor(() => expect(server.requests).toHaveLength(2), SOON);
    before.close();

    down = false;
    const after = outbox(server.send, store);
    await after.ready;
    expect(after.items().map((i) => [i.kind, i.state, i.done, i.total])).toEqual([["report", "waiting", 1, 2]]);
    await after.flush();
    expect(server.requests.map((r) => [r.path, r.query.issue_id ?? null])).toEqual([
      ["issue/issue", null],
      ["issue/media", "78"],
      ["issue/media", "78"],
    ]);
    expect(server.requests[2].bytes).toEqual([...photo]);
  });
});

describe("persistence", () => {
  it("keeps entries and their files in IndexedDB: a new outbox (a reload) sends what the closed one could not", async () => {
    const name = `fixit-outbox-test-${Math.random()}`;
    const server = fakeServer(() => offline());
    const first = outbox(server.send, idbStore(name), { delay: () => 60_000 });
    await first.add({
      kind: "complete",
      issueId: 9,
      label: "Leak",
      steps: [
        {
          method: "post",
          path: "issue/media",
          query: { issue_id: 9, phase: "after" },
          file: await fileOf(new Blob(["jpeg-bytes"], { type: "image/jpeg" }), "after.jpg"),
          key: "key-after",
        },
        moveStep("complete", 9, "key-complete", { notes: "Fixed" }),
      ],
    });
    first.close();

    const back = fakeServer(() => ok());
    const second = outbox(back.send, idbStore(name));
    await second.ready;
    expect(second.items().map((i) => [i.kind, i.issueId, i.state, i.files])).toEqual([["complete", 9, "waiting", 1]]);
    await second.flush();
    expect(back.requests.map((r) => [r.path, r.headers["Idempotency-Key"]])).toEqual([
      ["issue/media", "key-after"],
      ["issue/complete", "key-complete"],
    ]);
    expect(new TextDecoder().decode(new Uint8Array(back.requests[0].bytes ?? []))).toBe("jpeg-bytes");
    expect(back.requests[1].json).toEqual({ notes: "Fixed" });
    const third = outbox(back.send, idbStore(name));
    await third.ready;
    expect(third.items()).toEqual([]);
  });
});

describe("the app's transport", () => {
  it("goes through the one ky client: the key, the query, JSON or raw bytes, and a 4xx read, not thrown", async () => {
    const calls = fakeRepairApi({
      "POST issue/hold": () => json(200, { message: "Work on hold.", status: 1 }),
      "POST issue/media": () => json(422, { detail: "This file is not a photo." }),
    });
    const held = await apiTransport({
      method: "post",
      path: "issue/hold",
      query: { issue_id: "7" },
      headers: { "Idempotency-Key": "key-1" },
      json: { reason: "Part" },
    });
    expect(held).toEqual({ status: 200, body: { message: "Work on hold.", status: 1 }, retryAfter: false });
    const refused = await apiTransport({
      method: "post",
      path: "issue/media",
      query: { issue_id: "7", phase: "after" },
      headers: { "Idempotency-Key": "key-2", "Content-Type": "image/jpeg" },
      body: new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ detail: "This file is not a photo." });
    expect(calls.map((c) => [c.path, c.params.toString(), c.headers.get("idempotency-key"), c.body ?? c.bytes])).toEqual([
      ["issue/hold", "issue_id=7", "key-1", { reason: "Part" }],
      ["issue/media", "issue_id=7&phase=after", "key-2", 3],
    ]);
  });

  it("tells a lost connection from an answer", async () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new Error("parse"))).toBe(false);
    expect(isNetworkFailure("offline")).toBe(false);
    const httpError = Object.assign(new Error("Request failed"), { name: "HTTPError", response: new Response("", { status: 500 }) });
    expect(isNetworkFailure(httpError)).toBe(false);
  });
});
