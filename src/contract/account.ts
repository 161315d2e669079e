// Wire contract of the account area (issue 14; LOOP.md sections 3 and 4): the profile of every role, verified contact
// changes, the password, signing out and deleting the account (the support desk: support.ts). Shared by server/account/ and the
// app's src/api/account.ts. Answers require only what is listed here and let every other field through (looseObject).
import * as z from "zod/mini";
import { westernDigits } from "./digits";
import { MESSAGES, OTP_LENGTH, dialCode, email, languages, mobNo, password, skills } from "./auth";
import { mobileChecks } from "./phone";
import { LIMITS, addrsSchema } from "./profile";

export const CONTACT_KINDS = ["email", "mobile"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Upper bounds the forms and the server share. */
export const ACCOUNT_LIMITS = {
  nameMax: 100,
  regNoMax: 50,
  /** Minor units of the company's currency (100,000.000 OMR an hour is surely a typo). */
  hourlyRateMax: 100_000_000,
} as const;

export const ACCOUNT_MESSAGES = {
  saved: "Your profile has been saved.",
  photoSaved: "Your photo has been saved.",
  photoRemoved: "Your photo has been removed.",
  logoSaved: "The company logo has been saved.",
  codeSent: "We sent a code to {value}. Enter it to confirm the change.",
  contactChanged: "Your contact details have been changed.",
  sameContact: "This is already your contact detail.",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  currentPasswordWrong: "Your current password is not correct.",
  currentPasswordRequired: "Please enter your current password.",
  accountDeleted: "Your account has been deleted.",
  deleteNeedsProof: "Please enter your password or the code we sent you.",
  deleteCodeSent: "We sent a code to confirm deleting your account.",
  hourlyRateInvalid: "Please enter an hourly rate of 0 or more.",
  companyNameRequired: "Please enter the company's name.",
  regNoRequired: MESSAGES.regNoRequired,
  nothingPending: "There is no change waiting for a code. Please start again.",
} as const;

const otp = z.string(MESSAGES.otpInvalid).check(z.trim(), z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.otpInvalid));
const name = z.string(MESSAGES.nameRequired).check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(ACCOUNT_LIMITS.nameMax, MESSAGES.nameTooLong));
const point = z.object({ lat: z.number().check(z.gte(-90), z.lte(90)), lng: z.number().check(z.gte(-180), z.lte(180)) });

/**
 * PUT /user/profile: every field optional; the server takes only what the caller's role may change and refuses the
 * rest with 403 (a tenant sending skills, a technician sending company). Empty body: nothing changes.
 */
export const profileUpdate = z.lazy(() =>
  z.object({
    name: z.optional(name),
    languages: z.optional(languages),
    /** Technicians (role 1) only. */
    skills: z.optional(skills),
    area_range: z.optional(z.number().check(z.gt(0, "Please enter an area range greater than 0 km."), z.lte(LIMITS.areaRangeMaxKm))),
    respond_time: z.optional(z.int().check(z.gte(1, "Please enter a response frequency of at least 1 day."), z.lte(LIMITS.respondTimeMaxDays))),
    addres: z.optional(z.string().check(z.trim(), z.minLength(1, "Please choose your location."), z.maxLength(LIMITS.addressMax))),
    addrs: z.optional(z.nullable(addrsSchema)),
    location: z.optional(point),
    /** "Taking jobs now": off, no new job reaches the technician (assign candidates and offers leave them out). */
    taking_jobs: z.optional(z.boolean()),
    include_whatsapp: z.optional(z.boolean()),
    /** Managers (role 2) only: their company. */
    company: z.optional(
      z.object({
        name: z.optional(z.string().check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.companyNameRequired), z.maxLength(ACCOUNT_LIMITS.nameMax))),
        reg_no: z.optional(
          z.string().check(z.trim(), z.overwrite(westernDigits), z.minLength(1, MESSAGES.regNoRequired), z.maxLength(ACCOUNT_LIMITS.regNoMax)),
        ),
        /** Integer minor units of the company's currency (the profile answer names it). */
        hourly_rate: z.optional(
          z.int(ACCOUNT_MESSAGES.hourlyRateInvalid).check(z.gte(0, ACCOUNT_MESSAGES.hourlyRateInvalid), z.lte(ACCOUNT_LIMITS.hourlyRateMax)),
        ),
      }),
    ),
  }),
);
export type ProfileUpdate = z.input<typeof profileUpdate>;

/** POST /user/change_contact: a code goes to the NEW email or mobile; nothing changes until POST /user/verify_contact. */
export const changeContact = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal("email"), email }),
    z.object({ kind: z.literal("mobile"), cntry_code: dialCode, mob_no: mobNo }).check(...mobileChecks()),
  ]),
);
export type ChangeContact = z.input<typeof changeContact>;

/** POST /user/verify_contact: the code of the pending change of that kind (five wrong codes void it). */
export const verifyContact = z.lazy(() => z.object({ kind: z.enum(CONTACT_KINDS), otp }));

/** PUT /user/password: current_password may be left out only by an account that has none (Google sign-in). */
export const passwordChange = z.lazy(() =>
  z
    .object({
      current_password: z.optional(z.string().check(z.maxLength(1024))),
      new_password: password,
      confirm_password: z.string(MESSAGES.passwordRequired),
    })
    .check(z.refine((v) => v.new_password === v.confirm_password, { message: MESSAGES.mismatch, path: ["confirm_password"] })),
);
export type PasswordChange = z.input<typeof passwordChange>;

/** DELETE /user/account: the password, or the code POST /user/delete_code sent (accounts without a password). */
export const accountDelete = z.lazy(() => z.object({ password: z.optional(z.string().check(z.maxLength(1024))), otp: z.optional(otp) }));

// ---- Answers ----

const nullishString = z.optional(z.nullable(z.string()));

export const pendingContact = z.lazy(() => z.looseObject({ kind: z.enum(CONTACT_KINDS), value: z.string(), expires_at: z.string() }));
export type PendingContact = z.infer<typeof pendingContact>;

/** GET /user/profile's data (also the data of every profile write's answer). */
export const accountProfile = z.lazy(() =>
  z.looseObject({
    user_id: z.number(),
    role: z.number(),
    name: z.string(),
    email: nullishString,
    mob_no: nullishString,
    cntry_code: nullishString,
    /** The photo's URL path under /files/users/..., or null. */
    profile: nullishString,
    languages: z.optional(z.array(z.string())),
    include_whatsapp: z.optional(z.boolean()),
    /** False for an account made through Google sign-in that never set one. */
    has_password: z.optional(z.boolean()),
    /** Changes waiting for their code, at most one per kind. */
    pending: z.optional(z.array(pendingContact)),
    // Technicians
    skills: z.optional(z.array(z.number())),
    area_range: z.optional(z.nullable(z.number())),
    respond_time: z.optional(z.nullable(z.number())),
    addres: nullishString,
    location: z.optional(z.nullable(z.looseObject({ lat: z.number(), lng: z.number() }))),
    taking_jobs: z.optional(z.boolean()),
    // Managers
    company: z.optional(
      z.nullable(
        z.looseObject({
          company_id: z.number(),
          name: z.string(),
          reg_no: nullishString,
          /** Minor units of `currency`. */
          hourly_rate: z.number(),
          currency: z.string(),
          logo: nullishString,
        }),
      ),
    ),
  }),
);
export type AccountProfile = z.infer<typeof accountProfile>;

export const profileResponse = z.lazy(() => z.looseObject({ status: z.optional(z.number()), message: z.optional(z.string()), data: accountProfile }));

// ---- Other calls (no body schema) ----
// GET    /user/profile            → profileResponse (every role).
// POST   /user/photo              raw image body (like POST /issue/media; the app compresses it first) → profileResponse.
// DELETE /user/photo              → profileResponse.
// POST   /company/logo            raw image body, managers (role 2) → profileResponse.
// POST   /user/delete_code        → {message}: a code to the account's email (or mobile) for DELETE /user/account.
// POST   /user/logout             (exists) ends this session.
// GET    /support/info, POST /support/contact: src/contract/support.ts.
