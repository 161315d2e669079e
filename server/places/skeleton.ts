// Arabic place names against the gazetteer's Latin ones (D10's package has no Arabic names): both are brought to a
// skeleton of consonant sounds, word by word, the way Gulf names are written in Latin letters. "مسقط" and "Muscat" are
// both "mskt", "الشارقة" and "Sharjah" "srk", "رأس الخيمة" and "Ras al Khaimah" "rs km". Vowels, long or short, and
// the letters that write them (ا و ي ى ة, a e i o u w y) carry nothing; the article goes; letters Latin spellings
// confuse fall together (q, c, g, j and k; s, sh, ص and ش; d, dh, ض and ظ; t, th, ط and ث); doubles count once; an h
// ending a word goes (ة and ح there are both written "ah").

/** Arabic letters: a query that has any is matched by skeleton. */
export const ARABIC = /[\u0600-\u06ff]/;

const ARABIC_SOUNDS: Record<string, string> = {
  ب: "b",
  پ: "b",
  ت: "t",
  ث: "t",
  ط: "t",
  ج: "k",
  چ: "k",
  ك: "k",
  ق: "k",
  خ: "k",
  غ: "k",
  گ: "k",
  ح: "h",
  ه: "h",
  د: "d",
  ذ: "d",
  ض: "d",
  ظ: "d",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "s",
  ص: "s",
  ف: "f",
  ڤ: "f",
  ل: "l",
  م: "m",
  ن: "n",
};

/** The end of a word's skeleton: doubles once, no h last. */
const finish = (s: string) => s.replace(/(.)\1+/g, "$1").replace(/h$/, "");

/** Joins a name's word skeletons, dropping an article before another word and words that leave nothing. */
function join(words: string[], isArticle: (w: string) => boolean, sounds: (w: string) => string): string {
  const out: string[] = [];
  words.forEach((w, i) => {
    if (i < words.length - 1 && isArticle(w)) return;
    const s = finish(sounds(w));
    if (s) out.push(s);
  });
  return out.join(" ");
}

const LATIN_ARTICLES = new Set(["al", "el", "as", "ash", "ar", "ad", "adh", "an", "at", "ath", "az"]);
const latinSounds = (w: string) =>
  w
    .replace(/([sdtkgp])h/g, (_, c: string) => ({ s: "s", d: "d", t: "t", k: "k", g: "k", p: "f" })[c] as string)
    .replace(/[cqgjx]/g, "k")
    .replace(/p/g, "b")
    .replace(/v/g, "f")
    .replace(/[aeiouwy]/g, "")
    .replace(/[^a-z]/g, "");

/** A gazetteer name already folded (fold.ts: lower case, plain letters, words split by spaces). */
export const latinSkeleton = (folded: string) => join(folded.split(" "), (w) => LATIN_ARTICLES.has(w), latinSounds);

/** Arabic text as typed: marks and tatweel dropped, the article "ال" (and "وال") off each word. */
export function arabicSkeleton(text: string): string {
  const words = text
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .split(/[^\u0600-\u06ff]+|[\u060c\u061b\u061f]/)
    .filter(Boolean);
  return join(
    words,
    () => false,
    (w) => [...w.replace(/^و?ال(?=..)/, "")].map((ch) => ARABIC_SOUNDS[ch] ?? "").join(""),
  );
}
