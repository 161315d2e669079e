import { describe, expect, it } from "vitest";
import { phoneText, wholePhoneText } from "../../src/lib/phone";

describe("phone numbers as shown", () => {
  it("joins the dial code and the national number with a space, and shows nothing without a number", () => {
    expect(phoneText("+968", "91234567")).toBe("+968 91234567");
    expect(phoneText(null, "91234567")).toBe("91234567");
    expect(phoneText("+968", null)).toBe("");
    expect(phoneText("+968", "")).toBe("");
  });

  it("splits a whole number at its calling code, one to three digits long", () => {
    expect(wholePhoneText("+96891000004")).toBe("+968 91000004");
    expect(wholePhoneText("+971501234567")).toBe("+971 501234567");
    expect(wholePhoneText("+966512345678")).toBe("+966 512345678");
    expect(wholePhoneText("+447911123456")).toBe("+44 7911123456");
    expect(wholePhoneText("+919876543210")).toBe("+91 9876543210");
    expect(wholePhoneText("+201001234567")).toBe("+20 1001234567");
    expect(wholePhoneText("+14155550123")).toBe("+1 4155550123");
    expect(wholePhoneText("+79161234567")).toBe("+7 9161234567");
    expect(wholePhoneText("+923001234567")).toBe("+92 3001234567");
    expect(wholePhoneText("+8801712345678")).toBe("+880 1712345678");
  });

  it("leaves alone what is not a whole international number", () => {
    expect(wholePhoneText("+968 91000004")).toBe("+968 91000004");
    expect(wholePhoneText("91000004")).toBe("91000004");
    expect(wholePhoneText("+1234")).toBe("+1234");
  });
});
