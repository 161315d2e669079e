// Paging rules of the staff list (SPEC.md section 4), kept pure so they can be tested without a screen.

export interface PagedList<T> {
  items: T[];
  /** The server's total, once a page has told us. */
  total: number | null;
  /** The page to ask for next (1-based). */
  nextPage: number;
  /** No more pages: the loaded count reached the total, a page came back empty, or loading failed. */
  done: boolean;
}

export const emptyList = <T>(): PagedList<T> => ({ items: [], total: null, nextPage: 1, done: false });

/** Appends `incoming` to `items`, skipping any whose key is already there (pages can overlap when rows are added meanwhile). */
export function mergeUnique<T>(items: readonly T[], incoming: readonly T[], key: (item: T) => unknown): T[] {
  const seen = new Set(items.map(key));
  const out = [...items];
  for (const item of incoming) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/** Stop when the loaded count reaches the server's total or a page returns empty. */
export const isFinished = (loaded: number, total: number | null, pageSize: number) => pageSize === 0 || (total != null && loaded >= total);

/** The list after one page arrived. */
export function applyPage<T>(list: PagedList<T>, page: { data: readonly T[]; total?: number | null }, key: (item: T) => unknown): PagedList<T> {
  const items = mergeUnique(list.items, page.data, key);
  const total = page.total ?? list.total;
  return { items, total, nextPage: list.nextPage + 1, done: isFinished(items.length, total, page.data.length) };
}

/** The list with a newly created item shown first; it counts towards the total once. */
export function prependItem<T>(list: PagedList<T>, item: T, key: (item: T) => unknown): PagedList<T> {
  if (list.items.some((i) => key(i) === key(item))) return list;
  const items = [item, ...list.items];
  const total = list.total == null ? null : list.total + 1;
  return { ...list, items, total, done: list.done || isFinished(items.length, total, 1) };
}

/** The list after a failed page: what is loaded stays, nothing more is asked for. */
export const stopList = <T>(list: PagedList<T>): PagedList<T> => ({ ...list, done: true });
