import { describe, expect, it } from "vitest";
import { addressLines, formatAddress } from "../../src/lib/address";
import { lang } from "../../src/signals/language";

const full = { block: "Block 215", no: "Building 1248", street: "Way 2734", city: "Muscat", state: "Muscat Governorate", zipcode: "112", country: "Oman" };

describe("formatAddress (SPEC.md section 3 display rule)", () => {
  it("uses the free-text address when present, whatever the parts say", () => {
    expect(formatAddress("Villa 48, Al Mouj", { block: "" })).toBe("Villa 48, Al Mouj");
    expect(formatAddress("  Villa 48  ", full)).toBe("Villa 48");
  });
  it("joins the parts with spaces when at most one of block, no and street is empty", () => {
    expect(formatAddress("", full)).toBe("Block 215 Building 1248 Way 2734 Muscat Muscat Governorate 112 Oman");
    expect(formatAddress(null, { ...full, no: "" })).toBe("Block 215 Way 2734 Muscat Muscat Governorate 112 Oman");
    expect(formatAddress(null, { block: "B1", no: "", street: "Way 1", city: null })).toBe("B1 Way 1");
  });
  it("is unavailable (null) when two or more of block, no and street are empty", () => {
    expect(formatAddress("", { ...full, block: "", street: "  " })).toBeNull();
    expect(formatAddress(undefined, { city: "Muscat", country: "Oman" })).toBeNull();
    expect(formatAddress(null, null)).toBeNull();
  });
});

describe("addressLines (a property's own pages)", () => {
  it("shows the parts typed with a place from the search under it, without the country", () => {
    expect(addressLines("Muscat, Oman", { block: "", no: "", street: "Way 2734", city: "Muscat", state: "", zipcode: "", country: "OM" })).toEqual([
      "Muscat, Oman",
      "Way 2734 Muscat",
    ]);
  });

  it("shows SPEC.md's line alone when there is no place, and nothing when nothing is known", () => {
    expect(addressLines("", full)).toEqual(["Block 215 Building 1248 Way 2734 Muscat Muscat Governorate 112 Oman"]);
    expect(addressLines("Villa 48, Al Mouj", null)).toEqual(["Villa 48, Al Mouj"]);
    expect(addressLines("", { street: "Way 2734" })).toEqual([]);
  });
});

describe("a country saved as its code", () => {
  it("is shown by its name in the user's language (an edited property's address ended in 'OM')", () => {
    const parts = { block: "Block 233", no: "Flat 7", street: "Way 3319", city: "Muscat", country: "OM" };
    expect(formatAddress("", parts)).toBe("Block 233 Flat 7 Way 3319 Muscat Oman");
    lang.value = "ar";
    try {
      expect(formatAddress("", parts)).toMatch(/Muscat عُ?مان$/);
    } finally {
      lang.value = "en";
    }
    // A name as older rows keep it stays as it is.
    expect(formatAddress("", { ...parts, country: "Oman" })).toBe("Block 233 Flat 7 Way 3319 Muscat Oman");
  });
});
