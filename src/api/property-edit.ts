// Writes of the places area (LOOP.md section 4): the add, edit and tenant forms and the invitation screen. Reads live in
// ./property.ts. Bodies are checked by the forms with the contract (src/contract/property.ts) before they come here.
import * as z from "zod/mini";
import type {
  addProperty as addPropertySchema,
  addUnits as addUnitsSchema,
  assignTenant as assignTenantSchema,
  editProperty as editPropertySchema,
} from "../contract/property";
import { assignAnswer } from "../contract/property-answers";
import { compressPhoto } from "../lib/image-compress";
import { signIn } from "../signals/session";
import { IDEMPOTENCY_HEADER, api } from "./client";

type Out<S extends z.ZodMiniType> = z.output<S>;

/** A write's answer: a sentence, and whatever else the server adds (LOOP.md: writes answer `{message, ...}`). */
const written = z.looseObject({ message: z._default(z.string(), "") });

/**
 * What POST /property/add_property answers: the new property's id and name, at the top or under `data` (the
 * contract names no answer for it, so both shapes are read).
 */
const added = z.looseObject({
  message: z._default(z.string(), ""),
  property_id: z.optional(z.number()),
  name: z.optional(z.string()),
  data: z.optional(z.looseObject({ property_id: z.optional(z.number()), name: z.optional(z.string()) })),
});

export interface AddedProperty {
  message: string;
  property_id: number;
  name: string;
}

/** POST /property/add_property: a property with its units; resolves to its id and name. */
export async function addProperty(body: Out<typeof addPropertySchema>): Promise<AddedProperty> {
  const answer = added.parse(await api.post("property/add_property", { json: body }).json());
  const property_id = answer.property_id ?? answer.data?.property_id;
  if (property_id == null) throw new Error("add_property answered without a property_id");
  return { message: answer.message, property_id, name: answer.name ?? answer.data?.name ?? body.name };
}

/** PUT /property/property?property_id=: the property's own fields (units have their own call). */
export async function editProperty(propertyId: number, body: Out<typeof editPropertySchema>) {
  return written.parse(await api.put("property/property", { searchParams: { property_id: propertyId }, json: body }).json());
}

/** DELETE /property/property?property_id=: the property with its units, tenancies and files (409 while an issue is open). */
export async function deleteProperty(propertyId: number) {
  return written.parse(await api.delete("property/property", { searchParams: { property_id: propertyId } }).json());
}

/** POST /property/units?property_id=: more units. */
export async function addUnits(propertyId: number, body: Out<typeof addUnitsSchema>) {
  return written.parse(await api.post("property/units", { searchParams: { property_id: propertyId }, json: body }).json());
}

/** POST /property/assign_role: a tenant in a unit; `invite_url` comes back when a new account was made. */
export async function assignTenant(body: Out<typeof assignTenantSchema>) {
  return assignAnswer.parse(await api.post("property/assign_role", { json: body }).json());
}

/** POST /property/reinvite?tenancy_id=: a new link for a tenant who has not opened theirs (the earlier one stops). */
export async function reinvite(tenancyId: number) {
  return assignAnswer.parse(await api.post("property/reinvite", { searchParams: { tenancy_id: tenancyId } }).json());
}

/** PUT /property/end_tenancy?tenancy_id=: the tenancy ends (today when no date) and becomes a previous tenancy. */
export async function endTenancy(tenancyId: number, endDate?: string | null) {
  return written.parse(await api.put("property/end_tenancy", { searchParams: { tenancy_id: tenancyId }, json: { end_date: endDate ?? null } }).json());
}

/** POST /property/hand_over?property_id=: the company (registration number or email) runs the property from now on. */
export async function handOver(propertyId: number, company: string) {
  return written.parse(await api.post("property/hand_over", { searchParams: { property_id: propertyId }, json: { company } }).json());
}

/** POST /property/take_back?property_id=: the owner runs the property again, no company. */
export async function takeBack(propertyId: number) {
  return written.parse(await api.post("property/take_back", { searchParams: { property_id: propertyId } }).json());
}

export type FileKind = "photo" | "document";

/**
 * POST /property/media?property_id=&kind=: one file as the raw body (D21: one file per request, so a dropped
 * connection loses one file). Photos are made smaller first. The key lets ky repeat this one request safely (D23).
 */
export async function uploadPropertyFile(propertyId: number, kind: FileKind, file: File | Blob, key?: string) {
  const name = (file as File).name || (kind === "photo" ? "photo.jpg" : "document");
  const body = kind === "photo" ? await compressPhoto(file) : file;
  const sentName = (body as File).name || name;
  const headers: Record<string, string> = {
    "Content-Type": body.type || "application/octet-stream",
    "X-File-Name": encodeURIComponent(sentName),
  };
  // The upload queue passes the file's own key, the same on each retry, so a repeat the server stored is stored once.
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  else if (typeof crypto !== "undefined" && "randomUUID" in crypto) headers[IDEMPOTENCY_HEADER] = crypto.randomUUID();
  return written.parse(await api.post("property/media", { searchParams: { property_id: propertyId, kind }, body, headers }).json());
}

/** DELETE /property/media?file_id=: removes a photo or document. */
export async function deletePropertyFile(fileId: number) {
  return written.parse(await api.delete("property/media", { searchParams: { file_id: fileId } }).json());
}

/** POST /invite/accept: the invited person's password and terms; answers like sign-in, and signs them in. */
export async function acceptInvite(token: string, password: string) {
  const [{ loginResponse }, body] = await Promise.all([
    import("../contract/auth-answers"),
    api.post("invite/accept", { json: { token, password, terms_service: true } }).json(),
  ]);
  const response = loginResponse.parse(body);
  signIn(response);
  return response;
}
