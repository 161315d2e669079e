// The work report form's rules, apart from the screen so tests can call them (issue 12, LOOP.md section 2): the
// form's shape, the common parts of each kind of work (the quick-add chips), the time on site from the start, prices
// typed as decimals of the property's currency turned into minor units (src/contract/money.ts), and the check with
// the contract's completeBody, each problem a translation key on its field ("parts.1.unit_price").
import * as z from "zod/mini";
import type { Issue } from "../../contract/issues";
import { westernNumber } from "../../contract/digits";
import { amountProblem, formatMinor, type Money, moneyOf, parseMinor } from "../../contract/money";
import { AMOUNT_MAX, type CompleteBody, MINUTES_MAX, PART_QTY_MAX, REPAIR_MESSAGES, completeBody } from "../../contract/repairs";

export interface PartRow {
  id: string;
  name: string;
  /** As typed: a whole number. */
  qty: string;
  /** As typed: a decimal in the currency ("2.500"). */
  price: string;
}
export interface CostRow {
  id: string;
  label: string;
  amount: string;
}
export interface WorkForm {
  notes: string;
  minutes: string;
  parts: PartRow[];
  costs: CostRow[];
  follow_up: boolean;
  occupant_damage: boolean;
}

let counter = 0;
export const rowId = () => `row-${++counter}`;

/** Minutes from the start of the work to `now`, at least 1 and at most MINUTES_MAX; null without a start. */
export function minutesSince(startedAt: string | null | undefined, now = Date.now()): number | null {
  const at = startedAt ? Date.parse(startedAt) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.min(MINUTES_MAX, Math.max(1, Math.round((now - at) / 60000)));
}

/**
 * The form as it opens. A reopened repair completed again starts from the report of the visit before (its notes, parts
 * and costs, its time added to this visit's): the new report replaces it, and the first visit's parts and time were
 * lost from the receipt (walked).
 */
export function emptyWork(issue: Pick<Issue, "started_at" | "work_report">, now = Date.now()): WorkForm {
  const since = minutesSince(issue.started_at, now);
  const earlier = issue.work_report;
  if (!earlier) return { notes: "", minutes: String(since ?? ""), parts: [], costs: [], follow_up: false, occupant_damage: false };
  const decimals = earlier.decimals ?? moneyOf(null).decimals;
  const amount = (minor: number | undefined) => (minor == null ? "" : formatMinor(minor, decimals));
  return {
    notes: earlier.notes,
    minutes: String(Math.min(MINUTES_MAX, earlier.minutes + (since ?? 0))),
    parts: earlier.parts.map((p) => ({ id: rowId(), name: p.name, qty: String(p.qty), price: amount(p.unit_price) })),
    costs: earlier.extra_costs.map((c) => ({ id: rowId(), label: c.label, amount: amount(c.amount) })),
    follow_up: false,
    occupant_damage: earlier.occupant_damage,
  };
}

/** The currency of the issue's property (OMR when its country is unknown). */
export const moneyOfIssue = (issue: Pick<Issue, "addrs">): Money => moneyOf(issue.addrs?.country);

/** Whether anything differs from the untouched form (the discard guard). */
export function workChanged(a: WorkForm, b: WorkForm): boolean {
  const what = (f: WorkForm) =>
    JSON.stringify([
      f.notes.trim(),
      f.minutes,
      f.parts.map((p) => [p.name, p.qty, p.price]),
      f.costs.map((c) => [c.label, c.amount]),
      f.follow_up,
      f.occupant_damage,
    ]);
  return what(a) !== what(b);
}

/** A whole number as typed on either keyboard ("٢" is 2): the number, NaN when it is not one, undefined when empty. */
export function wholeOf(text: string): number | undefined {
  const western = westernNumber(text).trim();
  if (western === "") return undefined;
  return /^\d+$/.test(western) ? Number(western) : Number.NaN;
}

/** A part's or cost's amount as typed, in minor units: empty is 0, null when it is not an amount of the currency. */
export const amountOf = (text: string, decimals: number): number | null => (text.trim() === "" ? 0 : parseMinor(westernNumber(text), decimals));

/** The message for an amount amountOf cannot read: negative, too large, or not written as one. */
const AMOUNT_ERRORS: Partial<Record<ReturnType<typeof amountProblem>, string>> = {
  negative: "work.errors.priceNegative",
  comma: "work.errors.priceComma",
  tooLarge: "work.errors.price",
  decimals: "work.errors.priceDecimals",
};
const amountError = (text: string, decimals: number) => AMOUNT_ERRORS[amountProblem(westernNumber(text), decimals)] ?? "work.errors.priceFormat";

/** An amount as typed, in minor units, when the contract takes it (AMOUNT_MAX at most); else 0 for the running total. */
const countedAmount = (text: string, decimals: number) => {
  const minor = amountOf(text, decimals);
  return minor != null && minor <= AMOUNT_MAX ? minor : 0;
};

/**
 * The sum of the parts (qty × unit price) and costs the contract would take, in minor units: the running total. A
 * quantity or a price out of its range counts for nothing until mended (its field says why on sending): 99999999 ×
 * 100000.000 OMR was past what a number holds exactly, and writing that total took the screen down as it was typed.
 */
export function runningTotal(form: Pick<WorkForm, "parts" | "costs">, decimals: number) {
  let parts = 0;
  for (const p of form.parts) {
    const qty = wholeOf(p.qty) ?? 0;
    if (qty >= 1 && qty <= PART_QTY_MAX) parts += countedAmount(p.price, decimals) * qty;
  }
  let costs = 0;
  for (const c of form.costs) costs += countedAmount(c.amount, decimals);
  return { parts, costs, total: parts + costs };
}

/** Contract sentence → translation key (locales/work). */
const KEYS: Record<string, string> = Object.fromEntries(Object.entries(REPAIR_MESSAGES).map(([k, m]) => [m, `work.errors.${k}`]));

/** The fields in screen order: the first with a problem gets the focus. */
export const WORK_FIELDS = ["notes", "after_images", "parts", "minutes", "extra_costs", "signature"] as const;

/** A key of `errors` names a field ("notes") or a row's field ("parts.0.unit_price"). */
export const fieldKey = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Checks the form: a translation key per field with a problem, and the body to send when there is none. `photos`
 * counts the after-photos picked and already sent (at least one is required).
 */
export function checkWork(form: WorkForm, money: Pick<Money, "decimals">, photos: number): { errors: Record<string, string>; body?: CompleteBody } {
  const errors: Record<string, string> = {};
  const parts = form.parts.map((p, i) => {
    const unit_price = amountOf(p.price, money.decimals);
    if (unit_price == null) errors[`parts.${i}.unit_price`] = amountError(p.price, money.decimals);
    const qty = wholeOf(p.qty) ?? Number.NaN;
    return { name: p.name, qty, unit_price: unit_price ?? 0 };
  });
  const extra_costs = form.costs.map((c, i) => {
    const amount = amountOf(c.amount, money.decimals);
    if (amount == null) errors[`extra_costs.${i}.amount`] = amountError(c.amount, money.decimals);
    return { label: c.label, amount: amount ?? 0 };
  });
  const minutes = wholeOf(form.minutes);
  const input = { notes: form.notes, parts, minutes, extra_costs, follow_up: form.follow_up, occupant_damage: form.occupant_damage };
  const result = z.safeParse(completeBody, input);
  if (!result.success)
    for (const issue of result.error.issues) {
      const key = fieldKey(issue.path as PropertyKey[]) || "notes";
      errors[key] ??= KEYS[issue.message] ?? "work.errors.invalid";
    }
  if (photos < 1) errors.after_images = "work.errors.afterPhotoRequired";
  return Object.keys(errors).length || !result.success ? { errors } : { errors, body: result.data };
}

/** The common parts of a kind of work (SKILLS ids), in English and Arabic: the quick-add chips. */
export const COMMON_PARTS: Record<number, readonly { en: string; ar: string }[]> = {
  // Plumbing
  1: [
    { en: "Tap washer", ar: "جلدة حنفية" },
    { en: "Flexible hose", ar: "خرطوم مرن" },
    { en: "Mixer tap", ar: "خلاط مياه" },
    { en: "Toilet fill valve", ar: "عوامة سيفون" },
    { en: "P-trap", ar: "سيفون حوض" },
    { en: "PTFE tape", ar: "شريط تفلون" },
  ],
  // Electrical
  2: [
    { en: "Socket", ar: "مقبس كهربائي" },
    { en: "Light switch", ar: "مفتاح إنارة" },
    { en: "Circuit breaker", ar: "قاطع كهربائي" },
    { en: "LED bulb", ar: "لمبة LED" },
    { en: "Cable (metre)", ar: "سلك (متر)" },
  ],
  // HVAC
  3: [
    { en: "Refrigerant gas (kg)", ar: "غاز تبريد (كغ)" },
    { en: "Run capacitor", ar: "مكثف تشغيل" },
    { en: "AC filter", ar: "فلتر مكيف" },
    { en: "Fan motor", ar: "محرك مروحة" },
    { en: "Thermostat", ar: "منظم حرارة" },
  ],
  // Carpentry
  4: [
    { en: "Door hinge", ar: "مفصلة باب" },
    { en: "Door handle", ar: "مقبض باب" },
    { en: "Lock cylinder", ar: "أسطوانة قفل" },
    { en: "Drawer runner", ar: "مجرى درج" },
  ],
  // Painting
  5: [
    { en: "Paint (litre)", ar: "دهان (لتر)" },
    { en: "Wall filler", ar: "معجون جدران" },
    { en: "Primer (litre)", ar: "أساس (لتر)" },
  ],
  // Appliance
  10: [
    { en: "Heating element", ar: "سخان كهربائي" },
    { en: "Door seal", ar: "جلدة باب" },
    { en: "Drain pump", ar: "مضخة تصريف" },
    { en: "Thermostat", ar: "منظم حرارة" },
  ],
  // Pest control
  11: [
    { en: "Gel bait", ar: "طعم جل" },
    { en: "Spray treatment", ar: "رش مبيد" },
  ],
  // Handyman
  14: [
    { en: "Screws and wall plugs", ar: "براغي وفيشر" },
    { en: "Silicone sealant", ar: "سيليكون عازل" },
    { en: "Curtain rail", ar: "سكة ستارة" },
  ],
};
/** For a kind of work with no list of its own. */
export const GENERAL_PARTS: readonly { en: string; ar: string }[] = [
  { en: "Silicone sealant", ar: "سيليكون عازل" },
  { en: "Screws and wall plugs", ar: "براغي وفيشر" },
];

export const commonPartsOf = (category: number | null | undefined) => (category != null && COMMON_PARTS[category]) || GENERAL_PARTS;
