import { afterEach, describe, expect, it } from "vitest";
import { DELETED_NAME } from "../../src/contract/common";
import { personName } from "../../src/lib/person";
import { addDictionary, lang } from "../../src/signals/language";

addDictionary("en", { contact: { deletedName: "Deleted account" } });
addDictionary("ar", { contact: { deletedName: "حساب محذوف" } });
afterEach(() => {
  lang.value = "en";
});

describe("a person's name", () => {
  it("is shown as the server gives it", () => {
    expect(personName("Ahmed Al Balushi")).toBe("Ahmed Al Balushi");
    expect(personName(null)).toBeNull();
  });

  it("is the reader's own words for a deleted account, the placeholder the server keeps being English", () => {
    expect(personName(DELETED_NAME)).toBe("Deleted account");
    lang.value = "ar";
    expect(personName(DELETED_NAME)).toBe("حساب محذوف");
  });
});
