import * as z from "zod/mini";
import type { CompanyRegister, CustomerRegister, TechRegister } from "../contract/auth";
import { errorResponse, loginResponse, messageResponse } from "../contract/auth-answers";
import type { LoginResponse } from "../signals/session";
import { api, isHttpError } from "./client";

export type { CompanyRegister, CustomerRegister, TechRegister };

/** What a failed registration tells the form: the server's sentence and, per field, what is wrong. */
export interface RegisterFailure {
  detail?: string;
  errors: Record<string, string>;
}

/** A registration's answer: the server's sentence, and a session when a Google sign-up signs the person straight in. */
export interface RegisterAnswer {
  message: string;
  session?: LoginResponse;
}

async function post(path: string, json: unknown): Promise<RegisterAnswer> {
  const body = await api.post(path, { json }).json();
  // A success without a readable message still succeeded; the view falls back to its own sentence.
  const parsed = z.safeParse(messageResponse, body);
  const session = z.safeParse(loginResponse, body);
  return { message: parsed.success ? (parsed.data.message ?? "") : "", session: session.success ? (session.data as LoginResponse) : undefined };
}

/** POST /user/register: a property owner or tenant (D6). Resolves to the server's message. */
export const registerCustomer = (form: CustomerRegister) => post("user/register", form);

/** POST /authn/tech_register: a technician. Resolves to the server's message. */
export const registerTechnician = (form: TechRegister) => post("authn/tech_register", form);

/** POST /authn/company_register: a maintenance company. Resolves to the server's message. */
export const registerCompany = (form: CompanyRegister) => post("authn/company_register", form);

/** Reads `{detail, errors}` from a failed call (D8); anything else (no network, not JSON) gives no detail. */
export async function registerFailure(error: unknown): Promise<RegisterFailure> {
  if (!isHttpError(error)) return { errors: {} };
  try {
    const body: unknown = await error.response.clone().json();
    const parsed = z.safeParse(errorResponse, body);
    if (parsed.success) return { detail: parsed.data.detail, errors: parsed.data.errors ?? {} };
    const loose = body as { detail?: unknown; message?: unknown };
    const detail = typeof loose.detail === "string" ? loose.detail : typeof loose.message === "string" ? loose.message : undefined;
    return { detail, errors: {} };
  } catch {
    return { errors: {} };
  }
}
