// The one email rule (issue 9: three rules disagreed, and the forms accepted `a@b..com` that the server refused).
// Every form checks an email with this schema (safeParse, directly or through its area's contract) and the server
// validates every body with the same; nothing else spells an email pattern.
import * as z from "zod/mini";
import { EMAIL_MESSAGES } from "./messages";

export { EMAIL_MESSAGES };

/** An email: trimmed and lower-cased, at most 254 characters, zod's email pattern (a dotted domain, no empty label). */
export const email = z
  .string(EMAIL_MESSAGES.required)
  .check(z.trim(), z.toLowerCase(), z.minLength(1, EMAIL_MESSAGES.required), z.maxLength(254, EMAIL_MESSAGES.invalid), z.email(EMAIL_MESSAGES.invalid));

/** An optional email (technicians): absent, null or "" mean none. */
export const optionalEmail = z.lazy(() => z.optional(z.nullable(z.union([z.literal(""), email]))));

/** Whether `text` is an email the server accepts. */
export const isEmail = (text: string) => z.safeParse(email, text).success;
