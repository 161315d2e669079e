// Money of the Gulf (issue 12, LOOP.md section 2): each country's currency, its decimals and its VAT, and the
// arithmetic of a receipt in integer minor units (baisa, fils, halala, dirham), so no amount ever drifts through
// floating point. VAT is rounded half up once, on the subtotal. Shared: the server computes receipts with it, the app
// turns what a technician types into minor units and back.

export interface Money {
  /** ISO 4217 code. */
  currency: string;
  /** Digits after the decimal point: the minor units per major unit are 10^decimals. */
  decimals: number;
  /** VAT in basis points (500 = 5 %). */
  vat_bp: number;
}

/** The table of the six Gulf states, by ISO 3166 alpha-2 code. */
export const GULF_MONEY = {
  OM: { currency: "OMR", decimals: 3, vat_bp: 500 },
  AE: { currency: "AED", decimals: 2, vat_bp: 500 },
  SA: { currency: "SAR", decimals: 2, vat_bp: 1500 },
  BH: { currency: "BHD", decimals: 3, vat_bp: 1000 },
  KW: { currency: "KWD", decimals: 3, vat_bp: 0 },
  QA: { currency: "QAR", decimals: 2, vat_bp: 0 },
} as const satisfies Record<string, Money>;
export type GulfCountry = keyof typeof GULF_MONEY;

/** Names and codes a property's country may be written with (properties.country is free text). */
const COUNTRY_NAMES: Record<string, GulfCountry> = {
  om: "OM",
  omn: "OM",
  oman: "OM",
  "sultanate of oman": "OM",
  ae: "AE",
  are: "AE",
  uae: "AE",
  "united arab emirates": "AE",
  sa: "SA",
  sau: "SA",
  ksa: "SA",
  "saudi arabia": "SA",
  "kingdom of saudi arabia": "SA",
  bh: "BH",
  bhr: "BH",
  bahrain: "BH",
  "kingdom of bahrain": "BH",
  kw: "KW",
  kwt: "KW",
  kuwait: "KW",
  "state of kuwait": "KW",
  qa: "QA",
  qat: "QA",
  qatar: "QA",
  "state of qatar": "QA",
  عمان: "OM",
  "سلطنة عمان": "OM",
  الإمارات: "AE",
  "الإمارات العربية المتحدة": "AE",
  السعودية: "SA",
  "المملكة العربية السعودية": "SA",
  البحرين: "BH",
  الكويت: "KW",
  قطر: "QA",
};

/** The Gulf country a property's country names (its code or its name, in English or Arabic), if it is one of the six. */
export const gulfCountryOf = (country: string | null | undefined): GulfCountry | undefined => COUNTRY_NAMES[(country ?? "").trim().toLowerCase()];

/** The Gulf country of a property's country as written, Oman (the app's home) when it is none of the six. */
export function gulfCountry(country: string | null | undefined): GulfCountry {
  return gulfCountryOf(country) ?? "OM";
}

/** The currency, decimals and VAT of a property's country. */
export const moneyOf = (country: string | null | undefined): Money => GULF_MONEY[gulfCountry(country)];

/** The decimals of a currency of the table (3 for OMR, BHD and KWD; 2 for AED, SAR and QAR). */
export function currencyDecimals(currency: string): number {
  const found = Object.values(GULF_MONEY).find((m) => m.currency === currency);
  if (!found) throw new RangeError(`unknown currency ${currency}`);
  return found.decimals;
}

const whole = (n: number, what: string) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a whole number of minor units`);
  return n;
};

/** a × b / d rounded half up, for non-negative integers (exact: BigInt, whatever the size). */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const [x, y, z] = [BigInt(whole(a, "amount")), BigInt(whole(b, "factor")), BigInt(whole(d, "divisor"))];
  if (x < 0n || y < 0n || z <= 0n) throw new RangeError("mulDivHalfUp takes non-negative amounts and a positive divisor");
  return Number((x * y * 2n + z) / (z * 2n));
}

/** VAT on a subtotal in minor units, rounded half up once. */
export const vatOf = (subtotal: number, vatBp: number) => mulDivHalfUp(subtotal, vatBp, 10_000);

/** Labour for `minutes` at `hourlyRate` minor units per hour, rounded half up to a minor unit. */
export const labourOf = (minutes: number, hourlyRate: number) => mulDivHalfUp(minutes, hourlyRate, 60);

/** Minor units as a decimal string with the currency's decimals: 105 baisa → "0.105", 1250 fils → "12.50". */
export function formatMinor(minor: number, decimals: number): string {
  whole(minor, "amount");
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(decimals + 1, "0");
  if (!decimals) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Thousands written with commas ("2,500", "1,250,000.500"): refused rather than read, since a comma also stands for the
 * decimal point ("2,5"), and "2,500" would be 2.500 OMR to one person and two thousand five hundred to another.
 */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/** A decimal string as typed ("1.5", "0.105", "12") in minor units, or null when it is not an amount of this currency. */
export function parseMinor(text: string, decimals: number): number | null {
  const trimmed = text.trim();
  const m = /^(\d{1,9})(?:[.,](\d*))?$/.exec(trimmed);
  if (!m || GROUPED.test(trimmed)) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || 0);
}

/**
 * Why `text` is not an amount parseMinor reads: a minus sign, thousands with commas, over 9 whole digits, too many
 * decimals, or anything else.
 */
export function amountProblem(text: string, decimals: number): "negative" | "comma" | "tooLarge" | "decimals" | "format" {
  const trimmed = text.trim();
  if (/^[-\u2212]\s*\d/.test(trimmed)) return "negative";
  if (GROUPED.test(trimmed)) return "comma";
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(trimmed);
  if (m && m[1].length > 9) return "tooLarge";
  return m && (m[2] ?? "").length > decimals ? "decimals" : "format";
}

export interface ReceiptLines {
  parts: readonly { qty: number; unit_price: number }[];
  minutes: number;
  hourly_rate: number;
  extra_costs: readonly { amount: number }[];
  vat_bp: number;
}

/** Every amount of a receipt in minor units: each part's total, labour, subtotal, VAT (half up, once) and total. */
export function receiptTotals(r: ReceiptLines) {
  const parts = r.parts.map((p) => whole(p.qty, "qty") * whole(p.unit_price, "unit_price"));
  const labour = labourOf(r.minutes, r.hourly_rate);
  const costs = r.extra_costs.map((c) => whole(c.amount, "amount"));
  const subtotal = whole(
    [...parts, labour, ...costs].reduce((a, b) => a + b, 0),
    "subtotal",
  );
  const vat = vatOf(subtotal, r.vat_bp);
  return { parts, labour, costs, subtotal, vat, total: subtotal + vat };
}
