import type { KyInstance, Options, ResponsePromise } from "ky";
import { API_BASE, clearEarly, takeEarly } from "../lib/early";
import { navigate } from "../lib/hash-location";
import { loadOnce } from "../lib/load-again";
import { paths } from "../paths";
import { lang } from "../signals/language";
import { signOut, token } from "../signals/session";
import { showToast } from "../signals/toasts";
import { issuesChanged } from "../signals/unread";

export { API_BASE };

/**
 * Applies SPEC.md section 8 to every response: 401 clears the session (login → /login, else → /), 404 → /404 in place
 * of the screen that asked (pushed over it, back and Go back returned to it, which asked again: a loop). A
 * session the server no longer knows (ended elsewhere, its password changed) says so, and keeps the drafts of what was
 * being typed for when its owner signs in again (a sign-out of its own, not the person's).
 */
export function handleStatus(request: Request, response: Response) {
  if (response.status === 401) {
    const login = new URL(request.url).pathname.endsWith("/user/login");
    // A call made with a session that has ended since (a log-out, another account signed in) says nothing of the one
    // now: the bell's count asked for as Log out was pressed must not take the sign-in screen to the root.
    const sent = request.headers.get("Authorization");
    if (!login && sent && sent !== `Bearer ${token.peek()}`) return;
    const hadSession = token.peek() != null;
    signOut({ ended: true });
    navigate(login ? paths.login : paths.root, { replace: true });
    // As expireIfDue (signals/session-expiry.ts) says it; calling that from here split the session's modules into
    // small chunks of their own on the first load (136 bytes more, measured).
    if (!login && hadSession) showToast({ key: "session.expired" }, "info", { id: "session-expired" });
  } else if (response.status === 404) {
    navigate(paths.notFound, { replace: true });
  } else if (response.ok && request.method !== "GET" && new URL(request.url).pathname.includes("/issue/")) {
    // The user acted on a repair: the server read its notifications for them, and the bell's count is stale.
    issuesChanged.value++;
  }
}

// ky (about 5 KB of gzip) is not needed before a screen is usable, only when it first calls the API: it loads then,
// or earlier when the browser is idle after the first screen (main.tsx), so it stays out of the first load. A load that
// failed (offline) is tried again by the next call.
export const loadKy = loadOnce(() => import("ky"));

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The header that makes a write safe to repeat: the server answers a repeat with the first answer (D23). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * D13: reads retry three times with exponential delay (1 s, 2 s, 4 s, as SPEC.md's data-cache defaults) capped at 30 s,
 * a server's Retry-After included; a write retries only when it carries an idempotency key, so a repeat never does it twice.
 */
export const READ_RETRY = {
  limit: 3,
  methods: ["get"],
  statusCodes: [408, 429, 500, 502, 503, 504],
  delay: (attempt: number) => 1000 * 2 ** (attempt - 1),
  backoffLimit: 30_000,
  maxRetryAfter: 30_000,
  // The phone says it is offline: a retry would fail the same way. The screen says so at once (a spinner stood 7 s for
  // the retries) and loads again by itself when the connection comes back (use-resource.ts); a keyed write goes to the
  // outbox at once.
  shouldRetry: () => (navigator.onLine ? undefined : false),
};

/**
 * D13 keeps writes without a timeout. A read that has no answer after this long (a weak signal that drops packets
 * rather than failing) gives up, so the screen shows what it kept on the phone, or says it could not load, instead of
 * a spinner for ever. Not tried again: the screen's own retry does that.
 */
export const READ_TIMEOUT_MS = 20_000;

/** The calls views make through the one client: ky's, with ky itself loaded on first use. */
export type Api = Pick<KyInstance, Method>;

/** Builds the one ky client; tests pass their own fetch and retry delay. */
export function createApi(extra: Options = {}): Api {
  let instance: Promise<KyInstance> | undefined;
  const base = extra.retry ?? READ_RETRY;
  const ready = () =>
    (instance ??= loadKy().then(({ default: ky }) =>
      ky.create({
        prefixUrl: API_BASE,
        timeout: false,
        retry: READ_RETRY,
        hooks: {
          beforeRequest: [
            (request) => {
              if (token.value) request.headers.set("Authorization", `Bearer ${token.value}`);
              // D17: the server writes its detail, errors and message in the user's language.
              request.headers.set("Accept-Language", lang.value);
            },
            // The first screen's reads may have been asked for at boot (main.tsx): that answer, once, instead of a new call.
            async (request) => (await takeEarly(request)) ?? undefined,
          ],
          afterResponse: [(request, _options, response) => handleStatus(request, response)],
        },
        ...extra,
      }),
    ));
  const method =
    (m: Method) =>
    (input: Parameters<KyInstance[Method]>[0], options?: Options): ResponsePromise => {
      // A write makes any answer read at boot stale (a report the outbox sends would be missing from it): forget them.
      if (m !== "get") clearEarly();
      // A keyed write may be repeated: it gets the reads' retries, for its own method.
      const keyed = m !== "get" && new Headers(options?.headers as HeadersInit).has(IDEMPOTENCY_HEADER);
      const perCall =
        m === "get"
          ? { timeout: READ_TIMEOUT_MS, ...options }
          : keyed
            ? { ...options, retry: { ...(typeof base === "number" ? { limit: base } : base), methods: [m] } }
            : options;
      const response = ready().then((ky) => ky[m](input, perCall));
      // ky's body shortcuts, on the response once it arrives (an empty 204 reads as "", as in ky).
      return Object.assign(response, {
        json: () => response.then((r) => (r.status === 204 ? "" : r.json())),
        text: () => response.then((r) => r.text()),
        blob: () => response.then((r) => r.blob()),
        arrayBuffer: () => response.then((r) => r.arrayBuffer()),
        formData: () => response.then((r) => r.formData()),
      }) as unknown as ResponsePromise;
    };
  return { get: method("get"), post: method("post"), put: method("put"), patch: method("patch"), delete: method("delete") };
}

export let api = createApi();
/** Swaps the client (tests). */
export const setApi = (instance: Api) => (api = instance);

/** Whether a call failed with an HTTP error status (ky's HTTPError), so its response can be read. */
export function isHttpError(error: unknown): error is Error & { response: Response } {
  return error instanceof Error && error.name === "HTTPError" && (error as { response?: unknown }).response instanceof Response;
}

/** The server's readable `detail` of a failed call, if it sent one. */
export async function errorDetail(error: unknown): Promise<string | undefined> {
  if (!isHttpError(error)) return undefined;
  try {
    const body = (await error.response.clone().json()) as { detail?: unknown; message?: unknown };
    if (typeof body.detail === "string") return body.detail;
    if (typeof body.message === "string") return body.message;
  } catch {
    /* not JSON */
  }
  return undefined;
}
