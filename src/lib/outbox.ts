// The outbox (D23, issue 15): what a technician or tenant did while the signal was gone is kept on the phone and sent
// when it comes back, once. An entry is one user action made of ordered requests ("steps"): a move, or a report and its
// photos, or the after-photos, the signature and the completion. Each step carries its own Idempotency-Key, made when
// the user pressed the button, and is sent again with that same key until an answer comes, so the server does it once
// (server/lib/idempotency.ts). A later step may take a value from an earlier step's answer (a new report's issue_id for
// its photos). Entries go in order; a step without an answer (no network), or with one that says "try later" (408,
// 429, 5xx, a 409 with Retry-After), stops the pass and it is tried again with growing pauses; any other 4xx stops that
// entry as refused, with the server's sentence, kept until the user sends it again or drops it; 401 waits for the user
// to sign in again. Entries and their files live in IndexedDB (idb-keyval; memory where it is missing), so a reload,
// a closed tab or a restarted phone loses nothing. Sent on `online`, on app open, when the app comes back to the front,
// and through Background Sync where the browser has it (src/sw.ts asks the open windows to send).
//
// `createOutbox` is the engine, free of the app (tests give it a fake transport and store); `getOutbox`/`startOutbox`
// wire it to the app's one ky client, the session and src/signals/outbox.ts. This module is loaded after the first
// screen (src/main.tsx) and by the screens that queue; the first load carries only the signals.
import { effect } from "@preact/signals-react";
import { createStore, del, entries as idbEntries, set as idbSet } from "idb-keyval";
import { IDEMPOTENCY_HEADER, api, isHttpError } from "../api/client";
import { online } from "../signals/connectivity";
import { SYNC_MESSAGE, SYNC_TAG } from "./outbox-sync";
import { type OutboxItem, type OutboxKind, type OutboxState, setOutboxItems, setOutboxOwner } from "../signals/outbox";
import { token, user } from "../signals/session";

export type { OutboxItem, OutboxKind, OutboxState } from "../signals/outbox";

export type Method = "post" | "put" | "patch" | "delete";

/** A file kept for an upload step: its bytes (an ArrayBuffer stores in every browser's IndexedDB), type and name. */
export interface OutboxFile {
  data: ArrayBuffer;
  type: string;
  name: string;
}

/** One request of an entry. */
export interface OutboxStep {
  method: Method;
  /** Below the API's prefix, without the query: "issue/accept". */
  path: string;
  query?: Record<string, string | number>;
  /** Query values taken from an earlier step's answer: name → that step's index and a dotted path ("data.issue_id"). */
  from?: Record<string, { step: number; field: string }>;
  /** A JSON body. */
  json?: unknown;
  /** Or a file as the raw body (D21: one file per request). */
  file?: OutboxFile;
  /** Its Idempotency-Key: the same on every attempt. */
  key: string;
  /** Skipped (not refused) when a value it takes from an earlier answer is missing. */
  optional?: boolean;
}

/** What a screen puts in the outbox. */
export interface NewEntry {
  kind: OutboxKind;
  issueId?: number;
  label?: string;
  steps: OutboxStep[];
}

interface StoredStep extends OutboxStep {
  done?: boolean;
  answer?: unknown;
}

/** An entry as IndexedDB keeps it. */
export interface StoredEntry {
  id: string;
  kind: OutboxKind;
  issueId?: number;
  label?: string;
  /** Whose action it is: sent only while that account is signed in (keys are per account on the server). */
  userId: number | null;
  createdAt: number;
  state: "waiting" | "refused";
  detail?: string;
  steps: StoredStep[];
}

interface Live extends Omit<StoredEntry, "state"> {
  state: OutboxState;
}

/** Where entries are kept. */
export interface OutboxStore {
  all(): Promise<StoredEntry[]>;
  put(entry: StoredEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** A store in memory: where IndexedDB is missing, and in tests (two outboxes on one store stand for a reload). */
export function memoryStore(): OutboxStore {
  const map = new Map<string, StoredEntry>();
  return {
    all: async () => [...map.values()].map((e) => structuredCloneOf(e)),
    put: async (e) => void map.set(e.id, structuredCloneOf(e)),
    remove: async (id) => void map.delete(id),
  };
}
// ArrayBuffers are shared, not copied: an entry's files never change once queued.
const structuredCloneOf = (e: StoredEntry): StoredEntry => ({ ...e, steps: e.steps.map((s) => ({ ...s })) });

/** The entries in IndexedDB ("fixit-outbox"), or in memory where IndexedDB is missing or refuses to open. */
export function idbStore(name = "fixit-outbox"): OutboxStore {
  if (typeof indexedDB === "undefined") return memoryStore();
  const db = createStore(name, "entries");
  let fallback: OutboxStore | null = null;
  const guarded =
    <A extends unknown[], R>(op: (...a: A) => Promise<R>, alt: (s: OutboxStore, ...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (fallback) return alt(fallback, ...a);
      try {
        return await op(...a);
      } catch {
        // Private modes of some browsers open no database: keep working for this visit at least.
        fallback = memoryStore();
        return alt(fallback, ...a);
      }
    };
  return {
    all: guarded(
      async () => (await idbEntries<string, StoredEntry>(db)).map(([, v]) => v),
      (s) => s.all(),
    ),
    put: guarded(
      (e: StoredEntry) => idbSet(e.id, e, db),
      (s, e) => s.put(e),
    ),
    remove: guarded(
      (id: string) => del(id, db),
      (s, id) => s.remove(id),
    ),
  };
}

/** One request as the transport sends it. */
export interface OutboxRequest {
  method: Method;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  json?: unknown;
  body?: Blob;
}
/** The server's answer: its status and JSON body (null when empty or not JSON). */
export interface OutboxResponse {
  status: number;
  body: unknown;
  /** The answer says when to try again (Retry-After). */
  retryAfter?: boolean;
}
/** Sends one request; throws when no answer came (the network). */
export type Transport = (request: OutboxRequest) => Promise<OutboxResponse>;

export interface OutboxOptions {
  store: OutboxStore;
  send: Transport;
  /** The signed-in account (entries are stamped with it and sent only under it). */
  userId?: () => number | null | undefined;
  /** Whether sending makes sense now (signed in); false holds everything. */
  canSend?: () => boolean;
  /** The pause before the n-th try again (n from 1). */
  delay?: (attempt: number) => number;
  /** How long a sent entry stays in the list as "sent". */
  sentMs?: number;
  /** Called when a pass stopped for lack of network (the app registers a Background Sync). */
  onStalled?: () => void;
  now?: () => number;
}

export interface Outbox {
  /** Resolves once the stored entries are loaded. */
  readonly ready: Promise<void>;
  /** Every entry, oldest first; a new array after each change. */
  items(): readonly OutboxItem[];
  subscribe(listener: () => void): () => void;
  /** Called with each entry once it is sent (its `answer` is the last request's). */
  onSent(listener: (item: OutboxItem) => void): () => void;
  /** Keeps the entry (in the store first) and sends it now, or after a pause when `later` (the network just failed). */
  add(entry: NewEntry, options?: { later?: boolean }): Promise<OutboxItem>;
  /** Sends what is waiting. `now` forgets the growing pause (the network came back, the user asked). */
  flush(options?: { now?: boolean }): Promise<void>;
  /** Sends a refused (or waiting) entry again, with the same keys. */
  retry(id: string): Promise<void>;
  /** Forgets an entry that is not being sent. */
  drop(id: string): Promise<void>;
  /** Stops its timers (tests, a replaced outbox). */
  close(): void;
}

/** 2 s, 4 s, 8 s … at most 5 minutes. */
/** The time the user pressed the button of an entry, sent with each of its requests (server/issues/moves.ts). */
export const DONE_AT_HEADER = "X-Done-At";

export const BACKOFF = (attempt: number) => Math.min(300_000, 2000 * 2 ** (attempt - 1));
export const SENT_MS = 4000;

/** Whether an answer says "later", not "no": a timeout, too many requests, a server in trouble, a key still running. */
export const isTransient = (r: OutboxResponse) =>
  r.status === 408 || r.status === 425 || r.status === 429 || r.status >= 500 || (r.status === 409 && !!r.retryAfter);

const read = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), value);

const detailOf = (body: unknown): string | undefined => {
  const b = body as { detail?: unknown; message?: unknown } | null;
  if (typeof b?.detail === "string") return b.detail;
  if (typeof b?.message === "string") return b.message;
  return undefined;
};

let serial = 0;
const newId = (now: number) => `${String(now).padStart(15, "0")}-${String(++serial).padStart(4, "0")}-${Math.random().toString(36).slice(2, 8)}`;

/** Forms an entry's item for the screens. */
function itemOf(e: Live): OutboxItem {
  const last = [...e.steps].reverse().find((s) => s.done && s.answer !== undefined);
  const reason = read(e.steps[0]?.json, "reason");
  return {
    id: e.id,
    kind: e.kind,
    issueId: e.issueId ?? (read(e.steps[0]?.answer, "data.issue_id") as number | undefined),
    label: e.label,
    ...(typeof reason === "string" ? { reason } : {}),
    userId: e.userId,
    state: e.state,
    detail: e.detail,
    createdAt: e.createdAt,
    done: e.steps.filter((s) => s.done).length,
    total: e.steps.length,
    files: e.steps.filter((s) => s.file).length,
    ...(e.state === "sent" ? { answer: last?.answer } : {}),
  };
}

/** The outbox engine over a store and a transport. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, send } = options;
  const now = options.now ?? Date.now;
  const delay = options.delay ?? BACKOFF;
  const sentMs = options.sentMs ?? SENT_MS;
  const userId = () => options.userId?.() ?? null;
  let list: Live[] = [];
  let snapshot: readonly OutboxItem[] = [];
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(item: OutboxItem) => void>();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lingering = new Set<ReturnType<typeof setTimeout>>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const emit = () => {
    snapshot = list.map(itemOf);
    for (const l of [...listeners]) l();
  };
  const persist = (e: Live) => store.put({ ...e, state: e.state === "refused" ? "refused" : "waiting", steps: e.steps.map((s) => ({ ...s })) });
  const sortList = () => list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  /** The store is the truth between passes: another tab may have sent or dropped an entry, or added one. */
  async function reload() {
    const stored = new Map((await store.all()).map((s) => [s.id, s]));
    const next: Live[] = [];
    for (const e of list) {
      const s = stored.get(e.id);
      stored.delete(e.id);
      if (e.state === "sent" || e.state === "sending") next.push(e);
      else if (s) next.push({ ...s });
    }
    for (const s of stored.values()) next.push({ ...s });
    list = next;
    sortList();
    emit();
  }

  const ready = reload().catch(() => undefined);

  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay(++attempt));
  }

  type Outcome = "sent" | "refused" | "later" | "signedOut";

  async function sendEntry(e: Live): Promise<Outcome> {
    for (const step of e.steps) {
      if (step.done) continue;
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.query ?? {})) query[k] = String(v);
      let missing = false;
      for (const [k, ref] of Object.entries(step.from ?? {})) {
        const v = read(e.steps[ref.step]?.answer, ref.field);
        if (v === undefined || v === null || v === "") missing = true;
        else query[k] = String(v);
      }
      if (missing) {
        if (!step.optional) {
          e.detail = undefined;
          return "refused";
        }
        step.done = true;
        await persist(e);
        continue;
      }
      // When the button was pressed: a move made offline keeps its time when it is sent later (the server bounds it).
      const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: step.key, [DONE_AT_HEADER]: new Date(e.createdAt).toISOString() };
      let body: Blob | undefined;
      if (step.file) {
        body = new Blob([step.file.data], { type: step.file.type });
        headers["Content-Type"] = step.file.type || "application/octet-stream";
        headers["X-File-Name"] = encodeURIComponent(step.file.name);
      }
      let answer: OutboxResponse;
      try {
        answer = await send({ method: step.method, path: step.path, query, headers, ...(step.json === undefined ? {} : { json: step.json }), body });
      } catch {
        return "later";
      }
      if (answer.status >= 200 && answer.status < 300) {
        step.done = true;
        step.answer = answer.body ?? null;
        await persist(e);
        emit();
        continue;
      }
      if (answer.status === 401) return "signedOut";
      if (isTransient(answer)) return "later";
      e.detail = detailOf(answer.body);
      return "refused";
    }
    return "sent";
  }

  const mine = (e: Live) => e.userId == null || userId() == null || e.userId === userId();

  async function pass() {
    await ready;
    if (options.canSend && !options.canSend()) return;
    await reload();
    for (const e of [...list]) {
      if (closed) return;
      if (e.state !== "waiting" || !mine(e) || !list.includes(e)) continue;
      e.state = "sending";
      emit();
      const outcome = await sendEntry(e);
      if (outcome === "sent") {
        e.state = "sent";
        e.detail = undefined;
        await store.remove(e.id);
        emit();
        const item = itemOf(e);
        for (const l of [...sentListeners]) l(item);
        const t = setTimeout(() => {
          lingering.delete(t);
          list = list.filter((x) => x !== e);
          emit();
        }, sentMs);
        lingering.add(t);
      } else if (outcome === "refused") {
        e.state = "refused";
        await persist(e);
        emit();
      } else {
        // The network (or the server) is not there: what follows would fail too, and order matters (accept before start).
        e.state = "waiting";
        emit();
        if (outcome === "later") {
          schedule();
          options.onStalled?.();
        }
        return;
      }
    }
    attempt = 0;
  }

  function flush(opts: { now?: boolean } = {}): Promise<void> {
    if (opts.now) {
      attempt = 0;
      clearTimeout(timer);
      timer = undefined;
    }
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const run = async () => {
      try {
        do {
          again = false;
          await withLock(pass);
        } while (again && !closed);
      } finally {
        running = null;
      }
    };
    running = run();
    return running;
  }

  const outbox: Outbox = {
    ready,
    items: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => void sentListeners.delete(listener);
    },
    async add(entry, opts = {}) {
      await ready;
      const at = now();
      const e: Live = {
        id: newId(at),
        kind: entry.kind,
        ...(entry.issueId === undefined ? {} : { issueId: entry.issueId }),
        ...(entry.label === undefined ? {} : { label: entry.label }),
        userId: userId(),
        createdAt: at,
        state: "waiting",
        steps: entry.steps.map((s) => ({ ...s })),
      };
      // Kept before anything is said to the user: "waiting to send" must survive a reload from this moment.
      await persist(e);
      // A pass may have read it from the store meanwhile: one entry, this one.
      list = [...list.filter((x) => x.id !== e.id), e];
      sortList();
      emit();
      if (opts.later) {
        schedule();
        options.onStalled?.();
      } else void flush();
      return itemOf(e);
    },
    flush,
    async retry(id) {
      const e = list.find((x) => x.id === id);
      if (!e || e.state === "sending" || e.state === "sent") return;
      e.state = "waiting";
      e.detail = undefined;
      await persist(e);
      emit();
      await flush({ now: true });
    },
    async drop(id) {
      const e = list.find((x) => x.id === id);
      if (!e || e.state === "sending") return;
      list = list.filter((x) => x !== e);
      await store.remove(id);
      emit();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const t of lingering) clearTimeout(t);
      lingering.clear();
      listeners.clear();
      sentListeners.clear();
    },
  };
  return outbox;
}

/** One pass at a time across the app's tabs where the browser has Web Locks (each tab re-reads the store inside it). */
function withLock(fn: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as { locks?: { request(name: string, cb: () => Promise<void>): Promise<void> } } | undefined)?.locks;
  return locks ? locks.request("fixit-outbox", fn) : fn();
}

// ---- The app's outbox ---------------------------------------------------------------------------------------------

/**
 * How long a step may wait for its answer. D13 keeps writes without a timeout so a slow write is never cut and done
 * twice; a step here carries its key, so one cut short is simply sent again (and answered once), while one left hanging
 * on a connection that carries nothing (a basement's one bar) would hold up every entry behind it.
 */
export const STEP_TIMEOUT = { json: 60_000, file: 300_000 };

/** Sends a step through the app's one ky client (its bearer token and language; D17), without throwing on 4xx. */
export const apiTransport: Transport = async (r) => {
  const response = await api[r.method](r.path, {
    searchParams: r.query,
    headers: r.headers,
    throwHttpErrors: false,
    timeout: r.body ? STEP_TIMEOUT.file : STEP_TIMEOUT.json,
    ...(r.json !== undefined ? { json: r.json } : r.body ? { body: r.body } : {}),
  });
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, retryAfter: response.headers.has("Retry-After") };
};

/** Asks the browser to wake the service worker when the network is back, even with the app closed (Chromium). */
function requestSync() {
  const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
  if (!sw) return;
  void sw.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

let instance: Outbox | undefined;
let unbind: (() => void) | undefined;

/** Mirrors an outbox into src/signals/outbox.ts: its entries, and whose they are to show (the signed-in account). */
function bind(o: Outbox) {
  const stop = o.subscribe(() => setOutboxItems(o.items()));
  setOutboxItems(o.items());
  const stopOwner = effect(() => setOutboxOwner(user.value?.user_id ?? null));
  return () => {
    stop();
    stopOwner();
  };
}

/** The app's outbox: IndexedDB, the ky client, the signed-in account; its entries mirrored into src/signals/outbox.ts. */
export function getOutbox(): Outbox {
  if (!instance) {
    instance = createOutbox({
      store: idbStore(),
      send: apiTransport,
      userId: () => user.peek()?.user_id ?? null,
      // Offline, nothing is tried: each try would show the entry "Sending…" for a moment, then "Waiting to send" again.
      // The `online` event sends at once (startOutbox).
      canSend: () => !!token.peek() && online.peek(),
      onStalled: requestSync,
    });
    unbind = bind(instance);
  }
  return instance;
}

/** Replaces the app's outbox (tests); undefined makes a new one on next use. */
export function setOutbox(next: Outbox | undefined) {
  unbind?.();
  instance?.close();
  instance = undefined;
  unbind = undefined;
  setOutboxItems([]);
  if (next) {
    instance = next;
    unbind = bind(next);
  }
}

let stopStart: (() => void) | undefined;

/** Sends what is waiting now (app open), and again on `online`, on coming back to the front, on sign-in and on Background Sync. */
export function startOutbox(): () => void {
  if (stopStart) return stopStart;
  const now = () => void getOutbox().flush({ now: true });
  const onVisible = () => document.visibilityState === "visible" && now();
  const onMessage = (e: MessageEvent) => (e.data as { type?: unknown } | null)?.type === SYNC_MESSAGE && now();
  addEventListener("online", now);
  document.addEventListener("visibilitychange", onVisible);
  navigator.serviceWorker?.addEventListener("message", onMessage);
  // Runs at once (app open), then on each sign-in: the entries of that account go.
  const stopEffect = effect(() => {
    if (token.value) queueMicrotask(now);
  });
  stopStart = () => {
    removeEventListener("online", now);
    document.removeEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.removeEventListener("message", onMessage);
    stopEffect();
    stopStart = undefined;
  };
  return stopStart;
}

/** Whether a call failed for lack of network: no HTTP answer came back (fetch's TypeError), not a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  if (isHttpError(error) || !(error instanceof Error)) return false;
  return error instanceof TypeError || error.name === "TypeError" || error.name === "NetworkError" || error.name === "TimeoutError";
}

/**
 * How long a keyed write waits for its answer before the screen hands it to the outbox: a signal that drops packets
 * left "Sending…" on screen for ever. D13 keeps writes without a timeout: the request itself goes on; the outbox sends
 * it again under the same key, and the server answers that repeat with the first one's answer (one report).
 */
export const patience = { ms: 20_000 };

/** `call`'s answer, or a TimeoutError when none came within `patience.ms` (the call itself is not stopped). */
export function patiently<T>(call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("No answer yet"), { name: "TimeoutError" })), patience.ms);
  });
  // The outbox's repeat answers for it from here on; its own late failure is nobody's to hear.
  call.catch(() => undefined);
  return Promise.race([call, slow]).finally(() => clearTimeout(timer));
}

export type SendOrQueue<T> = { queued: false; value: T } | { queued: true; item: OutboxItem };

/**
 * Makes the call now; when the phone is offline, or the call gets no answer (in `patience.ms`), puts `entry` (the same request with the
 * same key) in the outbox instead. An HTTP refusal is thrown as before.
 */
export async function sendOrQueue<T>(entry: NewEntry, direct: () => Promise<T>): Promise<SendOrQueue<T>> {
  if (online.peek()) {
    try {
      return { queued: false, value: await patiently(direct()) };
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
      return { queued: true, item: await getOutbox().add(entry, { later: true }) };
    }
  }
  return { queued: true, item: await getOutbox().add(entry, { later: true }) };
}

/** A file's bytes for an upload step. */
export async function fileOf(blob: Blob, name: string): Promise<OutboxFile> {
  return { data: await blob.arrayBuffer(), type: blob.type || "application/octet-stream", name: (blob as File).name || name };
}

/** One move of an issue as a step: POST /issue/<name>?issue_id= with its key (the same request the screen makes). */
export const moveStep = (name: string, issueId: number, key: string, json?: unknown, method: Method = "post"): OutboxStep => ({
  method,
  path: `issue/${name}`,
  query: { issue_id: issueId },
  ...(json === undefined ? {} : { json }),
  key,
});
