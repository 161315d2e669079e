import { type LoginResponse, loginResponse, type MessageResponse, messageResponse, type ResetPasswordRequest, type VerifyOtpResponse, verifyOtpResponse } from "../contract/auth";
import { api } from "./client";

// Sign-in and recovery calls of SPEC.md section 7 and D9; every answer is checked against the shared contract.

/** POST /user/login with an email or mobile number and a password. */
export async function login(identifier: string, password: string): Promise<LoginResponse> {
  return loginResponse.parse(await api.post("user/login", { json: { identifier, password } }).json());
}

/** POST /auth/forgotpassword?email=: mails a 6-digit code (also the resend call). */
export async function forgotPassword(email: string): Promise<MessageResponse> {
  return messageResponse.parse(await api.post("auth/forgotpassword", { searchParams: { email } }).json());
}

/** POST /auth/verifyotp: checks the code and answers the single-use reset_token. */
export async function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  return verifyOtpResponse.parse(await api.post("auth/verifyotp", { json: { email, otp } }).json());
}

/** POST /auth/resetpassword with the reset_token from verifyOtp. */
export async function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return messageResponse.parse(await api.post("auth/resetpassword", { json: body }).json());
}
