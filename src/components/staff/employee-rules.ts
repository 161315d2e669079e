// The add-employee form's rules: the contract schema the server validates create_user with (one rule per field: the
// email rule, the mobile number for the chosen country, D16) and SPEC.md section 5's message keys. The sheet loads
// this module when it opens, so the staff list does not download the phone metadata it brings.
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import { type CreateEmployee, EMPLOYEE_MESSAGES, type EmployeeRole, createEmployee as employeeSchema } from "../../contract/company";
import { EMAIL_MESSAGES, PHONE_MESSAGES } from "../../contract/messages";

export interface EmployeeForm {
  name: string;
  role: EmployeeRole | "";
  skills: number[];
  languages: string[];
  cntry_code: string;
  mob_no: string;
  email: string;
}
export type FieldName = keyof EmployeeForm;

export const emptyEmployeeForm = (): EmployeeForm => ({ name: "", role: "", skills: [], languages: [], cntry_code: DEFAULT_DIAL_CODE, mob_no: "", email: "" });

/** The add-employee payload: managers are sent with empty skills and languages. */
export function employeePayload(f: EmployeeForm): CreateEmployee {
  const technician = f.role === "4";
  return {
    name: f.name.trim(),
    mob_no: f.mob_no.trim(),
    email: f.email.trim(),
    cntry_code: f.cntry_code,
    role: f.role as EmployeeRole,
    skills: technician ? f.skills : [],
    languages: technician ? f.languages : [],
  };
}

/** The message key of each contract message, per field (SPEC.md section 5's keys); other messages of a field fall back to its "invalid" key. */
const MESSAGE_KEYS: Record<string, Record<string, string>> = {
  name: { [EMPLOYEE_MESSAGES.nameRequired]: "pages.employee.add.nameRequired", "": "pages.employee.add.nameTooLong" },
  mob_no: { [PHONE_MESSAGES.required]: "pages.employee.add.mobNoRequired", "": "pages.employee.add.mobNoInvalid" },
  email: { [EMAIL_MESSAGES.required]: "pages.employee.add.emailRequired", "": "pages.employee.add.emailInvalid" },
  cntry_code: { "": "pages.employee.add.countryCodeRequired" },
  role: { "": "pages.employee.add.roleRequired" },
  skills: { "": "pages.employee.add.skillsInvalid" },
  languages: { "": "pages.employee.add.languagesInvalid" },
};

/**
 * Checks the form with the contract the server validates with (one rule per field, D16 for the mobile number) and
 * gives the message key of each invalid field; `data` is the payload to send (the mobile as its national number).
 */
export function checkEmployee(f: EmployeeForm): { errors: Partial<Record<FieldName, string>>; data?: ReturnType<typeof employeeSchema.parse> } {
  const result = employeeSchema.safeParse(employeePayload(f));
  if (result.success) return { errors: {}, data: result.data };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "") as FieldName;
    const keys = MESSAGE_KEYS[field];
    if (keys && !errors[field]) errors[field] = keys[issue.message] ?? keys[""];
  }
  return { errors };
}

/** SPEC.md section 5, add-employee: the message key of each invalid field (skills and languages have no minimum). */
export const employeeErrors = (f: EmployeeForm) => checkEmployee(f).errors;
