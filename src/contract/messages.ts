// The English messages the contract's schemas give (the server answers with them; the forms map each to a translation
// key), without zod or the phone rules: a form's screen can name its errors before it loads the schema that finds them
// (issue 16: a sign-up screen renders without the 30 KB of gzip the mobile rule costs, and loads it to check).

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EMAIL_MESSAGES = {
  required: "Email is required.",
  invalid: "Please enter a valid email address.",
} as const;

export const PHONE_MESSAGES = {
  required: "Mobile number is required.",
  invalid: "Please enter a valid mobile number for the chosen country.",
  dialUnknown: "Please choose a country code.",
} as const;

/** The accounts area's (contract/auth.ts). */
export const MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: "Name must be at most 100 characters.",
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  mobRequired: PHONE_MESSAGES.required,
  mobInvalid: PHONE_MESSAGES.invalid,
  dialInvalid: "Please choose a country code.",
  passwordRequired: "Password is required.",
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  terms: "You must accept the terms of service to proceed.",
  skillsRequired: "Please choose at least one skill.",
  skillUnknown: "Please choose skills from the list.",
  languagesRequired: "Please choose at least one language.",
  languageInvalid: "Languages must be two-letter ISO 639-1 codes.",
  regNoRequired: "Registration number is required.",
  regNoTooLong: "Registration number must be at most 50 characters.",
  otpInvalid: "The code must be 6 digits.",
  identifierRequired: "Please enter your email or mobile number.",
  identifierTooLong: "An email or mobile number is at most 254 characters.",
  mismatch: "Passwords do not match!",
  resetTokenRequired: "Please verify the code from your email first.",
  oauthTicketInvalid: "This sign-in link has expired. Please try again.",
} as const;
