// The app's languages and how a stored code is read: a leaf, so the page's boot script (src/boot.ts) reads the stored
// language exactly as the app does (src/signals/language.ts).
export const LANGUAGES = ["en", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const FALLBACK: Lang = "en";

export function normalise(code: string | null | undefined): Lang {
  return (LANGUAGES as readonly string[]).includes(code ?? "") ? (code as Lang) : FALLBACK;
}

/**
 * The first screen's words (issue 16): the page's boot script (src/boot.ts) asks for the part of the dictionary the
 * screen it opens on shows (locales/{lng}.{screen}.json, picked by the build) instead of the whole dictionary, and
 * leaves the answer here for the app (src/signals/language.ts).
 */
export interface FirstWords {
  lang: string;
  /** The route the words are for. */
  path: string;
  response: Promise<Response | null>;
}

declare global {
  var __fixitWords: FirstWords | undefined;
}
