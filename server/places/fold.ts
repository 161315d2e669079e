/** Folds a place name or query for matching: lower case, accents and apostrophe-like marks dropped, every other
 * non-alphanumeric run turned into one space ("Şalālah" → "salalah", "Ra's al-Khaimah" → "ras al khaimah"). */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[ıİ]/g, "i")
    .replace(/[øØ]/g, "o")
    .replace(/[ßẞ]/g, "ss")
    .replace(/[æÆ]/g, "ae")
    .replace(/[œŒ]/g, "oe")
    .replace(/[đĐð]/g, "d")
    .replace(/[łŁ]/g, "l")
    .replace(/[þÞ]/g, "th")
    .replace(/['’‘ʼʻ`´ʿʾ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
