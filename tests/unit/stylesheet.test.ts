import { describe, expect, it } from "vitest";
import { loadStylesheet } from "../../src/lib/stylesheet";

describe("loadStylesheet", () => {
  it("links a stylesheet once and resolves when it has loaded", async () => {
    const first = loadStylesheet("./assets/leaflet-test.css");
    const again = loadStylesheet("./assets/leaflet-test.css");
    expect(again).toBe(first);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href="./assets/leaflet-test.css"]');
    expect(links).toHaveLength(1);
    links[0].dispatchEvent(new Event("load"));
    await expect(first).resolves.toBeUndefined();
  });

  it("resolves on a failed load too, so a map is never stuck", async () => {
    const done = loadStylesheet("./assets/missing.css");
    document.head.querySelector<HTMLLinkElement>('link[href="./assets/missing.css"]')?.dispatchEvent(new Event("error"));
    await expect(done).resolves.toBeUndefined();
  });
});
