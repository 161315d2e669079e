import { afterEach, describe, expect, it } from "vitest";
import { preloadChunk, resetPreloads } from "../../src/lib/preload";

afterEach(() => {
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
    map(JSON.stringify({ n: ["jobs-1.js", "zod-2.js", "dates-3.js", "repairs-4.js"], d: { 0: [1, 2], 3: [1] } }));
    preloadChunk("jobs-1.js");
    expect(preloaded()).toEqual(["./assets/zod-2.js", "./assets/dates-3.js"]);
    preloadChunk("assets/repairs-4.js");
    expect(preloaded()).toHaveLength(2);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')?.crossOrigin).toBe("");
  });

  it("does nothing for a chunk it has no list for, or without the list (the dev server, tests)", () => {
    map(JSON.stringify({ n: ["a.js"], d: {} }));
    preloadChunk("a.js");
    preloadChunk("unknown.js");
    expect(preloaded()).toEqual([]);
    resetPreloads();
    document.getElementById("chunk-preloads")?.remove();
    map("not json");
    expect(() => preloadChunk("a.js")).not.toThrow();
    expect(preloaded()).toEqual([]);
  });
});
