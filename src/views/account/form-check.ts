// What every account form shares to read its errors (issue 14), free of the phone rules so /contact stays small: a
// contract check turned into a translation key per field, and a failed write read the same way (D8: `detail`, and
// `errors` per field, already in the user's language, D17).
import * as z from "zod/mini";
import { isHttpError } from "../../api/client";

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

export interface Failure {
  status: number | null;
  /** The server's sentence, in the user's language (D17). */
  detail?: string;
  /** Per form field, the server's sentence. */
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
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] button')?.focus());
}
