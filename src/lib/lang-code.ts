// The app's languages and how a stored code is read: a leaf, so the page's boot script (src/boot.ts) reads the stored
// language exactly as the app does (src/signals/language.ts).
export const LANGUAGES = ["en", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const FALLBACK: Lang = "en";

export function normalise(code: string | null | undefined): Lang {
  return (LANGUAGES as readonly string[]).includes(code ?? "") ? (code as Lang) : FALLBACK;
}
