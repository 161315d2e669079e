// What a failed write says (D8: `detail`, and `errors` per field, already in the user's language, D17), read the
// same way by every form; each area names the form field a server key belongs to.
import { isHttpError } from "./client";

export interface Failure {
  status: number | null;
  /** The server's sentence, in the user's language (D17). */
  detail?: string;
  /** Per field, the server's sentence. */
  errors: Record<string, string>;
}

/** Reads a failed write: its status, `detail` and `errors` (D8) keyed by `fieldOf`; a network failure has no status. */
export async function readFailure(error: unknown, fieldOf: (key: string) => string = (k) => k): Promise<Failure> {
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
