import { stripNumber } from "../contract/common";
// Reading the payload of a JWT without verifying it (D7: the company prefill token only fills in a form the user
// checks and submits, so nothing is trusted from it).

/** Decodes a base64url string to text (UTF-8), or null when it is not base64url. */
function base64UrlDecode(part: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part) || part.length % 4 === 1) return null;
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((part.length + 3) % 4);
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The JSON object in a JWT's payload, or null for anything that is not one. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== "string") return null;
  const parts = token.trim().split(".");
  if (parts.length !== 3 && parts.length !== 2) return null;
  const text = base64UrlDecode(parts[1]);
  if (text == null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface CompanyPrefill {
  name?: string;
  email?: string;
  mob_no?: string;
  cntry_code?: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");

/** The company form fields a `user_info` token carries (D7); fields that are missing or not text are left out. */
export function companyPrefill(token: string | null | undefined): CompanyPrefill {
  const payload = decodeJwtPayload(token);
  if (!payload) return {};
  const out: CompanyPrefill = {};
  const name = text(payload.name);
  const email = text(payload.email);
  const mob = stripNumber(text(payload.mob_no));
  const dialDigits = text(payload.cntry_code).replace(/^(\+|00)/, "");
  if (name) out.name = name.slice(0, 100);
  if (email) out.email = email.slice(0, 254);
  if (/^\d{1,20}$/.test(mob)) out.mob_no = mob;
  if (/^\d{1,4}$/.test(dialDigits)) out.cntry_code = `+${dialDigits}`;
  return out;
}
