import { describe, expect, it } from "vitest";
import {
  companyCanSubmit,
  customerCanSubmit,
  fieldProblems,
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
  it("checks the password length, email syntax and mobile digits, accepting an empty optional email", () => {
    expect(fieldProblems({ email: "", mob_no: "9123 4567", password: "12345678" })).toEqual({});
    expect(fieldProblems({ email: "x@", mob_no: "12ab", password: "1234567" })).toEqual({
      email: "register.errors.emailInvalid",
      mob_no: "register.errors.mobileInvalid",
      password: "register.errors.passwordShort",
    });
  });
  it("maps server error keys to form fields, first sentence winning", () => {
    expect(serverFieldErrors({ "skills.0": "Unknown skill.", "skills.1": "Other.", email: "Taken." })).toEqual({ skills: "Unknown skill.", email: "Taken." });
  });
});
