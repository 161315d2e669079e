// The one loading hook of the app (ARCHITECTURE.md "Loading"): every screen that shows server data loads through
// useResource or usePagedList. Each load gets an AbortSignal that the API functions hand to ky; a newer load, a change of
// what is shown (a tab, an id) or leaving the screen aborts the older one, and an answer to an aborted load is dropped,
// so a slow old answer never overwrites a newer one. Both give loading, error and retry in one shape.
// With `keep`, a screen that works offline (D23) keeps its last answer on the phone (kept.ts) and shows it, with
// `savedAt`, when a load fails for want of a network; when the connection returns it loads again by itself.
import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";
import { online } from "../signals/connectivity";
import { user } from "../signals/session";
import { heldBy, nextTaskOnFirstScreen } from "./first-screen";
import { type PagedList, applyPage, emptyList, stopList } from "./infinite-list";
import { keep as keepRead, readKept } from "./kept";

/** A load whose answer came but was not a success (e.g. `status` other than 1): views show the spec's "failed" text for it. */
export class Refused extends Error {
  constructor(message = "refused") {
    super(message);
    this.name = "Refused";
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

// What fetch throws when no answer came: Chromium, undici, Safari, Firefox, React Native.
const NO_ANSWER = /^(failed to fetch|fetch failed|load failed|networkerror\b|network request failed)/i;

/**
 * A load that failed for want of a network: no answer came (fetch's TypeError), or the phone says it is offline. An
 * answer that was an error (ky's HTTPError, a 500 included) or a refusal is not one: the kept copy never hides it.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error) || isAbort(error) || error.name === "HTTPError" || error instanceof Refused) return false;
  // A read the server never answered (READ_TIMEOUT_MS) counts as no network: the phone's own copy serves.
  return !online.peek() || error.name === "TimeoutError" || (error.name === "TypeError" && NO_ANSWER.test(error.message));
}

/** Whose reads a load keeps: the signed-in user; nobody signed in keeps nothing. */
const owner = () => user.peek()?.user_id ?? null;

export interface KeepOptions {
  /**
   * Keeps the answer on the phone under this name (the screen's, e.g. "jobs:open"; the user's id is added) and shows
   * it when a load fails for want of a network (D23).
   */
  keep?: string;
}

/** Calls `reconnected` when the connection comes back (the online event, through the connectivity signal). */
function useReconnect(reconnected: () => void) {
  const ref = useRef(reconnected);
  ref.current = reconnected;
  useEffect(() => {
    let was = online.peek();
    return online.subscribe((now) => {
      if (now && !was) ref.current();
      was = now;
    });
  }, []);
}

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  /** What the last load threw (a Refused, an HTTP error, a network error); null while loading or after success. */
  error: unknown;
  /** Loads again (after an error, or to refresh). */
  retry: () => void;
  /** When the data shown was kept (the network failed): the time it arrived; null when it is fresh. */
  savedAt: number | null;
}

/**
 * Loads `load` when the component mounts and again whenever `deps` change, aborting the load it replaces.
 * With `enabled` false nothing loads (the data is already at hand) and the shape says not loading.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: { enabled?: boolean } & KeepOptions = {},
): Resource<T> {
  const enabled = options.enabled ?? true;
  const keep = options.keep;
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown; savedAt: number | null }>({
    data: undefined,
    loading: enabled,
    error: null,
    savedAt: null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const stateRef = useRef(state);
  stateRef.current = state;

  // The caller's deps say when to load again; `load` itself is read fresh from the ref.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps come from the caller
  useEffect(() => {
    if (!enabled) {
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    const who = keep ? owner() : null;
    const showKept = async () => {
      const kept = who != null && keep ? await readKept<T>(who, keep) : undefined;
      if (kept && live()) setState({ data: kept.data, loading: false, error: null, savedAt: kept.at });
      return !!kept;
    };
    setState({ data: undefined, loading: true, error: null, savedAt: null });
    // The screen's data: the first screen waits for it (src/lib/first-screen.ts).
    void heldBy(
      (async () => {
        // Offline already: what was kept shows at once rather than after the reads' retries give up.
        if (who != null && !online.peek() && (await showKept())) return;
        if (!live()) return;
        try {
          const data = await loadRef.current(controller.signal);
          await nextTaskOnFirstScreen();
          if (!live()) return;
          setState({ data, loading: false, error: null, savedAt: null });
          // Signed out (or someone else signed in) meanwhile: nothing of the last person is written back.
          if (who != null && keep && owner() === who) void keepRead(who, keep, data);
        } catch (error) {
          if (!live() || isAbort(error)) return;
          if (who != null && isNetworkFailure(error) && (await showKept())) return;
          if (live()) setState({ data: undefined, loading: false, error, savedAt: null });
        }
      })(),
    );
    return () => controller.abort();
  }, [...deps, enabled, attempt, keep]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Back online: a screen showing kept data, or one that failed for want of a network, loads again by itself.
  useReconnect(() => {
    const s = stateRef.current;
    if (enabled && (s.savedAt != null || isNetworkFailure(s.error))) retry();
  });
  return { ...state, retry };
}

export interface PagedResource<T> {
  list: PagedList<T>;
  loading: boolean;
  /** What the last page threw; the list then stops asking for more until `retry`. */
  error: unknown;
  /** Asks for the next page unless one is on its way or the list is done. */
  loadMore: () => void;
  /** After an error: asks for the page that failed again. */
  retry: () => void;
  /** Starts again from the first page. */
  reload: () => void;
  /**
   * Reads the first page again quietly: the list shown stays until it arrives, then the first page replaces it (a page
   * on its way, or a failure, leaves the list as it is). For news from elsewhere, where `reload`'s spinner would flash.
   */
  refresh: () => void;
  /** Changes the loaded list in place (e.g. a newly created item shown first). */
  update: (change: (list: PagedList<T>) => PagedList<T>) => void;
  /** When the list shown was kept (the network failed on its first page): the time it arrived; null when it is fresh. */
  savedAt: number | null;
}

/** How many items of a list are kept on the phone: more than a technician scrolls, less than a store should hold. */
export const KEPT_ITEMS = 200;
type KeptList<T> = { items: T[]; total: number | null };

/**
 * Keeps a first page another screen read as the kept list `key`, unless that list keeps its own already: Home reads
 * the first page of the open repairs, and /repair's Open tab, opened for the first time offline, then shows them
 * (saved) rather than "could not load" (walked at 360 px).
 */
/** Keeps the list loaded so far under `keep` for the signed-in user (nothing without a name or a user). */
function keepList<T>(keep: string | undefined, list: PagedList<T>) {
  const me = owner();
  if (keep && me != null) void keepRead(me, keep, { items: list.items.slice(0, KEPT_ITEMS), total: list.total } satisfies KeptList<T>);
}

export async function keepFirstPage<T>(key: string, page: { data: readonly T[]; total?: number | null }) {
  const me = owner();
  if (me == null || (await readKept(me, key))) return;
  await keepRead(me, key, { items: page.data.slice(0, KEPT_ITEMS), total: page.total ?? null } satisfies KeptList<T>);
}

/**
 * A list loaded a page at a time (SPEC.md section 4's staff list rules, in infinite-list.ts): pages append, items are
 * deduplicated by `key`, loading stops at the server's total or an empty page, and a failed page stops it too.
 * A change of `deps` (another tab) aborts the page on its way and starts again from page 1. With `keep`, the list
 * loaded so far is kept after each page, and shown (loading no more) when the first page fails for want of a network.
 */
export function usePagedList<T>(
  loadPage: (page: number, signal: AbortSignal) => Promise<{ data: readonly T[]; total?: number | null }>,
  key: (item: T) => unknown,
  deps: DependencyList,
  options: KeepOptions = {},
): PagedResource<T> {
  const [list, setListState] = useState<PagedList<T>>(emptyList);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const listRef = useRef(list);
  const inFlight = useRef<AbortController | null>(null);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const keyRef = useRef(key);
  keyRef.current = key;
  const keepRef = useRef(options.keep);
  keepRef.current = options.keep;
  const latest = useRef({ savedAt, error });
  latest.current = { savedAt, error };

  const setList = useCallback((next: PagedList<T>) => {
    listRef.current = next;
    setListState(next);
  }, []);

  const loadMore = useCallback(() => {
    const current = listRef.current;
    if (inFlight.current || current.done) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setError(null);
    const settle = () => {
      if (inFlight.current === controller) inFlight.current = null;
    };
    const keep = keepRef.current;
    // Only the first page falls back on the kept list: a later one failing leaves the pages loaded and the error.
    const who = keep && current.nextPage === 1 ? owner() : null;
    const showKept = async () => {
      const kept = who != null && keep ? await readKept<KeptList<T>>(who, keep) : undefined;
      if (!kept || controller.signal.aborted) return !!kept;
      settle();
      // Shown as it was, and complete: nothing more is asked for until the connection returns.
      setList({ items: kept.data.items, total: kept.data.total, nextPage: 1, done: true });
      setSavedAt(kept.at);
      setLoading(false);
      return true;
    };
    void heldBy(
      (async () => {
        if (who != null && !online.peek() && (await showKept())) return;
        if (controller.signal.aborted) return;
        try {
          const page = await loadRef.current(current.nextPage, controller.signal);
          await nextTaskOnFirstScreen();
          if (controller.signal.aborted) return;
          settle();
          const next = applyPage(listRef.current, page, keyRef.current);
          setList(next);
          setSavedAt(null);
          setLoading(false);
          keepList(keep, next);
        } catch (e) {
          if (controller.signal.aborted || isAbort(e)) return;
          if (who != null && isNetworkFailure(e) && (await showKept())) return;
          if (controller.signal.aborted) return;
          settle();
          setList(stopList(listRef.current));
          setError(e);
          setLoading(false);
        }
      })(),
    );
  }, [setList]);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setList(emptyList());
    setError(null);
    setSavedAt(null);
    loadMore();
  }, [loadMore, setList]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps come from the caller
  useEffect(() => {
    reload();
    return () => {
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [...deps]);

  const retry = useCallback(() => {
    setList({ ...listRef.current, done: false });
    loadMore();
  }, [loadMore, setList]);

  const refresh = useCallback(() => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    loadRef.current(1, controller.signal).then(
      (page) => {
        if (controller.signal.aborted || inFlight.current !== controller) return;
        inFlight.current = null;
        const next = applyPage(emptyList<T>(), page, keyRef.current);
        setList(next);
        setSavedAt(null);
        setError(null);
        keepList(keepRef.current, next);
      },
      () => {
        if (inFlight.current === controller) inFlight.current = null;
      },
    );
  }, [setList]);
  const update = useCallback((change: (l: PagedList<T>) => PagedList<T>) => setList(change(listRef.current)), [setList]);

  // Back online: a kept list loads again from its first page; a page that failed for want of a network is asked again.
  useReconnect(() => {
    if (latest.current.savedAt != null) reload();
    else if (isNetworkFailure(latest.current.error)) retry();
  });

  return { list, loading, error, loadMore, retry, reload, refresh, update, savedAt };
}
