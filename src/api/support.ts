// Calls of the support desk (issue 14; /contact). Apart from account.ts so /contact loads none of the phone rules.
import * as z from "zod/mini";
import { type SupportInfo, type supportMessage, supportInfoResponse } from "../contract/support";
import { Refused } from "../lib/use-resource";
import { api } from "./client";

const written = z.looseObject({ message: z.optional(z.string()) });

/** GET /support/info: the support desk's phone, WhatsApp and email. */
export async function fetchSupportInfo(signal?: AbortSignal): Promise<SupportInfo> {
  const a = supportInfoResponse.parse(await api.get("support/info", { signal }).json());
  if (a.status !== 1) throw new Refused();
  return a.data;
}

/** POST /support/contact: a message to the support team (kept, and mailed to them). */
export async function sendSupportMessage(body: z.output<typeof supportMessage>): Promise<z.infer<typeof written>> {
  return written.parse(await api.post("support/contact", { json: body }).json());
}
