import { describe, expect, it } from "vitest";
import { applyPage, emptyList, isFinished, mergeUnique, prependItem, stopList } from "../../src/lib/infinite-list";

type Row = { user_id: number; name: string };
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ user_id: id, name: `n${id}` }));
const key = (r: Row) => r.user_id;
const ids = (list: { items: Row[] }) => list.items.map(key);

describe("mergeUnique", () => {
  it("appends only the rows whose user_id is not there yet, keeping the first copy", () => {
    const merged = mergeUnique(rows(1, 2, 3), [{ user_id: 3, name: "again" }, ...rows(4, 4, 5)], key);
    expect(merged.map(key)).toEqual([1, 2, 3, 4, 5]);
    expect(merged[2].name).toBe("n3");
  });
});

describe("applyPage", () => {
  it("de-duplicates across overlapping pages (a row shifted onto the next page) and counts each employee once", () => {
    let list = emptyList<Row>();
    list = applyPage(list, { data: rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), total: 25 }, key);
    list = applyPage(list, { data: rows(10, 11, 12, 13, 14, 15, 16, 17, 18, 19), total: 25 }, key);
    list = applyPage(list, { data: rows(19, 20, 21, 22, 23, 24, 25), total: 25 }, key);
    expect(ids(list)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(list.done).toBe(true);
    expect(list.nextPage).toBe(4);
  });

  it("keeps going while the loaded count is under the total", () => {
    const list = applyPage(emptyList<Row>(), { data: rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), total: 11 }, key);
    expect(list).toMatchObject({ done: false, nextPage: 2, total: 11 });
  });

  it("stops when the loaded count reaches the total", () => {
    const list = applyPage(emptyList<Row>(), { data: rows(1, 2, 3), total: 3 }, key);
    expect(list.done).toBe(true);
  });

  it("stops when a page comes back empty even though the total promised more", () => {
    let list = applyPage(emptyList<Row>(), { data: rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), total: 30 }, key);
    list = applyPage(list, { data: [], total: 30 }, key);
    expect(list.done).toBe(true);
    expect(list.items).toHaveLength(10);
  });

  it("stops when a page brings nothing new only if the total is reached", () => {
    let list = applyPage(emptyList<Row>(), { data: rows(1, 2), total: 4 }, key);
    list = applyPage(list, { data: rows(1, 2), total: 4 }, key);
    expect(list.done).toBe(false);
    expect(list.nextPage).toBe(3);
  });

  it("treats an empty company as finished after the first page", () => {
    const list = applyPage(emptyList<Row>(), { data: [], total: 0 }, key);
    expect(list).toMatchObject({ done: true, items: [], total: 0 });
  });
});

describe("isFinished", () => {
  it("is true for an empty page or a reached total and false otherwise", () => {
    expect(isFinished(5, 10, 0)).toBe(true);
    expect(isFinished(10, 10, 10)).toBe(true);
    expect(isFinished(9, 10, 10)).toBe(false);
    expect(isFinished(9, null, 10)).toBe(false);
  });
});

describe("prependItem", () => {
  it("shows a new employee first and counts it in the total", () => {
    const list = applyPage(emptyList<Row>(), { data: rows(1, 2), total: 12 }, key);
    const next = prependItem(list, { user_id: 99, name: "new" }, key);
    expect(ids(next)).toEqual([99, 1, 2]);
    expect(next.total).toBe(13);
    expect(next.done).toBe(false);
  });

  it("does not add the same employee twice when a later page brings it again", () => {
    let list = applyPage(emptyList<Row>(), { data: rows(1, 2), total: 3 }, key);
    list = prependItem(list, { user_id: 3, name: "new" }, key);
    expect(list.done).toBe(false);
    list = prependItem(list, { user_id: 3, name: "new" }, key);
    expect(ids(list)).toEqual([3, 1, 2]);
    list = applyPage(list, { data: rows(3), total: 4 }, key);
    expect(ids(list)).toEqual([3, 1, 2]);
    expect(list.total).toBe(4);
  });

  it("keeps a fully loaded list finished", () => {
    const list = prependItem(applyPage(emptyList<Row>(), { data: rows(1), total: 1 }, key), { user_id: 2, name: "b" }, key);
    expect(list).toMatchObject({ done: true, total: 2 });
  });
});

describe("stopList", () => {
  it("keeps what is loaded and asks for nothing more", () => {
    const list = stopList(applyPage(emptyList<Row>(), { data: rows(1), total: 5 }, key));
    expect(list).toMatchObject({ done: true, items: rows(1) });
  });
});
