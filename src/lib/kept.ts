// Reads kept on the phone (D23): the last answer of a screen that works offline, with the time it came, shown when the
// network fails. Kept in IndexedDB through idb-keyval, imported on first use so it stays out of the first load, in a
// database of its own (clearing it never touches another store); in memory where IndexedDB is missing or refuses.
// Every key carries its owner (the signed-in user), so one person's data never shows to the next on a shared phone.
// A form's draft is kept the same way (the work report's: workDraftKey), and forgotten once sent or discarded.
import { loadOnce } from "./load-again";
import { signOuts, takeDraftsGo } from "./sign-outs";

/** Names of reads that two screens share: Home keeps them, and the report form falls back on them offline. */
export const KEPT_HOME_PLACES = "home:places";
/** /repair's lists by tab (or the manager's filter); Home keeps the first page of "open" for it too. */
export const keptRepairs = (tab: string) => `repairs:${tab}`;
export const keptProperty = (propertyId: number) => `property-id:${propertyId}`;
/** A draft's key starts so: a session that ended by itself keeps them (lib/sign-outs.ts). */
const DRAFT = "draft:";
/** The work report being written for an issue: what was typed and the photos picked (Files keep in IndexedDB). */
export const workDraftKey = (issueId: number) => `${DRAFT}work:${issueId}`;
/** The report of a problem being written (one at a time). */
export const REPORT_DRAFT = `${DRAFT}report`;
/** A property being added. */
export const PROPERTY_DRAFT = `${DRAFT}property`;
/** The changes to a property being edited: what was typed, the units being added and the files picked. */
export const propertyEditDraftKey = (propertyId: number) => `${DRAFT}property-edit:${propertyId}`;
/** The changes to a reported problem being edited, and the files picked. */
export const issueEditDraftKey = (issueId: number) => `${DRAFT}issue-edit:${issueId}`;

/** A kept answer and when it arrived (ms since the epoch). */
export interface Kept<T> {
  data: T;
  at: number;
}

interface Store {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
  clear: () => Promise<void>;
  keys: () => Promise<IDBValidKey[]>;
}

// The copy of this session: answers come from it at once, and it is all there is without IndexedDB.
const memory = new Map<string, Kept<unknown>>();
/** The sign-outs this module has forgotten the reads of: one since (session.ts signOut) means forget them first. */
let forgotten = signOuts();
const afterSignOut = () => (signOuts() !== forgotten ? clearKept() : undefined);
// idb-keyval once; when its code could not come (offline), no store this time and the next call asks again.
const store = loadOnce(() =>
  import("idb-keyval").then(({ createStore, get, set, del, clear, keys }): Store => {
    const db = createStore("fixit-kept", "reads");
    return { get: (k) => get(k, db), set: (k, v) => set(k, v, db), del: (k) => del(k, db), clear: () => clear(db), keys: () => keys(db) };
  }),
);
const open = (): Promise<Store | null> => (typeof indexedDB === "undefined" ? Promise.resolve(null) : store().catch(() => null));

const keyOf = (owner: string | number, key: string) => `${owner}:${key}`;
const isDraft = (k: IDBValidKey) => typeof k === "string" && k.slice(k.indexOf(":") + 1).startsWith(DRAFT);

/** Keeps `data` as the answer of `key` for `owner`, with the time now; a store that refuses is ignored. */
export async function keep<T>(owner: string | number, key: string, data: T, now = Date.now()): Promise<void> {
  await afterSignOut();
  const entry: Kept<T> = { data, at: now };
  const k = keyOf(owner, key);
  memory.set(k, entry);
  try {
    await (await open())?.set(k, entry);
  } catch {
    // Full, private mode or closed: the memory copy still serves this session.
  }
}

/** What was kept for `owner` under `key`, or undefined. */
export async function readKept<T>(owner: string | number, key: string): Promise<Kept<T> | undefined> {
  await afterSignOut();
  const k = keyOf(owner, key);
  const inMemory = memory.get(k) as Kept<T> | undefined;
  if (inMemory) return inMemory;
  try {
    const stored = (await (await open())?.get(k)) as Kept<T> | undefined;
    return stored && typeof stored.at === "number" && "data" in stored ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets what was kept for `owner` under `key` (a draft sent or discarded). */
export async function forgetKept(owner: string | number, key: string): Promise<void> {
  const k = keyOf(owner, key);
  memory.delete(k);
  try {
    await (await open())?.del(k);
  } catch {
    // As keep: a store that refuses holds nothing to forget.
  }
}

/**
 * Forgets every kept read (sign-out): the next person on this phone starts with none. After a session that ended by
 * itself (lib/sign-outs.ts), its owners' drafts stay, for them alone: every key carries its owner.
 */
export async function clearKept(): Promise<void> {
  forgotten = signOuts();
  const everything = takeDraftsGo();
  for (const k of [...memory.keys()]) if (everything || !isDraft(k)) memory.delete(k);
  // The database too, even when this session never read it: it may hold an earlier session's reads.
  try {
    const db = await open();
    if (everything) await db?.clear();
    else for (const k of (await db?.keys()) ?? []) if (!isDraft(k)) await db?.del(String(k));
  } catch {
    // Nothing to do: a store that cannot be opened holds nothing this app can read back either.
  }
}
