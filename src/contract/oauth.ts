// Wire schemas of Google sign-in (issue 14), shared by server/oauth/routes.ts and the app. The browser never sees a
// token in a URL: the server's callback sends it to /#/oauth/callback with an opaque single-use `ticket`, or with one
// of OAUTH_ERRORS as `error`, and the app trades the ticket for a session or a registration (POST /oauth/session).
// Answers are looseObjects requiring only what the app reads.
import * as z from "zod/mini";

/** Why a Google sign-in came back without a ticket: `/#/oauth/callback?error=<reason>`. */
export const OAUTH_ERRORS = ["denied", "expired", "unverified", "failed"] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

/** GET /oauth/config: whether the server has a provider set up (without one, the button says so). */
export const oauthConfigResponse = z.lazy(() =>
  z.looseObject({
    status: z.optional(z.number()),
    data: z.looseObject({ google: z.boolean() }),
  }),
);
export type OAuthConfigResponse = z.infer<typeof oauthConfigResponse>;

export const OAUTH_MESSAGES = {
  /** Also POST /oauth/session's 410 for an unknown, used or expired ticket. */
  ticketInvalid: "This sign-in link has expired. Please try again.",
} as const;

/** POST /oauth/session's body: the ticket of the callback. */
export const oauthSessionRequest = z.lazy(() =>
  z.object({
    ticket: z
      .string(OAUTH_MESSAGES.ticketInvalid)
      .check(z.trim(), z.minLength(1, OAUTH_MESSAGES.ticketInvalid), z.maxLength(200, OAUTH_MESSAGES.ticketInvalid)),
  }),
);
export type OAuthSessionRequest = z.input<typeof oauthSessionRequest>;

/** A known account is signed in: POST /user/login's answer (access_token, role, got_email_mob, the user's fields). */
export const oauthSignedIn = z.lazy(() =>
  z.looseObject({
    kind: z.literal("signed_in"),
    access_token: z.string(),
    role: z.number(),
    got_email_mob: z.number(),
  }),
);
/**
 * A new person: registration starts with the name and email filled (role picker first); the registration call sends
 * `register_ticket` as `oauth_ticket` (single use, 30 minutes) instead of a password.
 */
export const oauthRegister = z.lazy(() =>
  z.looseObject({
    kind: z.literal("register"),
    name: z.string(),
    email: z.string(),
    register_ticket: z.string(),
  }),
);
/** POST /oauth/session's answer. */
export const oauthSessionResponse = z.lazy(() => z.discriminatedUnion("kind", [oauthSignedIn, oauthRegister]));
export type OAuthSessionResponse = z.infer<typeof oauthSessionResponse>;
