import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadChunk, resetPreloads } from "../../src/lib/preload";

afterEach(() => {
  vi.useRealTimers();
  resetPreloads();
  for (const e of document.head.querySelectorAll(`link[rel="modulepreload"], #chunk-preloads`)) e.remove();
});

const map = (json: string) => {
  const s = document.createElement("script");
  s.type = "application/json";
  s.id = "chunk-preloads";
  s.textContent = json;
  document.head.appendChild(s);
};
const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

describe("preloadChunk", () => {
  it("preloads what a lazy chunk imports, as index.html lists it, each file once", () => {
    vi.useFakeTimers();
    map(JSON.stringify({ n: ["jobs-1.js", "zod-2.js", "dates-3.js", "repairs-4.js"], d: { 0: [1, 2], 3: [1] } }));
    preloadChunk("jobs-1.js");
    vi.runAllTimers();
    expect(preloaded()).toEqual(["./assets/zod-2.js", "./assets/dates-3.js"]);
    preloadChunk("assets/repairs-4.js");
    vi.runAllTimers();
    expect(preloaded()).toHaveLength(2);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')?.crossOrigin).toBe("");
  });

  it("adds the links after the task that asked, a few per task (issue 16: not inside the boot's longest task)", () => {
    vi.useFakeTimers();
    const names = Array.from({ length: 10 }, (_, i) => `dep-${i}.js`);
    map(JSON.stringify({ n: ["screen.js", ...names], d: { 0: names.map((_, i) => i + 1) } }));
    preloadChunk("screen.js");
    expect(preloaded()).toEqual([]);
    const perTask: number[] = [];
    while (vi.getTimerCount() > 0) {
      const before = preloaded().length;
      vi.advanceTimersToNextTimer();
      perTask.push(preloaded().length - before);
    }
    expect(perTask).toEqual([2, 2, 2, 2, 2]);
    expect(preloaded()).toEqual(names.map((n) => `./assets/${n}`));
  });

  it("does nothing for a chunk it has no list for, or without the list (the dev server, tests)", async () => {
    map(JSON.stringify({ n: ["a.js"], d: {} }));
    preloadChunk("a.js");
    preloadChunk("unknown.js");
    await new Promise((r) => setTimeout(r, 5));
    expect(preloaded()).toEqual([]);
    resetPreloads();
    document.getElementById("chunk-preloads")?.remove();
    map("not json");
    expect(() => preloadChunk("a.js")).not.toThrow();
    expect(preloaded()).toEqual([]);
  });
});
