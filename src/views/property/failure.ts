// What a failed write of the places area says (D8: `detail`, and `errors` per field, already in the user's
// language, D17), and small helpers the forms share. No contract here: the invitation screen uses it without loading
// the phone-number rules.
import { readFailure } from "../../api/failure";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";

/** The field a contract path or a server `errors` key names: "addrs.city" stays, "units.3" is "units". */
export function fieldOf(path: readonly PropertyKey[] | string): string {
  const parts = (typeof path === "string" ? path.split(/[.[\]]/).filter(Boolean) : path.map(String)) as string[];
  return parts[0] === "addrs" && parts[1] ? `addrs.${parts[1]}` : (parts[0] ?? "");
}

export type { Failure } from "../../api/failure";

/** Reads a failed write of the places area: its status, `detail` and `errors` by form field. */
export const failureOf = (error: unknown) => readFailure(error, fieldOf);

/**
 * A failed save of a property form: the server's field errors by their fields (a 409 duplicate name on the name
 * field), and its detail (or `fallbackKey`) as a toast. Returns the field errors to show.
 */
export async function saveFailure(error: unknown, fallbackKey: string): Promise<Record<string, string>> {
  const failure = await failureOf(error);
  const fieldErrors = { ...failure.errors };
  if (failure.status === 409 && !fieldErrors.name) fieldErrors.name = failure.detail ?? t("propertyForms.errors.duplicate");
  showToast({ key: fallbackKey, message: failure.detail }, "error", { id: "property-form" });
  return fieldErrors;
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
