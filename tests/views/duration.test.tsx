// A time on site in the reader's words: Arabic counts change with the number (the plural rules of Intl).
import { afterEach, describe, expect, it } from "vitest";
import { timeOnSite } from "../../src/lib/duration";
import { lang } from "../../src/signals/language";

afterEach(() => {
  lang.value = "en";
});

describe("timeOnSite", () => {
  it("says minutes and hours in English with one form", () => {
    expect([1, 2, 5, 25, 60, 85, 120].map(timeOnSite)).toEqual(["1 min", "2 min", "5 min", "25 min", "1 h", "1 h 25 min", "2 h"]);
  });

  it("says them in Arabic with the form each number takes (it said '5 دقيقة' and '2 ساعة')", () => {
    lang.value = "ar";
    expect([1, 2, 5, 10, 11, 25].map(timeOnSite)).toEqual(["دقيقة واحدة", "دقيقتان", "5 دقائق", "10 دقائق", "11 دقيقة", "25 دقيقة"]);
    expect([60, 120, 180, 90, 125, 605].map(timeOnSite)).toEqual(["ساعة", "ساعتان", "3 ساعات", "ساعة و30 دقيقة", "ساعتان و5 دقائق", "10 ساعات و5 دقائق"]);
  });
});
