import { describe, expect, it, vi } from "vitest";
import { countryForDial, loadCountries, normaliseDial, searchCountries, sortCountries } from "../../src/data/countries";
import { languageName, loadLanguages, searchLanguages, sortLanguages } from "../../src/data/languages";

describe("countries (D12)", () => {
  it("loads 252 countries, each with an emoji flag, dial codes and English and Arabic names, named when read", async () => {
    const named = vi.spyOn(Intl.DisplayNames.prototype, "of");
    const list = await loadCountries();
    expect(list).toHaveLength(252);
    const oman = list.find((c) => c.iso === "OM");
    // No country is named until its name is read (issue 16: naming 252 twice cost a cheap phone 65 ms).
    expect(named).not.toHaveBeenCalled();
    expect(oman).toMatchObject({ flag: "🇴🇲", dials: ["+968"], en: "Oman", ar: "عُمان" });
    // English from the package: the browser's English names are never loaded for it (issue 16).
    expect(named.mock.calls.map(([code]) => code)).toEqual(["OM"]);
    expect([oman?.en, oman?.ar]).toEqual(["Oman", "عُمان"]);
    expect(named).toHaveBeenCalledTimes(1);
    expect(list.find((c) => c.iso === "CI")?.en).toBe("Ivory Coast");
    named.mockRestore();
    expect(list.every((c) => c.dials.length > 0 && c.dials.every((d) => /^\+\d+$/.test(d)))).toBe(true);
  });
  it("resolves shared dial codes to the preferred or last-chosen country", async () => {
    const list = await loadCountries();
    expect(countryForDial(list, "+1")?.iso).toBe("US");
    expect(countryForDial(list, "+1", "CA")?.iso).toBe("CA");
    expect(countryForDial(list, "+968")?.iso).toBe("OM");
    expect(countryForDial(list, "+1829")?.iso).toBe("DO");
    expect(countryForDial(list, "+999")).toBeUndefined();
  });
  it("normalises dial codes from any spelling", () => {
    expect(normaliseDial("968")).toBe("+968");
    expect(normaliseDial("00968")).toBe("+968");
    expect(normaliseDial(" +971 ")).toBe("+971");
    expect(normaliseDial("")).toBe("");
    expect(normaliseDial(null)).toBe("");
  });
  it("sorts by the name in the UI language and searches across languages, ignoring Arabic diacritics", async () => {
    const list = await loadCountries();
    expect(sortCountries(list, "en")[0].en).toMatch(/^Å?A/);
    const ar = sortCountries(list, "ar");
    expect(sortCountries(list, "ar")).toBe(ar);
    expect(ar.findIndex((c) => c.iso === "AE")).toBeLessThan(ar.findIndex((c) => c.iso === "OM"));
    expect(searchCountries(list, "عمان").map((c) => c.iso)).toEqual(["OM"]);
    expect(searchCountries(list, "00968").map((c) => c.iso)).toEqual(["OM"]);
    expect(searchCountries(list, "sa").some((c) => c.iso === "SA")).toBe(true);
  });
});

describe("languages (D12)", () => {
  it("loads the ISO 639-1 list with English and Arabic names", async () => {
    const list = await loadLanguages();
    expect(list.length).toBeGreaterThanOrEqual(180);
    const urdu = list.find((l) => l.code === "ur");
    expect(urdu && languageName(urdu, "en")).toBe("Urdu");
    expect(urdu && languageName(urdu, "ar")).toBe("الأوردية");
    expect(searchLanguages(list, "tagalog").map((l) => l.code)).toEqual(["tl"]);
    expect(searchLanguages(list, "العربية").map((l) => l.code)).toContain("ar");
  });
  // Walked: CLDR names Twi "Akan" too, and the list showed two Akans in both languages.
  it("gives every language a name of its own, in English and in Arabic", async () => {
    const list = await loadLanguages();
    for (const lang of ["en", "ar"]) {
      const names = list.map((l) => languageName(l, lang));
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    }
    const twi = list.find((l) => l.code === "tw");
    expect(twi && [languageName(twi, "en"), languageName(twi, "ar")]).toEqual(["Twi", "التوي"]);
  });
});

describe("language search ranking", () => {
  const codes = async (q: string, lang = "en") => searchLanguages(sortLanguages(await loadLanguages(), lang), q, lang).map((l) => l.code);
  it("lists Urdu first for 'urd', not Kurdish (a name that starts with the text beats one that contains it)", async () => {
    const found = await codes("urd");
    expect(found[0]).toBe("ur");
    expect(found).toContain("ku");
  });
  it("lists Hindi first for 'hin', not Chinese", async () => {
    expect((await codes("hin"))[0]).toBe("hi");
  });
  it("finds Bengali by its common English name 'Bengali' as well as CLDR's 'Bangla'", async () => {
    expect((await codes("Bengali"))[0]).toBe("bn");
    expect((await codes("bangla"))[0]).toBe("bn");
  });
  it("matches the English name first for an Arabic user typing Latin letters", async () => {
    expect((await codes("urd", "ar"))[0]).toBe("ur");
    expect((await codes("الأوردية", "ar"))[0]).toBe("ur");
  });
  it("ranks a word that starts with the text before a plain substring", async () => {
    // 'Greek' contains 'reek' only inside a word; 'North Ndebele' has a word starting with 'ndeb'
    const found = await codes("ndebele");
    expect(found.slice(0, 2).sort()).toEqual(["nd", "nr"]);
  });
});
