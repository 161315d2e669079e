import { describe, expect, it } from "vitest";
import { createUploadQueue, progressOf, type Send } from "../../src/lib/upload-queue";

/** A send whose answers the test decides, one deferred promise per call, in the order of the calls. */
function controlled() {
  const calls: { file: string; key: string; resolve: (v?: unknown) => void; reject: (e: unknown) => void }[] = [];
  const send: Send<string> = (file, key) => new Promise((resolve, reject) => calls.push({ file, key, resolve, reject }));
  return { calls, send };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const states = (q: { items: readonly { id: string; state: string }[] }) => q.items.map((i) => `${i.id}:${i.state}`);

describe("upload queue", () => {
  it("sends one file per request, in turn, each with its own key", async () => {
    const { calls, send } = controlled();
    let n = 0;
    const q = createUploadQueue<string>({ idOf: (f) => f, newKey: () => `key-${++n}`, send });
    q.add(["a.jpg", "b.jpg", "c.jpg"]);
    await tick();
    // Only the first is on its way; the others wait their turn.
    expect(calls.map((c) => c.file)).toEqual(["a.jpg"]);
    expect(states(q)).toEqual(["a.jpg:sending", "b.jpg:waiting", "c.jpg:waiting"]);
    calls[0].resolve();
    await tick();
    calls[1].resolve();
    await tick();
    calls[2].resolve();
    await q.idle();
    expect(calls.map((c) => [c.file, c.key])).toEqual([
      ["a.jpg", "key-1"],
      ["b.jpg", "key-2"],
      ["c.jpg", "key-3"],
    ]);
    expect(progressOf(q.items)).toEqual({ sent: 3, failed: 0, total: 3, busy: false });
  });

  it("goes on with the rest after a failure and says 2 of 3 sent", async () => {
    const q = createUploadQueue<string>({
      idOf: (f) => f,
      errorOf: (e) => (e as Error).message,
      send: async (f) => {
        if (f === "b.jpg") throw new Error("Storage is unavailable.");
      },
    });
    q.add(["a.jpg", "b.jpg", "c.jpg"]);
    await q.idle();
    expect(states(q)).toEqual(["a.jpg:sent", "b.jpg:failed", "c.jpg:sent"]);
    expect(q.items[1].error).toBe("Storage is unavailable.");
    expect(progressOf(q.items)).toMatchObject({ sent: 2, failed: 1, total: 3, busy: false });
  });

  it("retries the failed file alone, with the key of its first attempt", async () => {
    const sent: [string, string][] = [];
    let fail = true;
    const q = createUploadQueue<string>({
      idOf: (f) => f,
      send: async (f, key) => {
        sent.push([f, key]);
        if (f === "b.jpg" && fail) throw new Error("dropped");
      },
    });
    q.add(["a.jpg", "b.jpg", "c.jpg"]);
    await q.idle();
    const firstKey = sent.find(([f]) => f === "b.jpg")?.[1];
    fail = false;
    await expect(q.retry("b.jpg")).resolves.toBe(true);
    expect(sent.map(([f]) => f)).toEqual(["a.jpg", "b.jpg", "c.jpg", "b.jpg"]);
    expect(sent[3][1]).toBe(firstKey);
    expect(states(q)).toEqual(["a.jpg:sent", "b.jpg:sent", "c.jpg:sent"]);
  });

  it("resolves a retry that fails again with false and keeps the error", async () => {
    const q = createUploadQueue<string>({ errorOf: () => "Not sent", send: () => Promise.reject(new Error("x")) });
    const [id] = q.add(["a.jpg"]);
    await q.idle();
    await expect(q.retry(id)).resolves.toBe(false);
    expect(q.items[0]).toMatchObject({ state: "failed", error: "Not sent" });
  });

  it("does not resend a file that was sent when retry is called on it", async () => {
    let count = 0;
    const q = createUploadQueue<string>({ send: async () => void count++ });
    const [id] = q.add(["a.jpg"]);
    await q.idle();
    await expect(q.retry(id)).resolves.toBe(true);
    expect(count).toBe(1);
  });

  it("takes files added while others are sending after them, and each add may send elsewhere", async () => {
    const { calls, send } = controlled();
    const other: string[] = [];
    const q = createUploadQueue<string>({ idOf: (f) => f, send });
    q.add(["a.jpg"]);
    q.add(["b.jpg"], async (f) => void other.push(f));
    await tick();
    calls[0].resolve();
    await q.idle();
    expect(calls.map((c) => c.file)).toEqual(["a.jpg"]);
    expect(other).toEqual(["b.jpg"]);
  });

  it("tells its subscribers of each change and stops when they unsubscribe", async () => {
    const q = createUploadQueue<string>({ send: async () => undefined });
    const seen: string[][] = [];
    const stop = q.subscribe(() => seen.push(q.items.map((i) => i.state)));
    q.add(["a.jpg"]);
    await q.idle();
    expect(seen).toEqual([["waiting"], ["sending"], ["sent"]]);
    stop();
    q.reset();
    expect(seen).toHaveLength(3);
  });

  it("removes a failed file, and forgets everything on reset without a late answer landing", async () => {
    const { calls, send } = controlled();
    const q = createUploadQueue<string>({ idOf: (f) => f, send });
    q.add(["a.jpg", "b.jpg"]);
    await tick();
    calls[0].reject(new Error("x"));
    await tick();
    q.remove("a.jpg");
    expect(q.items.map((i) => i.id)).toEqual(["b.jpg"]);
    q.reset();
    q.add(["b.jpg"]);
    // The answer to the first b.jpg (dropped by reset) must not mark the new one sent.
    calls[1].resolve();
    await tick();
    expect(q.items).toHaveLength(1);
    expect(q.items[0].state).not.toBe("sent");
    calls[2].resolve();
    await q.idle();
    expect(q.items[0].state).toBe("sent");
  });

  it("is idle at once with nothing to send", async () => {
    const q = createUploadQueue<string>();
    await expect(q.idle()).resolves.toBeUndefined();
    expect(progressOf(q.items)).toEqual({ sent: 0, failed: 0, total: 0, busy: false });
  });
});
