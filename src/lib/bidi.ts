// Words from elsewhere in a right-to-left sentence: a title or a name written in English, put into an Arabic sentence,
// is isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) so that it keeps its own order whatever
// it starts or ends with. Seen in Chromium: «2 taps leaking» showed as «taps leaking 2» in an Arabic sentence (its
// leading number joined the Arabic around it); isolated, it reads as typed. A title of letters alone showed right
// either way. Arabic words, numbers and dates need nothing.

/**
 * Latin letters, and no Arabic ones: a word that needs isolating in a right-to-left sentence. A link is never
 * isolated: the marks would become part of it when the sentence is shared (an invitation's token ended in %E2%81%A9
 * and the link was refused), and a link is written on its own at a sentence's end.
 */
const FOREIGN = /^(?!\w+:\/\/)[^\u0600-\u06ff]*[a-z][^\u0600-\u06ff]*$/i;

/** Arabic letters in it: a word that needs isolating in a left-to-right sentence. */
export const hasArabic = (v: unknown): v is string => typeof v === "string" && /[\u0600-\u06ff]/.test(v);

/** `text` isolated from the sentence around it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Whether a word put into a right-to-left sentence needs isolating. */
export const isForeign = (v: unknown): v is string => typeof v === "string" && FOREIGN.test(v);

/** `word` as it goes into a right-to-left sentence: isolated when it is foreign, else as it is. */
export const inRtl = (word: string) => (isForeign(word) ? isolate(word) : word);

/**
 * A sentence's parameters: in a right-to-left language each foreign word isolated, in a left-to-right one each word
 * with Arabic letters (walked: "Unit 101, برج الاختبار" drew as "Unit 101 ,برج الاختبار" in English). A copy; t() does it.
 */
export function isolated<T extends object>(params: T, rtl = true): T {
  const out = { ...params } as Record<string, unknown>;
  // The marks written out rather than isolate(): in the first load, the call cost 17 bytes of gzip more (measured).
  for (const k in out) {
    const v = out[k];
    if (rtl ? isForeign(v) : hasArabic(v)) out[k] = `\u2068${v}\u2069`;
  }
  return out as unknown as T;
}
