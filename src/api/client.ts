import ky, { HTTPError, type KyInstance, type Options } from "ky";
import { navigate } from "../lib/hash-location";
import { signOut, token } from "../signals/session";

export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined) ?? "api";

/** Applies SPEC.md section 8 to every response: 401 clears the session (login → /login, else → /), 404 → /404. */
export function handleStatus(request: Request, response: Response) {
  if (response.status === 401) {
    signOut();
    navigate(new URL(request.url).pathname.endsWith("/user/login") ? "/login" : "/", { replace: true });
  } else if (response.status === 404) {
    navigate("/404");
  }
}

/** Builds the one ky instance; tests pass their own fetch and retry delay. */
export function createApi(extra: Options = {}): KyInstance {
  return ky.create({
    prefixUrl: API_BASE,
    timeout: false,
    // D13: reads retry three times with exponential delay capped at 30 s; writes never retry.
    retry: { limit: 3, methods: ["get"], statusCodes: [408, 429, 500, 502, 503, 504], backoffLimit: 30_000 },
    hooks: {
      beforeRequest: [
        (request) => {
          if (token.value) request.headers.set("Authorization", `Bearer ${token.value}`);
        },
      ],
      afterResponse: [(request, _options, response) => handleStatus(request, response)],
    },
    ...extra,
  });
}

export let api = createApi();
/** Swaps the instance (tests). */
export const setApi = (instance: KyInstance) => (api = instance);

/** The server's readable `detail` of a failed call, if it sent one. */
export async function errorDetail(error: unknown): Promise<string | undefined> {
  if (!(error instanceof HTTPError)) return undefined;
  try {
    const body = (await error.response.clone().json()) as { detail?: unknown; message?: unknown };
    if (typeof body.detail === "string") return body.detail;
    if (typeof body.message === "string") return body.message;
  } catch {
    /* not JSON */
  }
  return undefined;
}

export { HTTPError };
