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
