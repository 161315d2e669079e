// Reads of the places area (LOOP.md section 4). Writes live in ./property-edit.ts, so the screens that only read do
// not load the forms' rules.
import { type PropertyDetail, propertiesResponse, propertyResponse, prevTenantsResponse, inviteInfo } from "../contract/property-answers";
import { api } from "./client";

/** GET /property/properties: a page (10) of the properties the caller may see, with open issue counts; `q` searches names. */
export async function fetchProperties(page = 1, q = "", signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = { page_num: page };
  if (q.trim()) searchParams.q = q.trim();
  return propertiesResponse.parse(await api.get("property/properties", { searchParams, signal }).json());
}

/** GET /property/property: one property by id or by its name (D19: unique per owner or company). */
export async function fetchProperty(by: { property_id: number } | { name: string }, signal?: AbortSignal): Promise<PropertyDetail> {
  const searchParams = "property_id" in by ? { property_id: by.property_id } : { name: by.name };
  return propertyResponse.parse(await api.get("property/property", { searchParams, signal }).json()).data;
}

/** GET /property/prev_tenants: ended tenancies, of one property or of all the caller may see. */
export async function fetchPrevTenants(page = 1, propertyId?: number, signal?: AbortSignal) {
  const searchParams: Record<string, number> = { page_num: page };
  if (propertyId) searchParams.property_id = propertyId;
  return prevTenantsResponse.parse(await api.get("property/prev_tenants", { searchParams, signal }).json());
}

/** GET /invite/info: who invited the person, and to what (public: the token is the credential). */
export async function fetchInviteInfo(token: string, signal?: AbortSignal) {
  return inviteInfo.parse(await api.get("invite/info", { searchParams: { token }, signal }).json()).data;
}
