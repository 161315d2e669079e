// The ISO 639-1 languages for the languages multi-select (D12). The `iso-639-1` package is imported dynamically so
// it is a separate chunk; names in the UI language come from Intl.DisplayNames, with the package's name as fallback.
import { displayName, sortedByName, withNames } from "../lib/display-names";
import { loadOnce } from "../lib/load-again";

export interface Language {
  /** Two-letter ISO 639-1 code, e.g. "ar". */
  code: string;
  en: string;
  ar: string;
  native: string;
  /** Other English names people type (e.g. "Bengali" where CLDR says "Bangla"); searched like `en`. */
  aliases?: string[];
}

/**
 * Common English names that CLDR (and so Intl.DisplayNames, depending on the ICU version) spells otherwise; the
 * package's own English name is added too when it differs.
 */
const EN_ALIASES: Record<string, string[]> = { bn: ["Bengali"], fa: ["Farsi"], or: ["Oriya"], pa: ["Panjabi"], tl: ["Tagalog"] };

/** CLDR names Twi (tw) "Akan", as it names ak: two entries of the list read alike, in both languages (walked). */
const OWN_NAMES: Record<string, { en: string; ar: string }> = { tw: { en: "Twi", ar: "التوي" } };

/**
 * Loads the ISO 639-1 list once (lazily); a load that failed (offline) is tried again by the next call. A language's
 * names (and the aliases that depend on its English one) are looked up the first time they are read (withNames).
 */
export const loadLanguages: () => Promise<Language[]> = loadOnce(() =>
  import("iso-639-1").then((m) => {
    // A CommonJS package: the class is the default export, or the module itself when the bundler unwraps it.
    const ISO6391 = ((m as unknown as { default?: typeof m.default }).default ?? m) as typeof m.default;
    return ISO6391.getAllCodes().map((code) => {
      const pkgName = ISO6391.getName(code);
      let aliases: string[] | undefined;
      const base = {
        code,
        native: ISO6391.getNativeName(code) || pkgName,
        get aliases() {
          aliases ??= [...new Set([pkgName, ...(EN_ALIASES[code] ?? [])])].filter((a) => a && a !== language.en);
          return aliases;
        },
      };
      const own = OWN_NAMES[code];
      const language: Language = own
        ? (Object.defineProperties(base, { en: { value: own.en, enumerable: true }, ar: { value: own.ar, enumerable: true } }) as Language)
        : withNames(base, "language", code, pkgName);
      return language;
    });
  }),
);

/** The display name of a language in the UI language. */
export function languageName(l: Language, lang: string): string {
  if (lang === "ar") return l.ar;
  if (lang === "en") return l.en;
  return displayName("language", lang, l.code) || l.en;
}

/** Languages sorted by their name in `lang` (the same array each time for a list and language). */
export const sortLanguages = (list: Language[], lang: string): Language[] => sortedByName(list, lang, languageName);

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, "")
    .replace(/[أإآ]/g, "ا")
    .toLowerCase();

const wordStart = (name: string, q: string) => name.startsWith(q) || name.split(/[\s\-–(),/]+/).some((w) => w.startsWith(q));

/**
 * Filters by name in the UI language, English (and its aliases), Arabic or the language itself, or by code, best
 * first: the code itself, then names in the UI language or English that start with the text, then a word that starts
 * with it, then any name that contains it ('urd' lists Urdu before Kurdish). Within a rank the list's order stays.
 */
export function searchLanguages(list: Language[], query: string, lang = "en"): Language[] {
  const q = fold(query.trim());
  if (!q) return list;
  const rank = (l: Language): number => {
    if (l.code === q) return 0;
    const own = [languageName(l, lang), l.en, ...(l.aliases ?? [])].map(fold);
    if (own.some((n) => n.startsWith(q))) return 1;
    const all = [...own, fold(l.ar), fold(l.native)];
    if (all.some((n) => wordStart(n, q))) return 2;
    if (all.some((n) => n.includes(q))) return 3;
    return -1;
  };
  return list
    .map((l, i) => ({ l, i, r: rank(l) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.l);
}
