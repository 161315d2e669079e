import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A stand-in for Workbox-window: records what the app asks of it and lets a test fire its events.
const wb = vi.hoisted(() => {
  const state = {
    listeners: new Map<string, Array<(e: unknown) => void>>(),
    registration: { waiting: {} as object | null } as { waiting: object | null },
    url: "",
    options: {} as unknown,
    skipWaiting: 0,
    updates: 0,
    fire(type: string, event: unknown = {}) {
      for (const l of state.listeners.get(type) ?? []) l(event);
    },
  };
  return state;
});
vi.mock("workbox-window", () => ({
  Workbox: class {
    constructor(url: string, options: unknown) {
      wb.url = url;
      wb.options = options;
      wb.listeners.clear();
    }
    addEventListener(type: string, listener: (e: unknown) => void) {
      wb.listeners.set(type, [...(wb.listeners.get(type) ?? []), listener]);
    }
    async register() {
      return wb.registration;
    }
    messageSkipWaiting() {
      wb.skipWaiting++;
    }
    async update() {
      wb.updates++;
    }
  },
}));

const { linkManifest, MANIFESTS, registerServiceWorker, SW_URL, UPDATE_CHECK_MS } = await import("../../src/lib/pwa");

describe("the web app manifest in the app's language", () => {
  afterEach(() => document.head.querySelector('link[rel="manifest"]')?.remove());

  it("links the Arabic manifest while the app is in Arabic and the English one otherwise", () => {
    const link = Object.assign(document.createElement("link"), { rel: "manifest" });
    link.setAttribute("href", MANIFESTS.en);
    document.head.append(link);
    linkManifest("ar");
    expect(link.getAttribute("href")).toBe("./manifest.ar.webmanifest");
    linkManifest("en");
    expect(link.getAttribute("href")).toBe("./manifest.webmanifest");
  });

  it("links the manifest itself in the built app (the page links none), and does nothing on the dev server", () => {
    linkManifest("ar", document, false);
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
    linkManifest("ar", document, true);
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("./manifest.ar.webmanifest");
    linkManifest("en", document, true);
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("./manifest.webmanifest");
  });
});

describe("registering the service worker and updating", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    wb.skipWaiting = 0;
    wb.updates = 0;
    wb.registration = { waiting: {} };
  });
  afterEach(() => vi.useRealTimers());

  it("registers /sw.js at the root scope, the worker push notifications use", async () => {
    await registerServiceWorker(() => undefined);
    expect(wb.url).toBe("./sw.js");
    expect(SW_URL).toBe("./sw.js");
    expect(wb.options).toEqual({ scope: "./" });
  });

  it("a waiting version is offered, not taken: it takes over only when asked, and the page reloads once it controls it", async () => {
    const reload = vi.fn();
    let update: (() => Promise<void>) | undefined;
    await registerServiceWorker((apply) => (update = apply), reload);
    expect(update).toBeUndefined();
    wb.fire("waiting");
    expect(update).toBeTypeOf("function");
    expect(wb.skipWaiting).toBe(0);
    await update?.();
    expect(wb.skipWaiting).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire("controlling", { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload a tab that did not ask when another tab let the new version in; asking then just reloads", async () => {
    const reload = vi.fn();
    let update: (() => Promise<void>) | undefined;
    await registerServiceWorker((apply) => (update = apply), reload);
    wb.fire("waiting");
    wb.fire("controlling", { isUpdate: true, isExternal: true });
    expect(reload).not.toHaveBeenCalled();
    wb.registration.waiting = null;
    await update?.();
    expect(wb.skipWaiting).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("looks for a new version every hour while the app stays open", async () => {
    await registerServiceWorker(() => undefined);
    expect(wb.updates).toBe(0);
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(wb.updates).toBe(1);
  });
});

describe("the icons scripts/icons.mjs draws", () => {
  const size = (file: string) => {
    const png = readFileSync(`public/icons/${file}`);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    return [png.readUInt32BE(16), png.readUInt32BE(20)];
  };

  it("are PNGs of the sizes the manifest and iOS name", () => {
    expect(size("icon-192.png")).toEqual([192, 192]);
    expect(size("icon-512.png")).toEqual([512, 512]);
    expect(size("icon-maskable-512.png")).toEqual([512, 512]);
    expect(size("apple-touch-icon.png")).toEqual([180, 180]);
  });
});
