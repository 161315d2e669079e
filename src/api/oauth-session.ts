import { oauthSessionResponse } from "../contract/oauth";
import type { LoginResponse } from "../signals/session";
import { api } from "./client";

export type OAuthOutcome = { kind: "signed_in"; session: LoginResponse } | { kind: "register"; name: string; email: string; register_ticket: string };

/** POST /oauth/session: trades the single-use ticket of /oauth/callback for a session, or for a registration ticket. */
export async function exchangeTicket(ticket: string): Promise<OAuthOutcome> {
  const body = oauthSessionResponse.parse(await api.post("oauth/session", { json: { ticket } }).json());
  if (body.kind === "register") return { kind: "register", name: body.name, email: body.email, register_ticket: body.register_ticket };
  return { kind: "signed_in", session: body as LoginResponse };
}
