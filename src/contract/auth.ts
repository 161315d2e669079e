// Wire schemas of the accounts area (SPEC.md sections 3, 5, 7; DECISIONS.md D6, D8, D9), shared by
// server/routes/auth.ts and the app's src/api/auth.ts. The server narrows cntry_code and the language codes
// further against the data packages (server/lib/auth-codes.ts), which the app loads lazily and this file must not pull in.
import * as z from "zod/mini";
import { westernDigits } from "./digits";
import { SKILL_IDS } from "../data/skills";
import { DEFAULT_DIAL_CODE, DIAL_CODE, stripNumber } from "./common";
import { email, optionalEmail } from "./email";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "./messages";
import { mobileChecks } from "./phone";

export { DEFAULT_DIAL_CODE, DIAL_CODE, MESSAGES, PASSWORD_MAX, PASSWORD_MIN, email, stripNumber };

export const OTP_LENGTH = 6;
/** A new code is not sent within this long of the last (DECISIONS.md, recovery): the server refuses it, the app waits it out. */
export const RESEND_COOLDOWN_MS = 60_000;
/** ISO 639-1: two lower-case letters. */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

const name = z.string(MESSAGES.nameRequired).check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(100, MESSAGES.nameTooLong));
/** Required here; whether it is a mobile number of the chosen country is the object's check (`mobileChecks`, D16). */
export const mobNo = z.string(MESSAGES.mobRequired).check(z.overwrite(stripNumber), z.minLength(1, MESSAGES.mobRequired), z.maxLength(20, MESSAGES.mobInvalid));
export const dialCode = z.lazy(() =>
  z._default(
    z.string(MESSAGES.dialInvalid).check(
      z.trim(),
      z.overwrite((s) => (/^\d/.test(s) ? `+${s}` : s)),
      z.regex(DIAL_CODE, MESSAGES.dialInvalid),
    ),
    DEFAULT_DIAL_CODE,
  ),
);
/** 8 to 128 characters, never trimmed or truncated (D9). */
export const password = z
  .string(MESSAGES.passwordRequired)
  .check(z.minLength(PASSWORD_MIN, MESSAGES.passwordShort), z.maxLength(PASSWORD_MAX, MESSAGES.passwordLong));
const terms = z.literal(true, MESSAGES.terms);
/**
 * The register_ticket of a Google sign-in (POST /oauth/session, issue 14): with it a registration needs no password,
 * and its email must be the Google account's. An empty string counts as none.
 */
export const oauthTicket = z.lazy(() => z.optional(z.string(MESSAGES.oauthTicketInvalid).check(z.trim(), z.maxLength(200, MESSAGES.oauthTicketInvalid))));
/** A password, unless the body carries an oauth_ticket; also when another field failed, so a form names every wrong field. */
const passwordUnlessTicket = <T extends { password?: unknown; oauth_ticket?: unknown }>() =>
  z.refine<T>((v) => v.password !== undefined || (typeof v.oauth_ticket === "string" && v.oauth_ticket.trim() !== ""), {
    message: MESSAGES.passwordRequired,
    path: ["password"],
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
export const skills = z.lazy(() =>
  z
    .array(z.int(MESSAGES.skillUnknown).check(z.refine((id) => SKILL_IDS.has(id), MESSAGES.skillUnknown)), MESSAGES.skillsRequired)
    .check(z.minLength(1, MESSAGES.skillsRequired), z.maxLength(SKILL_IDS.size, MESSAGES.skillUnknown)),
);
export const languages = z.lazy(() =>
  z
    .array(z.string(MESSAGES.languageInvalid).check(z.trim(), z.toLowerCase(), z.regex(LANGUAGE_CODE, MESSAGES.languageInvalid)), MESSAGES.languagesRequired)
    .check(z.minLength(1, MESSAGES.languagesRequired), z.maxLength(200, MESSAGES.languageInvalid)),
);

/** POST /user/login: identifier is an email or a mobile number, with or without its dial code (D8). */
export const loginRequest = z.lazy(() =>
  z.object({
    identifier: z
      .string(MESSAGES.identifierRequired)
      .check(z.trim(), z.overwrite(westernDigits), z.minLength(1, MESSAGES.identifierRequired), z.maxLength(254, MESSAGES.identifierTooLong)),
    password: z.string(MESSAGES.passwordRequired).check(z.minLength(1, MESSAGES.passwordRequired), z.maxLength(1024, MESSAGES.passwordLong)),
  }),
);
export type LoginRequest = z.input<typeof loginRequest>;

/** POST /user/register: a property owner or tenant, role 0 (D6). The three registrations take a password, or the
 * oauth_ticket of a Google sign-in instead (issue 14). */
export const customerRegister = z
  .object({
    name,
    email,
    cntry_code: dialCode,
    mob_no: mobNo,
    password: z.optional(password),
    oauth_ticket: oauthTicket,
    terms_service: terms,
  })
  .check(...mobileChecks(), passwordUnlessTicket());
export type CustomerRegister = z.input<typeof customerRegister>;

/** POST /authn/tech_register: a technician, role 1 (SPEC.md section 3). */
export const techRegister = z
  .object({
    name,
    email: optionalEmail,
    cntry_code: dialCode,
    mob_no: mobNo,
    password: z.optional(password),
    oauth_ticket: oauthTicket,
    terms_service: terms,
    skills,
    language: languages,
  })
  .check(...mobileChecks(), passwordUnlessTicket());
export type TechRegister = z.input<typeof techRegister>;

/** POST /authn/company_register: a maintenance company and its owner's account, role 2. */
export const companyRegister = z
  .object({
    name,
    email,
    password: z.optional(password),
    oauth_ticket: oauthTicket,
    mob_no: mobNo,
    cntry_code: dialCode,
    reg_no: z
      .string(MESSAGES.regNoRequired)
      .check(z.trim(), z.overwrite(westernDigits), z.minLength(1, MESSAGES.regNoRequired), z.maxLength(50, MESSAGES.regNoTooLong)),
    terms_service: terms,
  })
  .check(...mobileChecks(), passwordUnlessTicket());
export type CompanyRegister = z.input<typeof companyRegister>;

/** POST /auth/forgotpassword?email=: also the resend call. */
export const forgotQuery = z.lazy(() => z.object({ email }));

/** POST /auth/verifyotp. */
export const verifyOtpRequest = z.lazy(() =>
  z.object({
    email,
    otp: z.string(MESSAGES.otpInvalid).check(z.trim(), z.regex(/^\d{6}$/, MESSAGES.otpInvalid)),
  }),
);
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;
/** POST /auth/resetpassword: the spec's three fields plus the reset_token from verifyotp. */
export const resetPasswordRequest = z.lazy(() =>
  z
    .object({
      email,
      new_password: password,
      confirm_password: z.string(MESSAGES.passwordRequired),
      reset_token: z
        .string(MESSAGES.resetTokenRequired)
        .check(z.trim(), z.minLength(1, MESSAGES.resetTokenRequired), z.maxLength(200, MESSAGES.resetTokenRequired)),
    })
    .check(z.refine((v) => v.new_password === v.confirm_password, { message: MESSAGES.mismatch, path: ["confirm_password"] })),
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** The English messages of SPEC.md section 8 the server answers with. */
export const AUTH_MESSAGES = {
  login: "Login successful!",
  registered: "Registration successful!",
  resetSent: "Password reset link sent to your email.",
  otpVerified: "Otp verified successfully",
  passwordReset: "Password has been successfully reset.",
  invalidLogin: "Invalid identifier or password",
} as const;
