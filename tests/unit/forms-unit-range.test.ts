import { describe, expect, it } from "vitest";
import { MAX_UNITS, unitCount, unitRange } from "../../src/lib/unit-range";

const units = (input: Parameters<typeof unitRange>[0]) => {
  const r = unitRange(input);
  if (!r.ok) throw new Error(`expected units, got ${JSON.stringify(r.errors)}`);
  return r.units;
};
const errors = (input: Parameters<typeof unitRange>[0]) => {
  const r = unitRange(input);
  if (r.ok) throw new Error(`expected errors, got ${r.units.join(",")}`);
  return r.errors;
};

describe("unit range generator", () => {
  it("makes units 101 to 110", () => {
    const list = units({ from: "101", to: "110" });
    expect(list).toHaveLength(10);
    expect(list[0]).toBe("101");
    expect(list[9]).toBe("110");
    expect(new Set(list).size).toBe(10);
  });

  it("puts the prefix before each number", () => {
    expect(units({ prefix: "A-", from: 1, to: 3 })).toEqual(["A-1", "A-2", "A-3"]);
    expect(units({ prefix: "برج ", from: 7, to: 8 })).toEqual(["برج 7", "برج 8"]);
  });

  it("keeps leading zeros typed in the first number", () => {
    expect(units({ from: "008", to: "011" })).toEqual(["008", "009", "010", "011"]);
  });

  it("makes each floor's units with floors: 101–104 and 201–204", () => {
    expect(units({ from: "1", to: "4", floors: { from: "1", to: "2" } })).toEqual(["101", "102", "103", "104", "201", "202", "203", "204"]);
    const wide = units({ prefix: "B", from: 1, to: 12, floors: { from: 3, to: 3 } });
    expect(wide[0]).toBe("B301");
    expect(wide.at(-1)).toBe("B312");
    expect(units({ from: 1, to: 2, floors: { from: 9, to: 10 } })).toEqual(["901", "902", "1001", "1002"]);
  });

  it("reads Arabic-Indic digits as numbers", () => {
    expect(units({ from: "١٠١", to: "١٠٣" })).toEqual(["101", "102", "103"]);
  });

  it("makes a single unit when from and to are equal", () => {
    expect(units({ from: 5, to: 5 })).toEqual(["5"]);
  });

  it("names the empty, non-numeric and reversed fields", () => {
    expect(errors({ from: "", to: " " })).toEqual({ from: "forms.unitRange.required", to: "forms.unitRange.required" });
    expect(errors({ from: "1a", to: "-3" })).toEqual({ from: "forms.unitRange.notNumber", to: "forms.unitRange.notNumber" });
    expect(errors({ from: "1.5", to: "100000" })).toEqual({ from: "forms.unitRange.notNumber", to: "forms.unitRange.notNumber" });
    expect(errors({ from: 110, to: 101 })).toEqual({ to: "forms.unitRange.toBeforeFrom" });
    expect(errors({ from: 1, to: 2, floors: { from: 3, to: 1 } })).toEqual({ floorTo: "forms.unitRange.toBeforeFrom" });
    expect(errors({ from: 1, to: 2, floors: { from: "", to: "x" } })).toEqual({ floorFrom: "forms.unitRange.required", floorTo: "forms.unitRange.notNumber" });
  });

  it("refuses a prefix that is too long or holds odd characters", () => {
    expect(errors({ prefix: "ABCDEFGHIJK", from: 1, to: 2 })).toEqual({ prefix: "forms.unitRange.prefixTooLong" });
    expect(errors({ prefix: "<b>", from: 1, to: 2 })).toEqual({ prefix: "forms.unitRange.prefixInvalid" });
  });

  it(`allows ${MAX_UNITS} units and refuses one more`, () => {
    expect(units({ from: 1, to: MAX_UNITS })).toHaveLength(MAX_UNITS);
    const r = unitRange({ from: 1, to: MAX_UNITS + 1 });
    expect(r).toEqual({ ok: false, errors: { range: "forms.unitRange.tooMany" }, params: { max: MAX_UNITS, count: MAX_UNITS + 1 } });
    const floors = unitRange({ from: 1, to: 30, floors: { from: 1, to: 20 } });
    expect(floors.ok).toBe(false);
    expect(unitRange({ from: 1, to: 25, floors: { from: 1, to: 20 } }).ok).toBe(true);
  });

  it("counts units for a live hint, and answers null for an incomplete range", () => {
    expect(unitCount({ from: "101", to: "110" })).toBe(10);
    expect(unitCount({ from: 1, to: 4, floors: { from: 1, to: 5 } })).toBe(20);
    expect(unitCount({ from: "101", to: "" })).toBeNull();
    expect(unitCount({ from: 9, to: 1 })).toBeNull();
  });
});

describe("unit range messages", () => {
  it("has every error key in English and Arabic", async () => {
    const { lang, t } = await import("../../src/signals/language");
    const keys = new Set<string>();
    for (const input of [
      { from: "", to: "x" },
      { from: 2, to: 1, prefix: "ABCDEFGHIJKL" },
      { from: 1, to: 2, prefix: "<" },
      { from: 1, to: 9999 },
    ])
      for (const k of Object.values((unitRange(input) as { errors: Record<string, string> }).errors)) keys.add(k);
    expect(keys.size).toBe(6);
    for (const code of ["en", "ar"] as const) {
      lang.value = code;
      for (const key of keys) expect(t(key, { max: 500, count: 9999 }), `${code} ${key}`).not.toBe(key);
    }
    expect(t("forms.unitRange.tooMany", { max: 500, count: 9999 })).toContain("9999");
    lang.value = "en";
  });
});
