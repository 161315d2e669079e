// D17: every detail, errors entry and message the server writes, in the caller's language (Accept-Language), English
// as the fallback. The server's own sentences are keyed (server/i18n/{en,ar}.json); sentences that come from the shared
// contract (src/contract/*.ts, English) are translated by their English text, gettext style (server/i18n/contract.ar.json),
// so a rewording there shows up as a missing translation in tests/server/i18n.test.ts instead of going out in English.
import type { Context } from "hono";
import { isolated } from "../../src/lib/bidi";
import ar from "../i18n/ar.json";
import contractAr from "../i18n/contract.ar.json";
import en from "../i18n/en.json";

export type Lang = "en" | "ar";
export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;
/** A server sentence by key, with the values its placeholders take. */
export interface Message {
  key: MessageKey;
  params?: Params;
}
/** What a handler may answer with: a keyed server message, or an English sentence of the contract. */
export type Text = Message | string;

export const msg = (key: MessageKey, params?: Params): Message => ({ key, params });
export const isMessage = (t: unknown): t is Message => typeof t === "object" && t !== null && "key" in t;

const CATALOGS: Record<Lang, Record<string, string>> = { en, ar };

/** The language of a request: the first of `ar`/`en` in Accept-Language by preference; English otherwise. */
export function langOf(header: string | undefined | null): Lang {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, i) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(";");
      const q = rest.map((r) => /^\s*q=([\d.]+)/.exec(r)?.[1]).find(Boolean);
      return { lang: tag.split("-")[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0 && (x.lang === "ar" || x.lang === "en"))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Lang | undefined) ?? "en";
}

const fill = (template: string, params: Params = {}) => template.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));

// Contract sentences built from numbers (`Password must be at least ${PASSWORD_MIN} characters.`) are found by pattern.
const contractPatterns = Object.entries(contractAr)
  .filter(([english]) => /\{\w+\}/.test(english))
  .map(([english, arabic]) => {
    const names: string[] = [];
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
        names.push(name);
        return "(-?\\d+(?:\\.\\d+)?)";
      })
      .join("");
    return { re: new RegExp(`^${source}$`), names, arabic };
  });

/** The Arabic of an English contract sentence, or null when the catalog lacks it. */
export function contractArabic(english: string): string | null {
  const exact = (contractAr as Record<string, string>)[english];
  if (exact) return exact;
  // The server's own English sentences may also arrive as text (a keyed message resolved early).
  const key = Object.keys(en).find((k) => (en as Record<string, string>)[k] === english);
  if (key) return (ar as Record<string, string>)[key] ?? null;
  for (const p of contractPatterns) {
    const m = p.re.exec(english);
    if (m) return fill(p.arabic, Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])));
  }
  return null;
}

/** `text` in `lang`; English when the language has no entry. An Arabic reader never gets an English sentence. */
export function translate(lang: Lang, text: Text): string {
  // In Arabic, a name written in English (a unit, a company) is isolated so that it keeps its order (src/lib/bidi.ts).
  if (isMessage(text)) return fill(CATALOGS[lang][text.key] ?? en[text.key], lang === "ar" && text.params ? isolated(text.params) : text.params);
  if (lang === "en") return text;
  return contractArabic(text) ?? ar.invalidField;
}

/** `text` in the language of this request. */
export const t = (c: Context, text: Text) => translate(langOf(c.req.header("accept-language")), text);
