// Countries for the dial-code picker (D12). The `countries-list` package is imported dynamically, so its data is a
// separate chunk fetched only when a picker first needs it; names come from Intl.DisplayNames at no byte cost.
import { displayName, sortedByName, withNames } from "../lib/display-names";
import { loadOnce } from "../lib/load-again";

export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. "OM". */
  iso: string;
  /** Emoji flag. */
  flag: string;
  /** Every dial code of the country, each like "+968"; the first is the one offered. */
  dials: string[];
  /** Names used for display and search. */
  en: string;
  ar: string;
  native: string;
}

export const DEFAULT_DIAL = "+968";
export const DEFAULT_ISO = "OM";

/** Which country a shared dial code stands for when only the code is known (e.g. a prefilled "+1"). */
const PREFERRED: Record<string, string> = {
  "+1": "US",
  "+7": "RU",
  "+44": "GB",
  "+61": "AU",
  "+47": "NO",
  "+39": "IT",
  "+358": "FI",
  "+212": "MA",
  "+262": "RE",
  "+590": "GP",
  "+599": "CW",
  "+672": "NF",
  "+968": "OM",
};

/** The name of a country in `lang` from the browser, falling back to the package's English name. */
export const regionName = (iso: string, lang: string, fallback: string): string => displayName("region", lang, iso) || fallback;

/**
 * Loads the 252 countries once (lazily); a load that failed (offline) is tried again by the next call. The English name
 * is the package's ("Ivory Coast", "Saint Lucia"; CLDR says "Côte d’Ivoire", "St. Lucia"): the browser loads its names
 * of a language whole on the first lookup, about 20 ms of a fast machine's CPU in one piece, which every form with a
 * dial code paid after its first screen for the one name on its button (issue 16, measured in Chromium). The Arabic
 * name is the browser's, looked up the first time it is read (withNames).
 */
export const loadCountries: () => Promise<Country[]> = loadOnce(() =>
  import("countries-list").then(({ countries, getEmojiFlag }) =>
    Object.entries(countries).map(
      ([iso, c]): Country =>
        withNames(
          { iso, flag: getEmojiFlag(iso as Parameters<typeof getEmojiFlag>[0]), dials: c.phone.map((p) => `+${p}`), native: c.native },
          "region",
          iso,
          c.name,
          true,
        ),
    ),
  ),
);

/** The display name of a country in the UI language. */
export const countryName = (c: Country, lang: string) => (lang === "ar" ? c.ar : lang === "en" ? c.en : regionName(c.iso, lang, c.en));

/** Countries sorted by their name in `lang` (the same array each time for a list and language). */
export const sortCountries = (list: Country[], lang: string): Country[] => sortedByName(list, lang, countryName);

/** Normalises a dial code typed or decoded from elsewhere: "968", "00968" and "+968" all give "+968". */
export function normaliseDial(raw: unknown): string {
  const digits = String(raw ?? "")
    .replace(/^\s*(\+|00)/, "")
    .replace(/\D/g, "");
  return digits ? `+${digits}` : "";
}

/** The country a dial code belongs to; `preferIso` wins when it has that code (two countries can share one). */
export function countryForDial(list: Country[], dial: string, preferIso?: string | null): Country | undefined {
  const matches = list.filter((c) => c.dials.includes(dial));
  if (matches.length < 2) return matches[0];
  return matches.find((c) => c.iso === preferIso) ?? matches.find((c) => c.iso === PREFERRED[dial]) ?? matches[0];
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, "")
    .replace(/[أإآ]/g, "ا")
    .toLowerCase();

/** Filters by name in English, Arabic or the country's own language, ISO code, or dial code (with or without +). */
export function searchCountries(list: Country[], query: string): Country[] {
  const q = fold(query.trim());
  if (!q) return list;
  const digits = q.replace(/^(\+|00)/, "");
  const isDial = /^\d+$/.test(digits);
  return list.filter((c) => {
    if (isDial) return c.dials.some((d) => d.slice(1).startsWith(digits));
    if (c.iso.toLowerCase() === q) return true;
    return [c.en, c.ar, c.native].some((n) => fold(n).includes(q));
  });
}
