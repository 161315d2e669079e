// What every handler can reach through `c.var`: a leaf, so routes and middleware can name it without importing the
// app that mounts them.
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import type { Storage } from "./storage";

/** Sign-in with Google or any OpenID Connect provider (issue 14); read from the environment when a test gives none. */
export interface OAuthSettings {
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: without both, the sign-in is off. */
  clientId?: string;
  clientSecret?: string;
  /** GOOGLE_ISSUER: the provider's issuer URL, https://accounts.google.com by default. */
  issuer: string;
  /** OAUTH_REDIRECT_URL: the callback registered at the provider; by default the request's origin + /api/oauth/callback. */
  redirectUrl?: string;
}

export interface Deps {
  db: Db;
  mailer: Mailer;
  /** Structured log line (JSON on stdout by default). */
  log: (entry: Record<string, unknown>) => void;
  /** Tile host allowed in the CSP for map images. */
  tileOrigin: string;
  /** Where uploaded files live (D21): the disk under FILES_DIR, or an S3-compatible bucket. */
  storage: Storage;
  /** Google sign-in's settings; absent: read from the environment on each request (server/oauth/settings.ts). */
  oauth?: OAuthSettings;
}
/** The env of every handler; a signed-in `user` exists only behind `requireAuth` (AuthedEnv in lib/auth.ts). */
export type Env = { Variables: Deps & AnswerVars };

/** What a kept answer (lib/answer-cache.ts) tells the handler and the compression about itself. */
export interface AnswerVars {
  /** Its gzip and deflate once made, by encoding. */
  encoded?: Map<string, Uint8Array>;
  /** Set by a handler whose answer changes with time alone at that moment (ms): it is not sent again from then. */
  keepUntil?: number;
}

/** Where support answers (GET /support/info) and where POST /support/contact mails: SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_WHATSAPP. */
export interface SupportSettings {
  email: string;
  phone: string;
  /** WhatsApp number; the phone number when not set. */
  whatsapp: string;
}

export const DEFAULT_SUPPORT_EMAIL = "support@fixit.example";
export const DEFAULT_SUPPORT_PHONE = "+96824000000";

/** The support settings, read when asked (a changed environment needs no restart in tests). */
export function supportFromEnv(env: Record<string, string | undefined> = process.env): SupportSettings {
  const phone = env.SUPPORT_PHONE?.trim() || DEFAULT_SUPPORT_PHONE;
  return {
    email: env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
    phone,
    whatsapp: env.SUPPORT_WHATSAPP?.trim() || phone,
  };
}
