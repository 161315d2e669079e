// The ISO 639-1 languages for the languages multi-select (D12). The `iso-639-1` package is imported dynamically so
// it is a separate chunk; names in the UI language come from Intl.DisplayNames, with the package's name as fallback.

export interface Language {
  /** Two-letter ISO 639-1 code, e.g. "ar". */
  code: string;
  en: string;
  ar: string;
  native: string;
}

function names(lang: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lang], { type: "language", fallback: "none" });
  } catch {
    return null;
  }
}
const of = (d: Intl.DisplayNames | null, code: string) => {
  try {
    return d?.of(code);
  } catch {
    return undefined;
  }
};

let cache: Promise<Language[]> | null = null;

/** Loads the ISO 639-1 list once (lazily). */
export function loadLanguages(): Promise<Language[]> {
  cache ??= import("iso-639-1")
    .then((m) => {
      // A CommonJS package: the class is the default export, or the module itself when the bundler unwraps it.
      const ISO6391 = ((m as unknown as { default?: typeof m.default }).default ?? m) as typeof m.default;
      const en = names("en");
      const ar = names("ar");
      return ISO6391.getAllCodes().map((code) => {
        const pkgName = ISO6391.getName(code);
        return { code, en: of(en, code) || pkgName, ar: of(ar, code) || pkgName, native: ISO6391.getNativeName(code) || pkgName };
      });
    })
    .catch((e) => {
      cache = null;
      throw e;
    });
  return cache;
}

/** The display name of a language in the UI language. */
export function languageName(l: Language, lang: string): string {
  if (lang === "ar") return l.ar;
  if (lang === "en") return l.en;
  return of(names(lang), l.code) || l.en;
}

export function sortLanguages(list: Language[], lang: string): Language[] {
  const coll = new Intl.Collator(lang);
  return [...list].sort((a, b) => coll.compare(languageName(a, lang), languageName(b, lang)));
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, "").replace(/[أإآ]/g, "ا").toLowerCase();

/** Filters by name in English, Arabic or the language itself, or by code. */
export function searchLanguages(list: Language[], query: string): Language[] {
  const q = fold(query.trim());
  if (!q) return list;
  return list.filter((l) => l.code === q || [l.en, l.ar, l.native].some((n) => fold(n).includes(q)));
}
