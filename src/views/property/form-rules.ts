// The property forms' checks: the contract schemas the server validates with (safeParse), each issue turned into a
// translation key on the field it belongs to, and the server's own `errors` (already in the user's language, D17)
// read the same way (./failure.ts). Pure, so the tests can call it apart from the screens.
import * as z from "zod/mini";
import { EMAIL_MESSAGES, PHONE_MESSAGES } from "../../contract/messages";
import { PROPERTY_MESSAGES } from "../../contract/property";
import { fieldOf } from "./failure";

/** Contract sentence → translation key (locales/property-forms). */
const KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PROPERTY_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.${k}`])),
  ...Object.fromEntries(Object.entries(PHONE_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.phone.${k}`])),
  ...Object.fromEntries(Object.entries(EMAIL_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.email.${k}`])),
};

/** Checks `body` with `schema`: the body to send, or a translation key per field (the first issue of each). */
export function check<S extends z.ZodMiniType>(schema: S, body: unknown): { errors: Record<string, string>; data?: z.output<S> } {
  const result = z.safeParse(schema, body);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[fieldOf(issue.path as PropertyKey[])] ??= KEYS[issue.message] ?? "propertyForms.errors.invalid";
  return { errors };
}
