import { describe, expect, it } from "vitest";
import { customerRegister, techRegister } from "../../src/contract/auth";
import { createEmployee } from "../../src/contract/company";
import { email, isEmail } from "../../src/contract/email";
import * as phone from "../../src/contract/phone";
import { PHONE_MESSAGES, nationalMobile } from "../../src/contract/phone";
import { verifyInfoPayload, verifyInfoProblems } from "../../src/contract/profile";

describe("the one email rule", () => {
  it("refuses a@b..com and a@b, which the forms accepted while the server refused them", () => {
    expect(isEmail("a@b..com")).toBe(false);
    expect(isEmail("a@b")).toBe(false);
    expect(isEmail("a b@c.om")).toBe(false);
  });
  it("accepts good addresses, trimmed and lower-cased", () => {
    for (const good of ["owner@demo.om", "first.last+tag@mail.example.co.uk", "a_b-c@x-y.ae"]) expect(isEmail(good)).toBe(true);
    expect(email.parse("  Boss@GulfFix.OM ")).toBe("boss@gulffix.om");
  });
  it("is the rule of every schema with an email: registration, add employee and verify-info", () => {
    const base = { name: "A", cntry_code: "+968", mob_no: "91234567", password: "Secret123", terms_service: true };
    expect(customerRegister.safeParse({ ...base, email: "a@b..com" }).success).toBe(false);
    expect(techRegister.safeParse({ ...base, email: "a@b", skills: [1], language: ["ar"] }).success).toBe(false);
    expect(createEmployee.safeParse({ name: "A", mob_no: "91234567", email: "a@b..com", role: "3" }).success).toBe(false);
    expect(verifyInfoProblems(verifyInfoPayload.parse({ email: "a@b..com", cntry_code: "+968", mob_no: "91234567" }), 0).email).toBeTruthy();
    expect(verifyInfoProblems(verifyInfoPayload.parse({ email: "a@b.om", cntry_code: "+968", mob_no: "91234567" }), 0)).toEqual({});
  });
});

describe("the mobile number rule (D16)", () => {
  it.each([
    ["+968", "91000001", "91000001"],
    ["+968", "7123 4567", "71234567"],
    ["+965", "50012345", "50012345"],
    ["+973", "33123456", "33123456"],
    ["+974", "33123456", "33123456"],
    ["+971", "50 123 4567", "501234567"],
    ["+971", "0501234567", "501234567"],
    ["+966", "501234567", "501234567"],
    ["+966", "+966 50 123 4567", "501234567"],
    ["+44", "07400 123456", "7400123456"],
    ["+968", "٩١٠٠ ٠٠٠١", "91000001"],
    ["+968", "۹۱۰۰۰۰۰۲", "91000002"],
  ])("takes %s %s as the national number %s", (dial, typed, national) => {
    expect(nationalMobile(dial, typed)).toBe(national);
  });

  it.each([
    ["+968", "9300000001", "ten digits in Oman"],
    ["+968", "24123456", "an Omani landline"],
    ["+968", "9100000", "seven digits in Oman"],
    ["+966", "401234567", "a Saudi number not starting with 5"],
    ["+971", "5012345", "too short for the UAE"],
    ["+968", "+966501234567", "another country's dial code"],
    ["+968", "9100abcd", "letters"],
  ])("refuses %s %s (%s)", (dial, typed) => {
    expect(nationalMobile(dial, typed)).toBeNull();
  });

  it("add employee takes valid Gulf mobiles (8 digits in Oman) and stores the national number", () => {
    const r = createEmployee.safeParse({ name: "A", mob_no: "9100 0009", email: "a@b.om", cntry_code: "+968", role: "4" });
    expect(r.success && r.data.mob_no).toBe("91000009");
    const bad = createEmployee.safeParse({ name: "A", mob_no: "9876543210", email: "a@b.om", cntry_code: "+968", role: "4" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["mob_no", PHONE_MESSAGES.invalid]]);
  });

  it("verify-info names an invalid number and stores a valid one as its national number", () => {
    expect(verifyInfoProblems(verifyInfoPayload.parse({ email: "a@b.om", cntry_code: "+966", mob_no: "91234567" }), 0).mob_no).toBeTruthy();
    expect(verifyInfoPayload.parse({ cntry_code: "+966", mob_no: "0501234567" }).mob_no).toBe("501234567");
  });
});

describe("dial codes the phone rule knows", () => {
  it("knows the Gulf codes and +1787 (within +1), not +999; a number under an unknown code names the code", () => {
    const { isKnownDialCode } = phone;
    for (const code of ["+968", "+966", "+971", "+965", "+973", "+974", "+1", "+1787", "+44"]) expect(isKnownDialCode(code), code).toBe(true);
    expect(isKnownDialCode("+999")).toBe(false);
    const r = createEmployee.safeParse({ name: "A", mob_no: "91234567", email: "a@b.om", cntry_code: "+999", role: "3" });
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["cntry_code"]);
  });
});
