import { afterEach, describe, expect, it } from "vitest";
import { addDictionary, lang, t } from "../../src/signals/language";

addDictionary("en", { bidiTest: { done: "We reported “{{title}}” for {{who}} ({{n}} photos, {{when}})." } });
addDictionary("ar", { bidiTest: { done: "أبلغنا عن «{{title}}» من أجل {{who}} ({{n}} صور، {{when}})." } });
afterEach(() => {
  lang.value = "en";
});

describe("words from elsewhere in a right-to-left sentence", () => {
  it("isolates an English title or name in Arabic, so its order and the sentence's marks hold", () => {
    lang.value = "ar";
    expect(t("bidiTest.done", { title: "Water heater replaced", who: "سالم", n: 2, when: "28 نوفمبر 2026" })).toBe(
      "أبلغنا عن «\u2068Water heater replaced\u2069» من أجل سالم (2 صور، 28 نوفمبر 2026).",
    );
    // A date written with Western digits alone, a mixed name, nothing: as they are.
    expect(t("bidiTest.done", { title: "2026-11-28", who: "Ahmed أحمد", n: 0, when: "" })).toBe("أبلغنا عن «2026-11-28» من أجل Ahmed أحمد (0 صور، ).");
  });

  it("keeps a title that starts with a number whole: it showed as «taps leaking 2» in Arabic", () => {
    lang.value = "ar";
    expect(t("bidiTest.done", { title: "2 taps leaking", who: "Salim (tenant)", n: 1, when: "" })).toBe(
      "أبلغنا عن «\u20682 taps leaking\u2069» من أجل \u2068Salim (tenant)\u2069 (1 صور، ).",
    );
  });

  it("never isolates a link: shared in a message, the marks became part of an invitation's token", () => {
    lang.value = "ar";
    const url = "http://localhost:8080/#/invite?token=abc123";
    expect(t("bidiTest.done", { title: url, who: "Salim", n: 1, when: "" })).toBe(`أبلغنا عن «${url}» من أجل \u2068Salim\u2069 (1 صور، ).`);
  });

  it("leaves English sentences of English words as they are", () => {
    expect(t("bidiTest.done", { title: "Water heater", who: "Salim", n: 2, when: "today" })).toBe("We reported “Water heater” for Salim (2 photos, today).");
  });

  // Walked: "Unit 101, برج الاختبار" drew as "Unit 101 ,برج الاختبار" on an English screen.
  it("isolates an Arabic title or name in an English sentence", () => {
    expect(t("bidiTest.done", { title: "تسرب المطبخ", who: "برج الاختبار", n: 2, when: "today" })).toBe(
      "We reported “\u2068تسرب المطبخ\u2069” for \u2068برج الاختبار\u2069 (2 photos, today).",
    );
  });
});
