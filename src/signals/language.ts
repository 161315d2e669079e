import { computed, effect, signal } from "@preact/signals-react";
import rosetta from "rosetta";
import { FALLBACK, LANGUAGES, type Lang, normalise } from "../lib/lang-code";
import { readKey, writeKey } from "../lib/storage";

export { FALLBACK, LANGUAGES, type Lang, normalise };
const RTL = new Set(["ar", "he", "fa", "ur"]);

const i18n = rosetta<Record<string, unknown>>();
const loaded = new Set<string>();
/** Bumped when a dictionary arrives, so components that translate re-render. */
const dictVersion = signal(0);

export const lang = signal<Lang>(normalise(readKey("language")));
export const dir = computed(() => (RTL.has(lang.value) ? "rtl" : "ltr"));
export const ready = computed(() => dictVersion.value >= 0 && loaded.has(lang.value) && loaded.has(FALLBACK));

export const isRtl = (code: string) => RTL.has(code);

/** Translates a key in the current language, falling back to English, then to the key itself. */
export function t(key: string, params?: Record<string, unknown>): string {
  void dictVersion.value;
  const current = lang.value;
  return i18n.t(key, params, current) || (current !== FALLBACK ? i18n.t(key, params, FALLBACK) : "") || key;
}

export function addDictionary(code: string, dict: Record<string, unknown>) {
  i18n.set(code, dict);
  loaded.add(code);
  dictVersion.value++;
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

export async function setLanguage(code: string) {
  const next = normalise(code);
  await Promise.all([loadDictionary(FALLBACK), loadDictionary(next)]).catch(() => undefined);
  lang.value = next;
}

export function watchLanguage() {
  return effect(() => {
    writeKey("language", lang.value);
    document.documentElement.lang = lang.value;
    document.documentElement.dir = dir.value;
  });
}
