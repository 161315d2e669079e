// Calls of the account area (issue 14; LOOP.md sections 3 and 4): the profile of every role, verified contact changes,
// the password and deleting the account (the support desk: support.ts). Bodies are checked by the forms with the contract
// (src/contract/account.ts) before they come here; answers are parsed with its schemas, loosely.
import * as z from "zod/mini";
import {
  type AccountProfile,
  type accountDelete,
  accountProfile,
  type changeContact,
  type passwordChange,
  pendingContact,
  type profileUpdate,
  profileResponse,
  type verifyContact,
} from "../contract/account";
import { compressPhoto } from "../lib/image-compress";
import { Refused } from "../lib/use-resource";
import { IDEMPOTENCY_HEADER, api } from "./client";

type Out<S extends z.ZodMiniType> = z.output<S>;

/**
 * A write's answer: its sentence (in the user's language, D17) and, for profile writes, the profile as it is now; a
 * contact change answers the changes waiting for their code.
 */
const written = z.looseObject({ message: z.optional(z.string()), data: z.optional(accountProfile), pending: z.optional(z.array(pendingContact)) });
export type Written = z.infer<typeof written>;
export type ProfileAnswer = { message?: string; data: AccountProfile };

const profileAnswer = (raw: unknown): ProfileAnswer => {
  const a = profileResponse.parse(raw);
  return { message: a.message, data: a.data };
};

/** GET /user/profile: the caller's profile, with the sections of their role (technician, company). */
export async function fetchProfile(signal?: AbortSignal): Promise<AccountProfile> {
  const a = profileResponse.parse(await api.get("user/profile", { signal }).json());
  if (a.status != null && a.status !== 1) throw new Refused();
  return a.data;
}

/** PUT /user/profile: only the fields that changed; the answer is the whole profile. */
export async function updateProfile(body: Out<typeof profileUpdate>): Promise<ProfileAnswer> {
  return profileAnswer(await api.put("user/profile", { json: body }).json());
}

/** One picture as the raw body (D21), made smaller on the phone first; the key lets ky repeat the request safely. */
async function sendPicture(path: string, file: Blob): Promise<ProfileAnswer> {
  const body = await compressPhoto(file);
  const headers: Record<string, string> = {
    "Content-Type": body.type || "application/octet-stream",
    "X-File-Name": encodeURIComponent((body as File).name || "photo.jpg"),
  };
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) headers[IDEMPOTENCY_HEADER] = crypto.randomUUID();
  return profileAnswer(await api.post(path, { body, headers }).json());
}

/** POST /user/photo: the caller's photo. */
export const uploadPhoto = (file: Blob) => sendPicture("user/photo", file);

/** DELETE /user/photo: back to the initials. */
export async function removePhoto(): Promise<ProfileAnswer> {
  return profileAnswer(await api.delete("user/photo").json());
}

/** POST /company/logo: the logo of the manager's company. */
export const uploadLogo = (file: Blob) => sendPicture("company/logo", file);

/** POST /user/change_contact: a code goes to the new email or mobile; nothing changes until it is verified. */
export async function requestContactChange(body: Out<typeof changeContact>): Promise<Written> {
  return written.parse(await api.post("user/change_contact", { json: body }).json());
}

/** POST /user/verify_contact: the code of the pending change; the answer is the profile with the new value. */
export async function verifyContactChange(body: Out<typeof verifyContact>): Promise<Written> {
  return written.parse(await api.post("user/verify_contact", { json: body }).json());
}

/** PUT /user/password: the current password (unless the account has none) and the new one twice. */
export async function changePassword(body: Out<typeof passwordChange>): Promise<Written> {
  return written.parse(await api.put("user/password", { json: body }).json());
}

/** POST /user/delete_code: a code to confirm deleting an account that has no password. */
export async function requestDeleteCode(): Promise<Written> {
  return written.parse(await api.post("user/delete_code").json());
}

/** DELETE /user/account: the password, or the code of POST /user/delete_code. */
export async function deleteAccount(body: Out<typeof accountDelete>): Promise<Written> {
  return written.parse(await api.delete("user/account", { json: body }).json());
}
