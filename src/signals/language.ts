import { computed, effect, signal } from "@preact/signals-react";
import rosetta from "rosetta";
import { FALLBACK, type FirstWords, LANGUAGES, type Lang, normalise } from "../lib/lang-code";
import { isolated } from "../lib/bidi";
import { afterFirstScreen } from "../lib/first-screen";
import { readKey, writeKey } from "../lib/storage";

export { FALLBACK, LANGUAGES, type Lang, normalise };

const i18n = rosetta<Record<string, unknown>>();
const loaded = new Set<string>();
/** Bumped when a dictionary arrives that may change a word shown, so components that translate re-render. */
const dictVersion = signal(0);
/** Bumped whenever a dictionary arrives (ready). */
const loadedVersion = signal(0);
/** A word asked for was not in the language's dictionary (English or the key stood in) since the last re-render. */
let missed = false;

export const lang = signal<Lang>(normalise(readKey("language")));
// Of the app's languages (LANGUAGES), Arabic is the one written right to left.
export const dir = computed(() => (lang.value === "ar" ? "rtl" : "ltr"));
export const ready = computed(() => loadedVersion.value >= 0 && loaded.has(lang.value) && loaded.has(FALLBACK));
/** The first screen's words, while they are all the app has (startLanguage): their language and route. */
const firstWords = signal<{ lang: string; path: string } | null>(null);

/**
 * Whether the screen at `path` can be shown: the whole dictionaries are in, or it is the first screen and its words
 * are. A screen left for another before the whole dictionaries came asks for them at once (and waits for them).
 */
export function readyFor(path: string): boolean {
  const words = firstWords.value;
  if (words?.lang !== lang.value) return ready.value;
  // The first screen reads only its words: the whole dictionaries' arrival does not render it again (addDictionary).
  if (words.path === path || ready.value) return true;
  void wholeDictionaries();
  return false;
}

/** Translates a key in the current language, falling back to English, then to the key itself. */
export function t(key: string, params?: Record<string, unknown>): string {
  void dictVersion.value;
  const current = lang.value;
  // An English title or name in an Arabic sentence, or an Arabic one in an English sentence, keeps its own order
  // (lib/bidi.ts).
  if (params) params = isolated(params, current === "ar");
  const word = i18n.t(key, params, current);
  if (!word) missed = true;
  return word || (current !== FALLBACK && i18n.t(key, params, FALLBACK)) || key;
}

/**
 * Adds a language's dictionary. What translates renders again, unless the first screen is showing from its words
 * (startLanguage) and none was missing: the whole dictionaries hold the same words, so on a cheap phone the screen is
 * not rendered again (once a language) just as it becomes usable.
 */
export function addDictionary(code: string, dict: Record<string, unknown>) {
  i18n.set(code, dict);
  loaded.add(code);
  loadedVersion.value++;
  if (missed || !firstWords.peek()) {
    missed = false;
    dictVersion.value++;
  }
}

let fetcher: (url: string) => Promise<Response> = (url) => fetch(url);
export const setDictionaryFetcher = (f: typeof fetcher) => (fetcher = f);

const loading = new Map<string, Promise<void>>();

/**
 * Fetches ../locales/{lng}.json once per language (SPEC.md section 7): a second ask while the first is on its way (at
 * boot English is both the fallback and, usually, the language) shares it; a failed one may be asked again.
 */
export function loadDictionary(code: string): Promise<void> {
  if (loaded.has(code)) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = (async () => {
      const res = await fetcher(`./locales/${code}.json`);
      if (!res.ok) throw new Error(`locale ${code}: ${res.status}`);
      addDictionary(code, await res.json());
    })().finally(() => loading.delete(code));
    loading.set(code, pending);
  }
  return pending;
}

/** The whole dictionaries of `code` and of the fallback (once each). */
const withFallback = (code: string) => Promise.all([loadDictionary(FALLBACK), loadDictionary(code)]);

/** The whole dictionaries of the language shown and of the fallback. */
export const wholeDictionaries = () => withFallback(lang.peek());

/**
 * The app's first dictionaries: the first screen's words when the page asked for them (src/boot.ts), else the whole
 * dictionaries (setLanguage). With the words, the first screen does not wait for 16 KB of other screens' sentences;
 * the whole dictionaries follow: on the first touch or key (a sheet, a form), on leaving the screen (readyFor), or
 * once the first screen is up and the browser has a moment (src/lib/first-screen.ts).
 */
export async function startLanguage(): Promise<void> {
  const early = globalThis.__fixitWords;
  globalThis.__fixitWords = undefined;
  const code = lang.peek();
  const answer = early?.lang === code ? await early.response : null;
  const words = answer?.ok ? await answer.json().catch(() => null) : null;
  if (!words || loaded.has(code)) return setLanguage(code);
  i18n.set(code, words);
  missed = false;
  firstWords.value = { lang: code, path: (early as FirstWords).path };
  dictVersion.value++;
  // Once: loadDictionary asks for each file once however often this runs.
  const whole = () => void wholeDictionaries().catch(() => undefined);
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, whole, { capture: true, once: true });
  afterFirstScreen(whole);
}

export async function setLanguage(code: string) {
  const next = normalise(code);
  await withFallback(next).catch(() => undefined);
  lang.value = next;
}

export function watchLanguage() {
  return effect(() => {
    writeKey("language", lang.value);
    document.documentElement.lang = lang.value;
    document.documentElement.dir = dir.value;
  });
}
