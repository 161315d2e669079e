// Files go up one per request, each on its own (D21): a dropped connection loses one file, never the report or the
// other files. The queue sends them in turn; each has its own state (waiting, sending, sent, failed) and its own
// idempotency key, kept across its retries, so a repeat the server already stored is stored once. A failed file does
// not stop the rest, and "Try again" sends that file alone. Framework-free; `useUploadQueue` binds it to a component.
import { useState } from "react";
import { useSyncExternalStore } from "./use-sync-external-store";

export type UploadState = "waiting" | "sending" | "sent" | "failed";

export interface QueueItem<F> {
  readonly id: string;
  readonly file: F;
  /** The Idempotency-Key of every attempt at this file. */
  readonly key: string;
  readonly state: UploadState;
  /** Why the last attempt failed, as the user should read it (from `errorOf`). */
  readonly error?: string;
  /** What `send` resolved with once sent. */
  readonly result?: unknown;
}

/** Sends one file; `key` is the file's idempotency key, the same on each retry. */
export type Send<F> = (file: F, key: string) => Promise<unknown>;

export interface QueueOptions<F> {
  /** The sentence a failure shows; undefined shows none. */
  errorOf?: (error: unknown, file: F) => string | undefined | Promise<string | undefined>;
  /** Names a file's item (so a screen can find it again); a counter otherwise. */
  idOf?: (file: F) => string;
  /** Makes idempotency keys; a random UUID otherwise. */
  newKey?: () => string;
}

export interface Progress {
  sent: number;
  failed: number;
  total: number;
  /** Some file is waiting or being sent. */
  busy: boolean;
}

export interface UploadQueue<F> {
  /** The files in the order they were added; a new array after every change (a snapshot for React). */
  readonly items: readonly QueueItem<F>[];
  /** Adds files to send with `send` (or the queue's default), after those already waiting. Returns their ids. */
  add(files: readonly F[], send?: Send<F>): string[];
  /** Sends a failed file again, alone, with the same key. Resolves with whether it arrived this time. */
  retry(id: string): Promise<boolean>;
  /** Drops a file that is waiting or failed (one being sent finishes first). */
  remove(id: string): void;
  /** Forgets every file; one being sent finishes unseen. */
  reset(): void;
  /** Resolves once nothing is waiting or being sent. */
  idle(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

const randomKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `u-${Date.now()}-${Math.random().toString(36).slice(2)}`;

let counter = 0;

interface Entry<F> extends QueueItem<F> {
  /** Which adding made this entry: an answer for an entry since reset never lands on a new one with the same id. */
  readonly serial: number;
}

/** "2 of 3 sent": how far the files are. */
export function progressOf(items: readonly Pick<QueueItem<unknown>, "state">[]): Progress {
  let sent = 0;
  let failed = 0;
  let busy = false;
  for (const i of items) {
    if (i.state === "sent") sent++;
    else if (i.state === "failed") failed++;
    else busy = true;
  }
  return { sent, failed, total: items.length, busy };
}

/** A queue that sends files one request each, in turn. */
export function createUploadQueue<F>(options: QueueOptions<F> & { send?: Send<F> } = {}): UploadQueue<F> {
  let items: Entry<F>[] = [];
  const sends = new Map<number, Send<F>>();
  const listeners = new Set<() => void>();
  let waiters: (() => void)[] = [];
  let running = false;
  let serial = 0;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const patch = (entry: Entry<F>, change: Partial<QueueItem<F>>) => {
    if (!items.some((i) => i.serial === entry.serial)) return;
    items = items.map((i) => (i.serial === entry.serial ? { ...i, ...change } : i));
    emit();
  };
  const settleIdle = () => {
    if (running || items.some((i) => i.state === "waiting")) return;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };

  async function pump() {
    if (running) return;
    running = true;
    try {
      for (let next = items.find((i) => i.state === "waiting"); next; next = items.find((i) => i.state === "waiting")) {
        const entry = next;
        patch(entry, { state: "sending", error: undefined });
        try {
          const send = sends.get(entry.serial);
          if (!send) throw new Error("upload-queue: nothing to send this file with");
          const result = await send(entry.file, entry.key);
          patch(entry, { state: "sent", result });
        } catch (e) {
          let error: string | undefined;
          try {
            error = options.errorOf ? await options.errorOf(e, entry.file) : undefined;
          } catch {
            error = undefined;
          }
          patch(entry, { state: "failed", error });
        }
        // A file dropped (reset) while it was being sent needs its send function no more.
        if (!items.some((i) => i.serial === entry.serial)) sends.delete(entry.serial);
      }
    } finally {
      running = false;
      settleIdle();
    }
  }

  const queue: UploadQueue<F> = {
    get items() {
      return items;
    },
    add(files, send = options.send) {
      if (!send) throw new Error("upload-queue: add needs a send function");
      const added = files.map((file) => {
        const entry: Entry<F> = {
          id: options.idOf?.(file) ?? `upload-${++counter}`,
          file,
          key: (options.newKey ?? randomKey)(),
          state: "waiting",
          serial: ++serial,
        };
        sends.set(entry.serial, send);
        return entry;
      });
      if (!added.length) return [];
      items = [...items, ...added];
      emit();
      void pump();
      return added.map((e) => e.id);
    },
    retry(id) {
      const entry = items.find((i) => i.id === id);
      if (entry?.state !== "failed") return Promise.resolve(entry?.state === "sent");
      const settled = new Promise<boolean>((resolve) => {
        let stop = () => {};
        const check = () => {
          const now = items.find((i) => i.serial === entry.serial);
          if (now && (now.state === "waiting" || now.state === "sending")) return;
          stop();
          resolve(now?.state === "sent");
        };
        stop = queue.subscribe(check);
      });
      patch(entry, { state: "waiting", error: undefined });
      void pump();
      return settled;
    },
    remove(id) {
      const entry = items.find((i) => i.id === id);
      if (!entry || entry.state === "sending") return;
      sends.delete(entry.serial);
      items = items.filter((i) => i !== entry);
      emit();
      settleIdle();
    },
    reset() {
      for (const i of items) if (i.state !== "sending") sends.delete(i.serial);
      items = [];
      emit();
      settleIdle();
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIdle();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return queue;
}

/**
 * A queue for one screen, its items re-rendered as they change. The queue outlives the screen: files still being sent
 * when the user leaves go on arriving.
 */
export function useUploadQueue<F>(options: QueueOptions<F> & { send?: Send<F> } = {}) {
  const [queue] = useState(() => createUploadQueue(options));
  const items = useSyncExternalStore(queue.subscribe, () => queue.items);
  return { queue, items, progress: progressOf(items) };
}
