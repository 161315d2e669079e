// What every account form shares to read its errors (issue 14), free of the phone rules so /contact stays small: a
// contract check turned into a translation key per field, and a failed write read the same way (D8: `detail`, and
// `errors` per field, already in the user's language, D17).
import * as z from "zod/mini";
import { readFailure } from "../../api/failure";

/**
 * The form field a contract path or a server `errors` key names: "languages.0" is "languages", "company.name" stays
 * (the company card has its own fields), and the location's parts belong to the service-area box.
 */
export function fieldOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === "string" ? path.split(/[.[\]]/).filter(Boolean) : path.map(String);
  if (parts[0] === "company" && parts[1]) return `company.${parts[1]}`;
  if (parts[0] === "location" || parts[0] === "addrs") return "addres";
  return parts[0] ?? "";
}

/** Checks `body` with `schema`: the body to send, or per field the key `keys` gives its sentence ("…invalid" otherwise). */
export function checkWith<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  keys: Record<string, string>,
): { errors: Record<string, string>; data?: z.output<S> } {
  const result = z.safeParse(schema, body);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[fieldOf(issue.path as PropertyKey[])] ??= keys[issue.message] ?? "account.errors.invalid";
  return { errors };
}

export type { Failure } from "../../api/failure";

/** Reads a failed write of the account area: its status, `detail` and `errors` by form field. */
export const failureOf = (error: unknown) => readFailure(error, fieldOf);

/** The errors without `field`'s (the same object when it has none, so React skips the render). */
export const dropError = (field: string) => (e: Record<string, string>) =>
  field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e;

/** Focuses the first field that shows an error, so a keyboard or screen-reader user lands on its message. */
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] button')?.focus());
}
