// What the accounts area answers (SPEC.md sections 3, 7 and 8; D8, D9), as the app reads it. Each schema requires only
// what SPEC.md names and lets every other field through (looseObject), so the app works against any server that keeps
// the contract. This file needs nothing but zod: sign-in loads it while its request is in flight, and the field rules
// of the registration forms (phone metadata and all) stay out of that.
import * as z from "zod/mini";

/** POST /user/login: access_token, role and got_email_mob are all SPEC.md promises; the "other user fields" (our
 * server's user_id, name, email, mob_no, cntry_code, ...) pass through unchecked and are kept as the stored user. */
export const loginResponse = z.lazy(() =>
  z.looseObject({
    access_token: z.string(),
    role: z.number(),
    got_email_mob: z.number(),
  }),
);
export type LoginResponse = z.infer<typeof loginResponse>;

/** Every other answer of the area: a sentence for the toast; the app has its own when the server sends none. */
export const messageResponse = z.lazy(() => z.looseObject({ message: z.optional(z.string()) }));
export type MessageResponse = z.infer<typeof messageResponse>;

/** verifyotp's answer: the single-use reset_token the app keeps in sessionStorage for resetpassword (D9). */
export const verifyOtpResponse = z.lazy(() => z.looseObject({ message: z.optional(z.string()), reset_token: z.string() }));
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

/** An error answer (D8): a readable detail and, for invalid fields, one sentence per field. */
export const errorResponse = z.lazy(() => z.looseObject({ detail: z.string(), errors: z.optional(z.record(z.string(), z.string())) }));
export type ErrorResponse = z.infer<typeof errorResponse>;
