import type { CreateEmployee } from "../contract/company";
import { type StaffRecord, type StaffResponse, createEmployeeResponse, reinviteEmployeeResponse, staffResponse } from "../contract/staff";
import { api } from "./client";

/** Where the users file host serves profile pictures and logos (D11). */
export const USERS_FILES = `${(import.meta.env.VITE_FILES_URL as string | undefined) ?? "/files"}/users/`;

/** The URL of the first picture in a staff_profile / comp_profile list, or null when there is none. */
export function usersFileUrl(list: readonly { path: string }[] | null | undefined): string | null {
  const path = list?.[0]?.path?.replace(/^\/+/, "");
  return path ? USERS_FILES + path.split("/").map(encodeURIComponent).join("/") : null;
}

/** One page (10) of the caller's company staff: GET /company/staffs?page_num=N. */
export async function fetchStaffPage(page: number, signal?: AbortSignal): Promise<StaffResponse> {
  return staffResponse.parse(await api.get("company/staffs", { searchParams: { page_num: page }, signal }).json());
}

/** One employee of the caller's company: GET /company/staffs?staff_id=ID (status 0 and no data when not theirs). */
export async function fetchStaffMember(userId: number | string, signal?: AbortSignal): Promise<StaffResponse> {
  return staffResponse.parse(await api.get("company/staffs", { searchParams: { staff_id: String(userId) }, signal }).json());
}

/** Adds an employee: POST /company/create_user; any 200 is success (SPEC.md section 7), with the new staff record
 * and the employee's invitation link when the server sends them in a shape the app can read. */
export async function createEmployee(payload: CreateEmployee): Promise<{ message?: string; data?: StaffRecord; invite_url?: string | null }> {
  const text = await api.post("company/create_user", { json: payload }).text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = createEmployeeResponse.safeParse(body);
  return parsed.success ? parsed.data : {};
}

/** POST /company/reinvite?staff_id=: a new invitation link for an employee who has not set a password (the earlier one stops). */
export async function reinviteEmployee(userId: number) {
  return reinviteEmployeeResponse.parse(await api.post("company/reinvite", { searchParams: { staff_id: userId } }).json());
}
