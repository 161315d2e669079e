import type { Context } from "hono";
import type { ZodMiniType } from "zod/mini";

/** An error a user can read: status, a `detail` sentence, and per-field messages (D8). */
export class HttpError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    public detail: string,
    public errors?: Record<string, string>,
    public headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

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
  throw new HttpError(422, first ?? "Please check the form and try again.", errors);
}

/** Reads and validates a JSON body; a body that is not JSON answers 400. */
export async function body<T>(c: Context, schema: ZodMiniType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, "The request body must be JSON.");
  }
  return check(schema, raw);
}

/** Postgres unique violations become 409 naming the field. */
export function conflictFrom(e: unknown): HttpError | null {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string };
  if (err?.code !== "23505") return null;
  const where = `${err.constraint ?? ""} ${err.detail ?? ""} ${err.message ?? ""}`;
  if (where.includes("email")) return new HttpError(409, "This email is already registered.", { email: "This email is already registered." });
  if (where.includes("mob_no")) return new HttpError(409, "This mobile number is already registered.", { mob_no: "This mobile number is already registered." });
  if (where.includes("reg_no")) return new HttpError(409, "This registration number is already registered.", { reg_no: "This registration number is already registered." });
  return new HttpError(409, "This record already exists.");
}
