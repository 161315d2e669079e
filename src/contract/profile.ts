// Wire contract of contact verification (SPEC.md section 7: GET /get_email_mob, PUT /update_user_email_mob,
// POST /tech/update, GET /place/search), shared by the server routes and the app's API module.
import * as z from "zod/mini";
import { DIAL_CODE, stripNumber } from "./common";
import { isEmail } from "./email";
import { nationalMobile, storeNational } from "./phone";

/** The server's success message, shown as the toast (translated when it is this one). */
export const SAVED_MESSAGE = "Your details have been saved.";

export const LIMITS = {
  areaRangeMaxKm: 1000,
  respondTimeMaxDays: 365,
  addressMax: 300,
} as const;

const part = z.optional(z.nullable(z.string().check(z.maxLength(100))));
/** SPEC.md section 3's structured address. */
export const addrsSchema = z.lazy(() => z.object({ block: part, no: part, street: part, city: part, state: part, zipcode: part, country: part }));
export type Addrs = z.infer<typeof addrsSchema>;

/** The payload of PUT /update_user_email_mob and POST /tech/update; the per-role rules are in `verifyInfoProblems`. */
export const verifyInfoPayload = z.lazy(() =>
  z
    .object({
      email: z.optional(z.nullable(z.string().check(z.maxLength(254)))),
      cntry_code: z.string().check(z.regex(DIAL_CODE, "Please choose a country dial code.")),
      mob_no: z.string().check(z.maxLength(20)),
      includeWhatsapp: z.optional(z.boolean()),
      area_range: z.optional(z.nullable(z.number())),
      respond_time: z.optional(z.nullable(z.number())),
      addres: z.optional(z.nullable(z.string().check(z.maxLength(LIMITS.addressMax)))),
      addrs: z.optional(z.nullable(addrsSchema)),
      location: z.optional(z.nullable(z.object({ lat: z.nullable(z.number()), lng: z.nullable(z.number()) }))),
      // A valid mobile number is stored as its national number (D16); `verifyInfoProblems` names an invalid one.
    })
    .check(storeNational()),
);
export type VerifyInfoPayload = z.infer<typeof verifyInfoPayload>;

/**
 * SPEC.md section 5's verify-info rules, per role, as field → sentence: email for role 0 (the one email rule), a mobile
 * number of the chosen country always (D16), and for role 1
 * area range > 0, frequency ≥ 1, address and both coordinates. Empty means valid; the app enables its button on that.
 */
export function verifyInfoProblems(p: VerifyInfoPayload, role: number): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = (p.email ?? "").trim();
  if (!email) {
    if (role === 0) problems.email = "Please enter your email.";
  } else if (!isEmail(email)) problems.email = "Please enter a valid email address.";
  const mob = stripNumber(p.mob_no.trim());
  if (!mob) problems.mob_no = "Please enter your mobile number.";
  else if (nationalMobile(p.cntry_code, mob) === null) problems.mob_no = "Please enter a valid mobile number for the chosen country.";
  if (!DIAL_CODE.test(p.cntry_code)) problems.cntry_code = "Please choose a country dial code.";

  const lat = p.location?.lat ?? null;
  const lng = p.location?.lng ?? null;
  if (lat != null && !(Number.isFinite(lat) && lat >= -90 && lat <= 90)) problems["location.lat"] = "The latitude must be between -90 and 90.";
  if (lng != null && !(Number.isFinite(lng) && lng >= -180 && lng <= 180)) problems["location.lng"] = "The longitude must be between -180 and 180.";
  if (role === 1) {
    const area = p.area_range;
    if (area == null || !Number.isFinite(area) || area <= 0) problems.area_range = "Please enter an area range greater than 0 km.";
    else if (area > LIMITS.areaRangeMaxKm) problems.area_range = `The area range can be at most ${LIMITS.areaRangeMaxKm} km.`;
    const days = p.respond_time;
    if (days == null || !Number.isFinite(days) || days < 1) problems.respond_time = "Please enter a response frequency of at least 1 day.";
    else if (!Number.isInteger(days)) problems.respond_time = "Please enter the response frequency in whole days.";
    else if (days > LIMITS.respondTimeMaxDays) problems.respond_time = `The response frequency can be at most ${LIMITS.respondTimeMaxDays} days.`;
    if (!(p.addres ?? "").trim()) problems.addres = "Please choose your location.";
    if (lat == null || lng == null) problems.location = "Please choose your location.";
  }
  return problems;
}

// The answers below require only what SPEC.md names and let every other field through (looseObject).

/** GET /get_email_mob: status (1 success) and data {email, mob_no, cntry_code}. */
export const emailMobResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      email: z.optional(z.nullable(z.string())),
      mob_no: z.optional(z.nullable(z.string())),
      cntry_code: z.optional(z.nullable(z.string())),
    }),
  }),
);
export type EmailMob = z.infer<typeof emailMobResponse>["data"];

/** The save's answer: its message is the toast; our own sentence when there is none. */
export const messageResponse = z.lazy(() => z.looseObject({ message: z.optional(z.string()) }));

/** One result of GET /place/search (SPEC.md section 3). */
export const placeSchema = z.lazy(() =>
  z.looseObject({
    formatted_address: z.string(),
    geometry: z.looseObject({ location: z.looseObject({ lat: z.number(), lng: z.number() }) }),
    /** Our server's extras: the town and its country's ISO code, which fill the address parts left empty. */
    city: z.optional(z.string()),
    country_code: z.optional(z.string()),
  }),
);
export type Place = z.infer<typeof placeSchema>;
export const placesResponse = z.lazy(() => z.array(placeSchema));
