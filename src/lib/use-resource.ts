// The one loading hook of the app (ARCHITECTURE.md "Loading"): every screen that shows server data loads through
// useResource or usePagedList. Each load gets an AbortSignal that the API functions hand to ky; a newer load, a change of
// what is shown (a tab, an id) or leaving the screen aborts the older one, and an answer to an aborted load is dropped,
// so a slow old answer never overwrites a newer one. Both give loading, error and retry in one shape.
import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";
import { type PagedList, applyPage, emptyList, stopList } from "./infinite-list";

/** A load whose answer came but was not a success (e.g. `status` other than 1): views show the spec's "failed" text for it. */
export class Refused extends Error {
  constructor(message = "refused") {
    super(message);
    this.name = "Refused";
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  /** What the last load threw (a Refused, an HTTP error, a network error); null while loading or after success. */
  error: unknown;
  /** Loads again (after an error, or to refresh). */
  retry: () => void;
}

/**
 * Loads `load` when the component mounts and again whenever `deps` change, aborting the load it replaces.
 * With `enabled` false nothing loads (the data is already at hand) and the shape says not loading.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, options: { enabled?: boolean } = {}): Resource<T> {
  const enabled = options.enabled ?? true;
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({ data: undefined, loading: enabled, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // The caller's deps say when to load again; `load` itself is read fresh from the ref.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps come from the caller
  useEffect(() => {
    if (!enabled) {
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    const controller = new AbortController();
    setState({ data: undefined, loading: true, error: null });
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, loading: false, error: null }),
      (error) => !controller.signal.aborted && !isAbort(error) && setState({ data: undefined, loading: false, error }),
    );
    return () => controller.abort();
  }, [...deps, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
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
  /** Changes the loaded list in place (e.g. a newly created item shown first). */
  update: (change: (list: PagedList<T>) => PagedList<T>) => void;
}

/**
 * A list loaded a page at a time (SPEC.md section 4's staff list rules, in infinite-list.ts): pages append, items are
 * deduplicated by `key`, loading stops at the server's total or an empty page, and a failed page stops it too.
 * A change of `deps` (another tab) aborts the page on its way and starts again from page 1.
 */
export function usePagedList<T>(
  loadPage: (page: number, signal: AbortSignal) => Promise<{ data: readonly T[]; total?: number | null }>,
  key: (item: T) => unknown,
  deps: DependencyList,
): PagedResource<T> {
  const [list, setListState] = useState<PagedList<T>>(emptyList);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const listRef = useRef(list);
  const inFlight = useRef<AbortController | null>(null);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const keyRef = useRef(key);
  keyRef.current = key;

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
    loadRef.current(current.nextPage, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        settle();
        setList(applyPage(listRef.current, page, keyRef.current));
        setLoading(false);
      },
      (e) => {
        if (controller.signal.aborted || isAbort(e)) return;
        settle();
        setList(stopList(listRef.current));
        setError(e);
        setLoading(false);
      },
    );
  }, [setList]);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setList(emptyList());
    setError(null);
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
  const update = useCallback((change: (l: PagedList<T>) => PagedList<T>) => setList(change(listRef.current)), [setList]);

  return { list, loading, error, loadMore, retry, reload, update };
}
