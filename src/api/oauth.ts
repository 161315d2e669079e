// Google sign-in's calls (issue 14). The login screen's two (config, start) parse by hand: zod would put its chunk on
// the first load of every visit, to check one boolean. The callback's ticket exchange, off the first load, uses the
// contract (src/api/oauth-session.ts).
import { API_BASE, api } from "./client";

/** GET /oauth/config: whether this server has a Google (OIDC) provider set up. */
export async function googleConfigured(signal?: AbortSignal): Promise<boolean> {
  const body = (await api.get("oauth/config", { signal }).json()) as { data?: { google?: unknown } } | null;
  return body?.data?.google === true;
}

/** Where "Continue with Google" sends the browser: the server starts the flow and redirects to the provider. */
export const googleStartUrl = (lang: string) => `${API_BASE.replace(/\/+$/, "")}/oauth/google/start?lang=${encodeURIComponent(lang)}`;
