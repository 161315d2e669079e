// Names of countries and languages in a language, from the browser (Intl.DisplayNames: no bytes, D12). One formatter
// per language and kind, made on first use; undefined where the browser has no name (or no Intl.DisplayNames).
const formatters = new Map<string, Intl.DisplayNames | null>();

export function displayName(type: "region" | "language", lang: string, code: string): string | undefined {
  const key = `${type}:${lang}`;
  let names = formatters.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type, fallback: "none" });
    } catch {
      names = null;
    }
    formatters.set(key, names);
  }
  try {
    return names?.of(code) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `item` with its English and Arabic names (`fallback` where the browser has none) as properties looked up the first
 * time they are read: a form shows a few names until its list opens, and naming a whole list in two languages as the
 * form first rendered took about 65 ms of a cheap phone (issue 16). `englishIsFallback`: the English name is `fallback`
 * itself, never the browser's (see countries.ts).
 */
export function withNames<T extends object>(
  item: T,
  type: "region" | "language",
  code: string,
  fallback: string,
  englishIsFallback = false,
): T & { readonly en: string; readonly ar: string } {
  const names: { en?: string; ar?: string } = englishIsFallback ? { en: fallback } : {};
  const name = (lang: "en" | "ar") => {
    names[lang] ??= displayName(type, lang, code) || fallback;
    return names[lang];
  };
  return Object.defineProperties(item, {
    en: { enumerable: true, get: () => name("en") },
    ar: { enumerable: true, get: () => name("ar") },
  }) as T & { readonly en: string; readonly ar: string };
}

/** Each list sorted by name, per language, made once: the pickers sort only when their list opens (issue 16). */
const sortedLists = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/** `list` sorted by `name` in `lang` (Intl.Collator), the same array for the same list and language. */
export function sortedByName<T extends object>(list: readonly T[], lang: string, name: (item: T, lang: string) => string): T[] {
  let byLang = sortedLists.get(list);
  if (!byLang) sortedLists.set(list, (byLang = new Map()));
  let sorted = byLang.get(lang) as T[] | undefined;
  if (!sorted) {
    const coll = new Intl.Collator(lang);
    sorted = [...list].sort((a, b) => coll.compare(name(a, lang), name(b, lang)));
    byLang.set(lang, sorted);
  }
  return sorted;
}
