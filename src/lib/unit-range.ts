// "Generate units 101 to 110" on the add-property form (LOOP.md section 1): unit names from a number range, with an
// optional prefix ("A-101") and optional floors (floors 1 to 2 with units 1 to 4 give 101–104 and 201–204).
// Errors are translation keys (locales/forms), so the form shows them in the user's language.
import { westernDigits } from "../contract/digits";

/** The most units one range may make: a building, not a typo that makes 90,000 rows. */
export const MAX_UNITS = 500;
const MAX_NUMBER = 99999;
const MAX_PREFIX = 10;

/** What the form holds: text fields as typed (numbers as strings), floors only when the floors switch is on. */
export interface UnitRangeInput {
  prefix?: string;
  from: string | number;
  to: string | number;
  floors?: { from: string | number; to: string | number } | null;
}

export type UnitRangeField = "prefix" | "from" | "to" | "floorFrom" | "floorTo" | "range";

export type UnitRangeResult = { ok: true; units: string[] } | { ok: false; errors: Partial<Record<UnitRangeField, string>>; params?: Record<string, number> };

// Letters of any script, digits, and the separators people put in unit names ("A-", "B/", "Tower 2 ").
const PREFIX = /^[\p{L}\p{N} ./-]*$/u;

/** A whole number typed in a field: digits only (Western or Arabic-Indic), at most MAX_NUMBER; null otherwise. */
function wholeNumber(raw: string | number): { value: number; digits: number } | null | "empty" {
  const text = westernDigits(String(raw).trim());
  if (text === "") return "empty";
  if (!/^\d{1,5}$/.test(text)) return null;
  const value = Number(text);
  return value > MAX_NUMBER ? null : { value, digits: text.length };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** How many units the input would make, or null when it is not a valid range (for a live "10 units" hint). */
export function unitCount(input: UnitRangeInput): number | null {
  const from = wholeNumber(input.from);
  const to = wholeNumber(input.to);
  if (!from || !to || from === "empty" || to === "empty" || to.value < from.value) return null;
  const per = to.value - from.value + 1;
  if (!input.floors) return per;
  const ff = wholeNumber(input.floors.from);
  const ft = wholeNumber(input.floors.to);
  if (!ff || !ft || ff === "empty" || ft === "empty" || ft.value < ff.value) return null;
  return per * (ft.value - ff.value + 1);
}

/** The unit names of a range, in order, or the fields' error keys. */
export function unitRange(input: UnitRangeInput): UnitRangeResult {
  const errors: Partial<Record<UnitRangeField, string>> = {};
  const prefix = (input.prefix ?? "").replace(/\s+/g, " ").trimStart();
  if (prefix.length > MAX_PREFIX) errors.prefix = "forms.unitRange.prefixTooLong";
  else if (!PREFIX.test(prefix)) errors.prefix = "forms.unitRange.prefixInvalid";

  const numberField = (raw: string | number, field: UnitRangeField) => {
    const n = wholeNumber(raw);
    if (n === "empty") errors[field] = "forms.unitRange.required";
    else if (n === null) errors[field] = "forms.unitRange.notNumber";
    else return n;
    return null;
  };
  const from = numberField(input.from, "from");
  const to = numberField(input.to, "to");
  if (from && to && to.value < from.value) errors.to = "forms.unitRange.toBeforeFrom";

  let floors: { from: number; to: number } | null = null;
  if (input.floors) {
    const ff = numberField(input.floors.from, "floorFrom");
    const ft = numberField(input.floors.to, "floorTo");
    if (ff && ft && ft.value < ff.value) errors.floorTo = "forms.unitRange.toBeforeFrom";
    if (ff && ft) floors = { from: ff.value, to: ft.value };
  }
  if (Object.keys(errors).length || !from || !to) return { ok: false, errors };

  const count = unitCount(input)!;
  if (count > MAX_UNITS) return { ok: false, errors: { range: "forms.unitRange.tooMany" }, params: { max: MAX_UNITS, count } };

  const units: string[] = [];
  if (floors) {
    // Within a floor, numbers take at least two digits: floor 1, units 1 to 4 → 101 to 104; units 1 to 12 → 101 to 112.
    const width = Math.max(2, String(to.value).length);
    for (let floor = floors.from; floor <= floors.to; floor++) for (let n = from.value; n <= to.value; n++) units.push(`${prefix}${floor}${pad(n, width)}`);
  } else {
    // Leading zeros typed in "from" are kept: 001 to 010 → 001, 002, … 010.
    const width = from.digits;
    for (let n = from.value; n <= to.value; n++) units.push(`${prefix}${pad(n, width)}`);
  }
  return { ok: true, units };
}
