import type { ResetPasswordRequest } from "../contract/auth";
import type { LoginResponse, MessageResponse, VerifyOtpResponse } from "../contract/auth-answers";
import { api } from "./client";

// Sign-in and recovery calls of SPEC.md section 7 and D9; every answer is checked against the shared contract.
// The answers' schemas (and zod with them) load while the request is in flight, so they stay out of the sign-in
// screen's first load: about 9 KB of gzip a tenant on a slow phone does not wait for before the screen can be used.
const contract = () => import("../contract/auth-answers");

async function call<T>(request: Promise<unknown>, pick: (c: Awaited<ReturnType<typeof contract>>) => { parse(v: unknown): T }): Promise<T> {
  const [c, body] = await Promise.all([contract(), request]);
  return pick(c).parse(body);
}

/** POST /user/login with an email or mobile number and a password. */
export function login(identifier: string, password: string): Promise<LoginResponse> {
  return call(api.post("user/login", { json: { identifier, password } }).json(), (c) => c.loginResponse);
}

/** POST /user/logout: ends the session on the server (the bearer token goes with it); the answer's body is not needed. */
export async function logout(): Promise<void> {
  await api.post("user/logout");
}

/** POST /auth/forgotpassword?email=: mails a 6-digit code (also the resend call). */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return call(api.post("auth/forgotpassword", { searchParams: { email } }).json(), (c) => c.messageResponse);
}

/** POST /auth/verifyotp: checks the code and answers the single-use reset_token. */
export function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  return call(api.post("auth/verifyotp", { json: { email, otp } }).json(), (c) => c.verifyOtpResponse);
}

/** POST /auth/resetpassword with the reset_token from verifyOtp. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return call(api.post("auth/resetpassword", { json: body }).json(), (c) => c.messageResponse);
}
