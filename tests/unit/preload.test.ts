import { afterEach, describe, expect, it, vi } from "vitest";
import { loadInSteps, preloadChunk, resetPreloads } from "../../src/lib/preload";

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

  describe("loadInSteps", () => {
    /** A browser's import() of chunks: records each, and in which task it came (a counter the timers move on). */
    function fakeImports(failing: string[] = []) {
      let task = 0;
      const ran: Array<[string, number]> = [];
      const tick = () => {
        task++;
        if (task < 100) setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
      resetPreloads(async (name) => {
        ran.push([name, task]);
        if (failing.includes(name)) throw new TypeError("Failed to fetch dynamically imported module");
      });
      return { ran, task: () => task };
    }

    it("runs a screen's imports one by one, each after its own imports and in a task of its own, then the screen", async () => {
      // screen imports lists and phone; lists imports shell. Post-order, as the build writes it.
      map(JSON.stringify({ n: ["screen.js", "shell.js", "lists.js", "phone.js", "other.js"], d: { 0: [1, 2, 3], 4: [1, 2] } }));
      const { ran, task } = fakeImports();
      let screenAt = -1;
      const screen = await loadInSteps("screen.js", async () => {
        screenAt = task();
        return "the screen";
      });
      expect(screen).toBe("the screen");
      expect(ran.map(([n]) => n)).toEqual(["shell.js", "lists.js", "phone.js"]);
      const tasks = [...ran.map(([, t]) => t), screenAt];
      // Each later than the one before: no two in one task.
      expect(tasks.every((t, i) => i === 0 || t > tasks[i - 1])).toBe(true);
      // The screen's own chunk is fetched meanwhile, first of the links.
      expect(preloaded()[0]).toBe("./assets/screen.js");
      // A chunk that ran is not run again for the next screen that imports it.
      const other = vi.fn(async () => undefined);
      await loadInSteps("other.js", other);
      expect(ran).toHaveLength(3);
      expect(other).toHaveBeenCalledTimes(1);
    });

    it("leaves chunks of an import cycle (the build's x list) to the screen, and a failed step to the screen's own import", async () => {
      map(JSON.stringify({ n: ["screen.js", "a.js", "b.js", "c.js"], d: { 0: [1, 2, 3] }, x: [1, 2] }));
      const { ran } = fakeImports(["c.js"]);
      const load = vi.fn(async () => {
        throw new TypeError("offline");
      });
      await expect(loadInSteps("screen.js", load)).rejects.toThrow("offline");
      expect(ran.map(([n]) => n)).toEqual(["c.js"]);
      expect(load).toHaveBeenCalledTimes(1);
      // Tried again (load-again.ts), the step that failed is asked for again.
      await loadInSteps("screen.js", async () => undefined);
      expect(ran.map(([n]) => n)).toEqual(["c.js", "c.js"]);
    });

    it("is the import itself without the build's list (the development server, tests)", async () => {
      const load = vi.fn(async () => "x");
      await expect(loadInSteps("screen.js", load)).resolves.toBe("x");
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
