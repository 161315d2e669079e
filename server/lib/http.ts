import type { Context } from "hono";
import type { ZodMiniType } from "zod/mini";
import { type Lang, type Text, isMessage, msg, translate } from "./i18n";

/** An error a user can read: status, a `detail` sentence, and per-field messages (D8), translated when answered (D17). */
export class HttpError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    public detail: Text,
    public errors?: Record<string, Text>,
    public headers?: Record<string, string>,
  ) {
    super(isMessage(detail) ? translate("en", detail) : detail);
  }

  /** The D8 body in `lang`. */
  body(lang: Lang): { detail: string; errors?: Record<string, string> } {
    const detail = translate(lang, this.detail);
    if (!this.errors) return { detail };
    return { detail, errors: Object.fromEntries(Object.entries(this.errors).map(([k, v]) => [k, translate(lang, v)])) };
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export const tooMany = (detail: Text, retryMs: number) =>
  new HttpError(429, detail, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryMs / 1000))) });

export const fieldErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    errors[key] ??= issue.message;
  }
  return errors;
};

/** Validates `value` against a zod schema; unknown fields are dropped; failures answer 422 with the fields named. */
export function check<T>(schema: ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first = Object.values(errors)[0];
  throw new HttpError(422, first ?? msg("checkForm"), errors);
}

/** Reads and validates a JSON body; a body that is not JSON answers 400. */
export async function body<T>(c: Context, schema: ZodMiniType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, msg("notJson"));
  }
  return check(schema, raw);
}

/** Postgres unique violations become 409 naming the field. */
export function conflictFrom(e: unknown): HttpError | null {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string };
  if (err?.code !== "23505") return null;
  const where = `${err.constraint ?? ""} ${err.detail ?? ""} ${err.message ?? ""}`;
  if (where.includes("email")) return new HttpError(409, msg("emailTaken"), { email: msg("emailTaken") });
  if (where.includes("mob_no")) return new HttpError(409, msg("mobileTaken"), { mob_no: msg("mobileTaken") });
  if (where.includes("reg_no")) return new HttpError(409, msg("regNoTaken"), { reg_no: msg("regNoTaken") });
  return new HttpError(409, msg("recordExists"));
}
