import { effect } from "@preact/signals-react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeClockAndFrames, until } from "../fake-clock";

// The language module afresh, with no dictionary loaded yet; `up`: the first screen will be up once nothing loads (as
// after the app's first render), else it stays loading. The clock and the frames are fake from before the modules load
// (the first screen's frames and settling moment pass as `until` and `settle` advance them, not in real time).
async function fresh(up = true) {
  fakeClockAndFrames();
  vi.resetModules();
  const screen = await import("../../src/lib/first-screen");
  if (up) screen.appStarted();
  const language = await import("../../src/signals/language");
  const asked: string[] = [];
  language.setDictionaryFetcher(async (url) => {
    asked.push(url);
    const code = /(\w+)\.json$/.exec(url)?.[1];
    return new Response(JSON.stringify({ jobs: { title: `Jobs (${code})`, other: `Other (${code})` } }));
  });
  return { language, asked };
}
const words = (lang: string, path: string, body: unknown, ok = true) => {
  globalThis.__fixitWords = { lang, path, response: Promise.resolve(ok ? new Response(JSON.stringify(body)) : new Response("", { status: 404 })) };
};
const settle = () => vi.advanceTimersByTimeAsync(60);
afterEach(() => {
  vi.useRealTimers();
  globalThis.__fixitWords = undefined;
});

describe("the first screen's words (src/signals/language.ts)", () => {
  it("show the first screen at once, and the whole dictionaries follow once it is up", async () => {
    words("en", "/jobs", { jobs: { title: "Jobs (words)" } });
    const { language, asked } = await fresh();
    await language.startLanguage();
    expect(language.readyFor("/jobs")).toBe(true);
    expect(language.ready.value).toBe(false);
    expect(language.t("jobs.title")).toBe("Jobs (words)");
    expect(globalThis.__fixitWords).toBeUndefined();
    await until(() => expect(asked).toEqual(["./locales/en.json"]));
    await until(() => expect(language.ready.value).toBe(true));
    expect(language.t("jobs.other")).toBe("Other (en)");
  });

  it("make another screen wait for the whole dictionaries, and ask for them at once", async () => {
    words("en", "/jobs", { jobs: { title: "Jobs (words)" } });
    // The first screen is not up: nothing else asks for them.
    const { language, asked } = await fresh(false);
    await language.startLanguage();
    await settle();
    expect(asked).toEqual([]);
    expect(language.readyFor("/notifications")).toBe(false);
    await until(() => expect(asked).toContain("./locales/en.json"));
    await until(() => expect(language.readyFor("/notifications")).toBe(true));
  });

  it("are not used for another language, and a missing words file loads the whole dictionaries", async () => {
    words("ar", "/jobs", { jobs: { title: "ignored" } });
    let { language, asked } = await fresh();
    await language.startLanguage();
    expect(language.ready.value).toBe(true);
    expect(language.t("jobs.title")).toBe("Jobs (en)");
    expect(asked).toEqual(["./locales/en.json"]);

    words("en", "/jobs", {}, false);
    ({ language, asked } = await fresh());
    await language.startLanguage();
    expect(language.ready.value).toBe(true);
    expect(asked).toEqual(["./locales/en.json"]);
    await settle();
  });

  it("leave what the first screen shows as it is when the whole dictionaries come, unless a word was missing", async () => {
    words("en", "/jobs", { jobs: { title: "Jobs (words)" } });
    let { language } = await fresh();
    await language.startLanguage();
    // What a component renders: it runs again only when a word it shows may change.
    const shown: string[] = [];
    const stop = effect(() => void shown.push(language.t("jobs.title")));
    await until(() => expect(language.ready.value).toBe(true));
    await settle();
    expect(shown).toEqual(["Jobs (words)"]);
    stop();

    // A word the screen's words did not hold showed as its key: the dictionary's arrival renders it again.
    words("en", "/jobs", { jobs: { title: "Jobs (words)" } });
    ({ language } = await fresh());
    await language.startLanguage();
    const other: string[] = [];
    const stopOther = effect(() => void other.push(language.t("jobs.other")));
    await until(() => expect(other.at(-1)).toBe("Other (en)"));
    expect(other[0]).toBe("jobs.other");
    stopOther();
  });
});
