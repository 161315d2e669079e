import { type Place, SAVED_MESSAGE, type VerifyInfoPayload, emailMobResponse, messageResponse, placesResponse } from "../contract/profile";
import type { EmailMob } from "../contract/profile";
import { api } from "./client";

/** GET /get_email_mob: the account's email, mobile and dial code, to prefill the verify-info form. */
export async function fetchEmailMob(): Promise<EmailMob> {
  const body = emailMobResponse.parse(await api.get("get_email_mob").json());
  if (body.status !== 1) throw new Error(`get_email_mob status ${body.status}`);
  return body.data;
}

export type SaveOutcome = { ok: true; message: string } | { ok: false; status: number };

/** Saves the verify-info form: POST /tech/update for technicians, PUT /update_user_email_mob otherwise.
 * Success is status 200 (SPEC.md section 4); ky throws on 4xx/5xx, and other 2xx answers come back as not ok. */
export async function saveContactInfo(role: number | null, payload: VerifyInfoPayload): Promise<SaveOutcome> {
  const res = role === 1 ? await api.post("tech/update", { json: payload }) : await api.put("update_user_email_mob", { json: payload });
  if (res.status !== 200) return { ok: false, status: res.status };
  // 200 is success whatever the body says; without a readable message the app's own sentence is shown.
  const body = messageResponse.safeParse(await res.json().catch(() => null));
  return { ok: true, message: (body.success && body.data.message) || SAVED_MESSAGE };
}

/** GET /place/search?keyword=: up to 10 places. Not retried: the next keystroke asks again. */
export async function searchPlaces(keyword: string, signal?: AbortSignal): Promise<Place[]> {
  return placesResponse.parse(await api.get("place/search", { searchParams: { keyword }, signal, retry: 0 }).json());
}
