import * as z from "zod/mini";
import { api } from "./client";

// Wire shapes of SPEC.md section 7 and D9. The accounts-server helper's shared schemas (src/contract/auth.ts) had not
// landed when this was written, so the app parses the responses here; unknown extra fields are kept.
export const LoginResponseSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  role: z.number(),
  got_email_mob: z.number(),
  user_id: z.optional(z.number()),
  name: z.optional(z.string()),
  email: z.optional(z.nullable(z.string())),
  mob_no: z.optional(z.nullable(z.string())),
  cntry_code: z.optional(z.nullable(z.string())),
  company_id: z.optional(z.nullable(z.number())),
});
export type LoginResult = z.infer<typeof LoginResponseSchema>;

const MessageSchema = z.looseObject({ message: z.optional(z.string()) });
const VerifyOtpSchema = z.looseObject({ message: z.optional(z.string()), reset_token: z.string().check(z.minLength(1)) });
export type VerifyOtpResult = z.infer<typeof VerifyOtpSchema>;

export interface ResetPasswordBody {
  email: string;
  new_password: string;
  confirm_password: string;
  reset_token: string;
}

/** POST /user/login with an email or mobile number and a password. */
export async function login(identifier: string, password: string): Promise<LoginResult> {
  return LoginResponseSchema.parse(await api.post("user/login", { json: { identifier, password } }).json());
}

/** POST /auth/forgotpassword?email=: mails a 6-digit code (also the resend call). */
export async function forgotPassword(email: string): Promise<{ message?: string }> {
  return MessageSchema.parse(await api.post("auth/forgotpassword", { searchParams: { email } }).json());
}

/** POST /auth/verifyotp: checks the code and answers the single-use reset_token. */
export async function verifyOtp(email: string, otp: string): Promise<VerifyOtpResult> {
  return VerifyOtpSchema.parse(await api.post("auth/verifyotp", { json: { email, otp } }).json());
}

/** POST /auth/resetpassword with the reset_token from verifyOtp. */
export async function resetPassword(body: ResetPasswordBody): Promise<{ message?: string }> {
  return MessageSchema.parse(await api.post("auth/resetpassword", { json: body }).json());
}
