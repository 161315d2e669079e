import { describe, expect, it } from "vitest";
import { companyRegister, techRegister } from "../../src/contract/auth";
import {
  companyCanSubmit,
  customerCanSubmit,
  checkRegistration,
  serverFieldErrors,
  technicianCanSubmit,
  technicianComplete,
} from "../../src/views/register/rules";

const tech = { name: "Salim", email: "", cntry_code: "+968", mob_no: "91234567", password: "Secret123", terms_service: true, skills: [1], language: ["ar"] };
const company = { name: "Gulf Fix", email: "a@b.om", cntry_code: "+968", mob_no: "91234567", password: "Secret123", reg_no: "CR-1", terms_service: true };

describe("registration rules", () => {
  it("technician: each of name, mobile, skill, language and terms is needed to enable; password and dial code are not", () => {
    expect(technicianCanSubmit(tech)).toBe(true);
    for (const broken of [{ name: " " }, { mob_no: "" }, { skills: [] }, { language: [] }, { terms_service: false }]) {
      expect(technicianCanSubmit({ ...tech, ...broken }), JSON.stringify(broken)).toBe(false);
    }
    expect(technicianCanSubmit({ ...tech, password: "", cntry_code: "" })).toBe(true);
    expect(technicianComplete({ ...tech, password: "" })).toBe(false);
    expect(technicianComplete({ ...tech, cntry_code: "" })).toBe(false);
    expect(technicianComplete(tech)).toBe(true);
  });
  it("company: every field and the terms", () => {
    expect(companyCanSubmit(company)).toBe(true);
    for (const key of ["name", "email", "cntry_code", "mob_no", "password", "reg_no"] as const) {
      expect(companyCanSubmit({ ...company, [key]: "" }), key).toBe(false);
    }
    expect(companyCanSubmit({ ...company, terms_service: false })).toBe(false);
  });
  it("customer: every field and the terms", () => {
    const { reg_no: _, ...customer } = company;
    expect(customerCanSubmit(customer)).toBe(true);
    expect(customerCanSubmit({ ...customer, email: "" })).toBe(false);
    expect(customerCanSubmit({ ...customer, terms_service: false })).toBe(false);
  });
  it("checks the body with the server's contract: password length, the one email rule, the mobile for the country, an empty optional email", () => {
    const body = { ...tech, mob_no: "9123 4567" };
    expect(checkRegistration(techRegister, body)).toEqual({ errors: {}, data: { ...tech, mob_no: "91234567" } });
    expect(checkRegistration(techRegister, { ...tech, email: "x@", mob_no: "12ab", password: "1234567" }).errors).toEqual({
      email: "register.errors.emailInvalid",
      mob_no: "register.errors.mobileInvalid",
      password: "register.errors.passwordShort",
    });
  });
  it("refuses a@b..com and a@b, which the form used to accept and the server refused", () => {
    for (const email of ["a@b..com", "a@b"])
      expect(checkRegistration(companyRegister, { ...company, email }).errors).toEqual({ email: "register.errors.emailInvalid" });
    expect(checkRegistration(companyRegister, { ...company, email: " Boss@GulfFix.om " }).data?.email).toBe("boss@gulffix.om");
  });
  it("takes an 8-digit Omani mobile and a 9-digit Saudi one, and refuses a 10-digit Omani number", () => {
    expect(checkRegistration(companyRegister, { ...company, mob_no: "9300000001" }).errors).toEqual({ mob_no: "register.errors.mobileInvalid" });
    expect(checkRegistration(companyRegister, { ...company, cntry_code: "+966", mob_no: "050 123 4567" }).data?.mob_no).toBe("501234567");
  });
  it("maps server error keys to form fields, first sentence winning", () => {
    expect(serverFieldErrors({ "skills.0": "Unknown skill.", "skills.1": "Other.", email: "Taken." })).toEqual({ skills: "Unknown skill.", email: "Taken." });
  });
});
