// Words from elsewhere in a right-to-left sentence (issue 16's walks): a title or a name written in English, put into
// an Arabic sentence, is isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) so that it keeps its
// own order and leaves the sentence's quotation marks and full stop where they belong: "«Water heater replaced»." broke
// into "«Water … .«heater replaced" at a line end. Arabic words, numbers and dates need nothing.

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]/;

/** `text` isolated from the sentence around it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Whether a word put into a right-to-left sentence needs isolating: Latin letters, and no Arabic ones. */
export const isForeign = (v: unknown): v is string => typeof v === "string" && LATIN.test(v) && !ARABIC.test(v);

/** A sentence's parameters for a right-to-left language: each foreign word isolated. */
export function isolated(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) out[k] = isForeign(v) ? isolate(v) : v;
  return out;
}
