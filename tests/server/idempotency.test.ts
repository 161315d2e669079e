// Idempotency keys (issue 15, D23, D25): a repeated key answers the same and writes once, also for 20 repeats at once;
// a key reused with another body or query is refused; a key whose first attempt failed can be sent again.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import ar from "../../server/i18n/ar.json";
import en from "../../server/i18n/en.json";
import type { Db } from "../../server/db/db";
import { type AuthedEnv, requireAuth } from "../../server/lib/auth";
import { clock } from "../../server/lib/clock";
import { HttpError } from "../../server/lib/http";
import { langOf } from "../../server/lib/i18n";
import { idempotent } from "../../server/lib/idempotency";
import { diskStorage } from "../../server/lib/storage";
import { resetDb, testApp, testDb } from "./helpers";
import { NOW, type RepairWorld, jpeg, repairWorld, report } from "./repair-helpers";

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await testDb();
  dir = await mkdtemp(join(tmpdir(), "fixit-idempotency-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.close();
});
beforeEach(async () => {
  await resetDb(db);
  await rm(dir, { recursive: true, force: true });
  clock.set(NOW);
});
afterEach(() => clock.set());

const AR = { "accept-language": "ar" };
const KEY = "0b7c2f4e-1d3a-4c5b-9e8f-7a6b5c4d3e2f";
const key = (k = KEY) => ({ "idempotency-key": k });

const client = () => testApp(db, { storage: diskStorage(dir) });
const comments = async () => (await db.query<{ n: number }>("select count(*)::int as n from issue_events where kind = 'comment'")).rows[0].n;
const keyRows = async () => (await db.query<{ state: string; status: number | null }>("select state, status from idempotency_keys")).rows;
const storedFiles = async () => {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
};

/** The tenant's reported leak. */
async function reported(w: RepairWorld) {
  const res = await client().json("POST", "/api/issue/issue", report(w), w.t.tenant);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { issue_id: number } }).data.issue_id;
}

/** POST /issue/comment, a real route behind idempotent(). */
const comment = (issueId: number, text: string, token: string, headers: Record<string, string> = {}) =>
  client().json("POST", `/api/issue/comment?issue_id=${issueId}`, { body: text }, token, headers);

describe("POST /issue/comment with an Idempotency-Key", () => {
  it("a repeat answers the first answer, marked replayed, and comments once", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const first = await comment(id, "The water is back.", w.t.tenant, key());
    expect(first.status).toBe(201);
    const again = await comment(id, "The water is back.", w.t.tenant, key());
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await again.json()).toEqual(await first.json());
    expect(await comments()).toBe(1);
    expect(await keyRows()).toEqual([{ state: "done", status: 201 }]);
  });

  it("20 repeats at once: one comment, and all 20 answer the same status and body", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const answers = await Promise.all(Array.from({ length: 20 }, () => comment(id, "Sent twenty times.", w.t.tenant, key())));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    expect(await comments()).toBe(1);
  });

  it("the same key with another body, another issue (query) or another route is refused with 422, in the caller's language", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const other = await reported(w);
    expect((await comment(id, "First words.", w.t.tenant, key())).status).toBe(201);
    const changed = await comment(id, "Other words.", w.t.tenant, key());
    expect(changed.status).toBe(422);
    expect((await changed.json()).detail).toBe(en.idempotencyReused);
    const elsewhere = await comment(other, "First words.", w.t.tenant, { ...key(), ...AR });
    expect(elsewhere.status).toBe(422);
    expect((await elsewhere.json()).detail).toBe(ar.idempotencyReused);
    const route = await client().json("POST", "/api/issue/issue", report(w), w.t.tenant, key());
    expect(route.status).toBe(422);
    expect((await route.json()).detail).toBe(en.idempotencyKey);
    expect(await comments()).toBe(1);
    // The first request still replays.
    expect((await comment(id, "First words.", w.t.tenant, key())).headers.get("idempotent-replayed")).toBe("true");
  });

  it("the same key from another user is their own request", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const tenant = await (await comment(id, "Same words.", w.t.tenant, key())).json();
    const manager = await comment(id, "Same words.", w.t.manager, key());
    expect(manager.status).toBe(201);
    expect(manager.headers.get("idempotent-replayed")).toBeNull();
    expect((await manager.json()).data.event_id).not.toBe(tenant.data.event_id);
    expect(await comments()).toBe(2);
  });

  it("a refusal (4xx) stores nothing: the same key runs again once the cause is gone", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    // An empty comment is refused; the fixed one with the same key is a new request, not a 422.
    expect((await comment(id, "", w.t.tenant, key())).status).toBe(422);
    expect(await keyRows()).toEqual([]);
    expect((await comment(id, "Now with words.", w.t.tenant, key())).status).toBe(201);
    expect(await comments()).toBe(1);
  });

  it("a key kept longer than 24 hours no longer replays: the request runs again", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    expect((await comment(id, "Yesterday.", w.t.tenant, key())).status).toBe(201);
    await db.query("update idempotency_keys set created_at = now() - interval '25 hours'");
    const later = await comment(id, "Yesterday.", w.t.tenant, key());
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await comments()).toBe(2);
  });
});

describe("POST /issue/media with an Idempotency-Key (raw bytes)", () => {
  const upload = (issueId: number, bytes: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, token: string, headers: Record<string, string> = {}) =>
    client().app.request(`/api/issue/media?issue_id=${issueId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...headers },
      body: bytes,
      ...(bytes instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  const streamOf = (bytes: Uint8Array) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        // Two chunks and no Content-Length: a chunked upload.
        controller.enqueue(bytes.slice(0, 5));
        controller.enqueue(bytes.slice(5));
        controller.close();
      },
    });

  it("the route still reads the bytes; a repeat replays; other bytes with the same key are refused", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const first = await upload(id, jpeg(), w.t.tenant, key());
    expect(first.status).toBe(201);
    const again = await upload(id, jpeg(), w.t.tenant, key());
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    const other = await upload(id, jpeg(64), w.t.tenant, { ...key(), ...AR });
    expect(other.status).toBe(422);
    expect((await other.json()).detail).toBe(ar.idempotencyReused);
    expect(await storedFiles()).toBe(1);
  });

  it("a chunked upload (no Content-Length) is read once for the key and again by the route", async () => {
    const w = await repairWorld(db);
    const id = await reported(w);
    const first = await upload(id, streamOf(jpeg(32)), w.t.tenant, key());
    expect(first.status).toBe(201);
    const again = await upload(id, streamOf(jpeg(32)), w.t.tenant, key());
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).data.media_id).toBe((await first.json()).data.media_id);
    expect((await upload(id, streamOf(jpeg(33)), w.t.tenant, key())).status).toBe(422);
    // Without a key the same route reads a chunked body as before.
    expect((await upload(id, streamOf(jpeg(32)), w.t.tenant)).status).toBe(201);
    expect(await storedFiles()).toBe(2);
  });
});

describe("the middleware on its own", () => {
  /**
   * A tiny app with one route behind requireAuth and idempotent(): `handle` decides the answer each time; `calls`
   * counts how often the write ran.
   */
  function tiny(handle: (c: { req: { json(): Promise<unknown>; arrayBuffer(): Promise<ArrayBuffer> } }, n: number) => Promise<Response>, waitMs?: number) {
    const state = { calls: 0 };
    const app = new Hono<AuthedEnv>();
    app.use(async (c, next) => {
      c.set("db", db);
      c.set("log", () => undefined);
      await next();
    });
    app.onError((err, c) => {
      if (err instanceof HttpError) {
        for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
        return c.json(err.body(langOf(c.req.header("accept-language"))), err.status);
      }
      return c.json({ detail: "boom" }, 500);
    });
    app.post("/write", requireAuth(), idempotent({ waitMs }), async (c) => handle(c, ++state.calls));
    const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request("/write", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...key(), ...headers },
        body: JSON.stringify(body),
      });
    return { state, post };
  }

  it("a thrown error or a 5xx stores nothing: the same key can be sent again and then runs", async () => {
    const w = await repairWorld(db);
    const { state, post } = tiny(async (_c, n) => {
      if (n === 1) throw new Error("the disk is full");
      if (n === 2) return Response.json({ detail: "unavailable" }, { status: 503 });
      return Response.json({ n }, { status: 201 });
    });
    expect((await post(w.t.tenant, { a: 1 })).status).toBe(500);
    expect(await keyRows()).toEqual([]);
    expect((await post(w.t.tenant, { a: 1 })).status).toBe(503);
    expect(await keyRows()).toEqual([]);
    const ok = await post(w.t.tenant, { a: 1 });
    expect([ok.status, await ok.json()]).toEqual([201, { n: 3 }]);
    const again = await post(w.t.tenant, { a: 1 });
    expect([again.status, await again.json()]).toEqual([201, { n: 3 }]);
    expect(state.calls).toBe(3);
  });

  it("the route reads the JSON body after the key's hash was taken", async () => {
    const w = await repairWorld(db);
    const { post } = tiny(async (c) => Response.json({ got: await c.req.json() }));
    expect(await (await post(w.t.tenant, { text: "مرحبا", n: 2 })).json()).toEqual({ got: { text: "مرحبا", n: 2 } });
  });

  it("20 at once on a slow write: it runs once and all 20 get its answer", async () => {
    const w = await repairWorld(db);
    const { state, post } = tiny(async (_c, n) => {
      await new Promise((r) => setTimeout(r, 200));
      return Response.json({ n }, { status: 201 });
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(w.t.tenant, { a: 1 })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual(Array(20).fill({ n: 1 }));
    expect(state.calls).toBe(1);
  });

  it("a repeat that waits longer than its cap answers 409 with Retry-After, then the answer once it is stored", async () => {
    const w = await repairWorld(db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { state, post } = tiny(async (_c, n) => {
      await gate;
      return Response.json({ n }, { status: 201 });
    }, 150);
    const first = post(w.t.tenant, { a: 1 });
    // The first has the key (on PostgreSQL the two could otherwise race for it).
    while ((await keyRows()).length === 0) await new Promise((r) => setTimeout(r, 5));
    const waiting = await post(w.t.tenant, { a: 1 }, AR);
    expect(waiting.status).toBe(409);
    expect(waiting.headers.get("retry-after")).toBe("2");
    expect((await waiting.json()).detail).toBe(ar.idempotencyPending);
    // Another body is refused at once, even while the first is running.
    expect((await post(w.t.tenant, { a: 2 })).status).toBe(422);
    release();
    expect((await first).status).toBe(201);
    const after = await post(w.t.tenant, { a: 1 });
    expect([after.status, after.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(state.calls).toBe(1);
  });

  it("a pending key left by a request that died is taken over after 2 minutes", async () => {
    const w = await repairWorld(db);
    const { state, post } = tiny(async (_c, n) => Response.json({ n }, { status: 201 }), 100);
    const hash = createHash("sha256")
      .update(JSON.stringify({ a: 1 }))
      .digest("hex");
    await db.query(
      `insert into idempotency_keys (user_id, key, route, query, body_hash, state, token, created_at)
       values ($1, $2, 'POST /write', '', $3, 'pending', 'dead', now() - interval '1 minute')`,
      [w.tenant.user_id, KEY, hash],
    );
    expect((await post(w.t.tenant, { a: 1 })).status).toBe(409);
    await db.query("update idempotency_keys set created_at = now() - interval '3 minutes'");
    expect((await post(w.t.tenant, { a: 1 })).status).toBe(201);
    expect(state.calls).toBe(1);
  });
});
