// The property forms' checks: the contract schemas the server validates with (safeParse), each issue turned into a
// translation key on the field it belongs to, and the server's own `errors` (already in the user's language, D17)
// read the same way. Pure, so the tests can call it apart from the screens.
import * as z from "zod/mini";
import { isHttpError } from "../../api/client";
import { EMAIL_MESSAGES } from "../../contract/email";
import { PHONE_MESSAGES } from "../../contract/phone";
import { PROPERTY_MESSAGES } from "../../contract/property";

/** Contract sentence → translation key (locales/property-forms). */
const KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PROPERTY_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.${k}`])),
  ...Object.fromEntries(Object.entries(PHONE_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.phone.${k}`])),
  ...Object.fromEntries(Object.entries(EMAIL_MESSAGES).map(([k, m]) => [m, `propertyForms.errors.email.${k}`])),
  "Password must be at least 8 characters.": "register.errors.passwordShort",
  "You must accept the terms of service to proceed.": "register.termsRequired",
};

/** The field a contract path or a server `errors` key names: "addrs.city" stays, "units.3" is "units". */
export function fieldOf(path: readonly PropertyKey[] | string): string {
  const parts = (typeof path === "string" ? path.split(/[.[\]]/).filter(Boolean) : path.map(String)) as string[];
  return parts[0] === "addrs" && parts[1] ? `addrs.${parts[1]}` : (parts[0] ?? "");
}

/** Checks `body` with `schema`: the body to send, or a translation key per field (the first issue of each). */
export function check<S extends z.ZodMiniType>(schema: S, body: unknown): { errors: Record<string, string>; data?: z.output<S> } {
  const result = z.safeParse(schema, body);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[fieldOf(issue.path as PropertyKey[])] ??= KEYS[issue.message] ?? "propertyForms.errors.invalid";
  return { errors };
}

export interface Failure {
  status: number | null;
  /** The server's sentence, in the user's language (D17). */
  detail?: string;
  /** Per field, the server's sentence. */
  errors: Record<string, string>;
}

/** Reads a failed write: its status, `detail` and `errors` (D8); a network failure has no status. */
export async function failureOf(error: unknown): Promise<Failure> {
  if (!isHttpError(error)) return { status: null, errors: {} };
  const status = error.response.status;
  try {
    const body = (await error.response.clone().json()) as { detail?: unknown; message?: unknown; errors?: unknown };
    const errors: Record<string, string> = {};
    if (body.errors && typeof body.errors === "object")
      for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) if (typeof v === "string") errors[fieldOf(k)] ??= v;
    const detail = typeof body.detail === "string" ? body.detail : typeof body.message === "string" ? body.message : undefined;
    return { status, detail, errors };
  } catch {
    return { status, errors: {} };
  }
}

/** Focuses the first field that shows an error, so a keyboard or screen-reader user lands on its message. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** Today as YYYY-MM-DD in the phone's time zone (the date inputs' format). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Steps back in the app's history, or opens `fallback` when the form was the first screen opened (a shared link). */
export function goBack(fallback: string, nav: (to: string) => void) {
  if (history.length > 1) history.back();
  else nav(fallback);
}
