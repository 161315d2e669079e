// Money of the Gulf (issue 12): each country's currency, decimals and VAT, integer arithmetic in minor units, VAT
// rounded half up once on the subtotal, and the text of an amount in the currency's decimals.
import { describe, expect, it } from "vitest";
import {
  GULF_MONEY,
  currencyDecimals,
  formatMinor,
  gulfCountry,
  labourOf,
  moneyOf,
  mulDivHalfUp,
  parseMinor,
  receiptTotals,
  vatOf,
} from "../../src/contract/money";

describe("the table of Gulf countries", () => {
  it("gives each country its currency, decimals and VAT", () => {
    expect(GULF_MONEY).toEqual({
      OM: { currency: "OMR", decimals: 3, vat_bp: 500 },
      AE: { currency: "AED", decimals: 2, vat_bp: 500 },
      SA: { currency: "SAR", decimals: 2, vat_bp: 1500 },
      BH: { currency: "BHD", decimals: 3, vat_bp: 1000 },
      KW: { currency: "KWD", decimals: 3, vat_bp: 0 },
      QA: { currency: "QAR", decimals: 2, vat_bp: 0 },
    });
    for (const [code, currency] of Object.entries({ OMR: 3, AED: 2, SAR: 2, BHD: 3, KWD: 3, QAR: 2 })) expect(currencyDecimals(code)).toBe(currency);
    expect(() => currencyDecimals("USD")).toThrow();
  });

  it("reads a property's country however it is written, Oman when it is none of them", () => {
    expect(gulfCountry("Oman")).toBe("OM");
    expect(gulfCountry(" united arab emirates ")).toBe("AE");
    expect(gulfCountry("UAE")).toBe("AE");
    expect(gulfCountry("KSA")).toBe("SA");
    expect(gulfCountry("Saudi Arabia")).toBe("SA");
    expect(gulfCountry("BH")).toBe("BH");
    expect(gulfCountry("Kuwait")).toBe("KW");
    expect(gulfCountry("qatar")).toBe("QA");
    expect(gulfCountry("قطر")).toBe("QA");
    expect(gulfCountry("")).toBe("OM");
    expect(gulfCountry(null)).toBe("OM");
    expect(moneyOf("Bahrain").currency).toBe("BHD");
  });
});

describe("arithmetic in minor units", () => {
  it("rounds VAT half up once: 0.105 OMR × 5 % is 5 baisa, 0.110 OMR × 5 % is 6", () => {
    expect(vatOf(105, 500)).toBe(5); // 5.25
    expect(vatOf(110, 500)).toBe(6); // 5.5
    expect(vatOf(109, 500)).toBe(5); // 5.45
    expect(vatOf(1, 1000)).toBe(0); // 0.1
    expect(vatOf(5, 1000)).toBe(1); // 0.5
    expect(vatOf(333, 1500)).toBe(50); // 49.95
    expect(vatOf(12345, 0)).toBe(0);
  });

  it("rounds labour half up to a minor unit, and is exact for large amounts", () => {
    expect(labourOf(90, 10_000)).toBe(15_000);
    expect(labourOf(1, 1)).toBe(0); // 1/60
    expect(labourOf(30, 1)).toBe(1); // 0.5
    expect(labourOf(1440, 999_999_999)).toBe(23_999_999_976);
    expect(mulDivHalfUp(2 ** 52, 3, 3)).toBe(2 ** 52);
    expect(() => mulDivHalfUp(0.5, 1, 1)).toThrow();
    expect(() => mulDivHalfUp(-1, 1, 1)).toThrow();
  });

  it("writes amounts with the currency's decimals and reads them back", () => {
    expect(formatMinor(105, 3)).toBe("0.105");
    expect(formatMinor(19_010, 3)).toBe("19.010");
    expect(formatMinor(5, 2)).toBe("0.05");
    expect(formatMinor(20_821, 2)).toBe("208.21");
    expect(formatMinor(0, 3)).toBe("0.000");
    expect(formatMinor(-150, 2)).toBe("-1.50");
    expect(formatMinor(42, 0)).toBe("42");
    expect(parseMinor("0.105", 3)).toBe(105);
    expect(parseMinor("1.5", 3)).toBe(1500);
    expect(parseMinor("12", 2)).toBe(1200);
    expect(parseMinor("12,30", 2)).toBe(1230);
    expect(parseMinor("0.105", 2)).toBeNull();
    expect(parseMinor("abc", 2)).toBeNull();
    expect(parseMinor("-1", 2)).toBeNull();
    // Thousands with commas: not an amount (two people read "2,500" two ways).
    expect(parseMinor("2,500", 3)).toBeNull();
    expect(parseMinor("2,500", 2)).toBeNull();
    expect(parseMinor("2,5", 3)).toBe(2500);
  });

  it("totals a receipt per currency: parts, labour, costs, VAT once on the subtotal", () => {
    // 2 × 1.250 + 1 × 0.105 + 90 min at 10.000 + 0.500 = 18.105 (three decimals) or 181.05 (two).
    const lines = {
      parts: [
        { qty: 2, unit_price: 1250 },
        { qty: 1, unit_price: 105 },
      ],
      minutes: 90,
      hourly_rate: 10_000,
      extra_costs: [{ amount: 500 }],
    };
    const expected: Record<string, [number, string]> = {
      OM: [19_010, "19.010"], // VAT 905.25 → 905
      AE: [19_010, "190.10"],
      SA: [20_821, "208.21"], // VAT 2715.75 → 2716
      BH: [19_916, "19.916"], // VAT 1810.5 → 1811
      KW: [18_105, "18.105"],
      QA: [18_105, "181.05"],
    };
    for (const [country, m] of Object.entries(GULF_MONEY)) {
      const t = receiptTotals({ ...lines, vat_bp: m.vat_bp });
      expect(t.parts).toEqual([2500, 105]);
      expect(t.labour).toBe(15_000);
      expect(t.subtotal).toBe(18_105);
      expect([t.total, formatMinor(t.total, m.decimals)], country).toEqual(expected[country]);
      expect(t.total).toBe(t.subtotal + t.vat);
    }
    // Rounding happens once, on the subtotal, not per line: three lines of 0.105 OMR.
    const once = receiptTotals({
      parts: [
        { qty: 1, unit_price: 105 },
        { qty: 1, unit_price: 105 },
        { qty: 1, unit_price: 105 },
      ],
      minutes: 1,
      hourly_rate: 0,
      extra_costs: [],
      vat_bp: 500,
    });
    expect(once).toMatchObject({ subtotal: 315, vat: 16, total: 331 }); // 15.75 → 16; per line it would be 15
  });
});
