// The first screen's first reads, asked for at boot beside its code (issue 16): on a slow network the screen no longer
// waits for its code (and the code's imports) to arrive before it can ask the server for its data. The one HTTP client
// takes an early answer for the same GET, from the same session and language, instead of asking again (src/api/client.ts).
// The built page runs this module first, inlined in index.html (src/boot.ts): the reads leave with the page, before any
// of the app's code has arrived, and the app's own copy of this module finds them where the page left them.
import { sessionOver } from "../contract/session";
import { paths, patterns } from "../paths";
import { currentPath, currentSearch } from "./hash-path";
import { normalise } from "./lang-code";
import { readJSON, readKey, readNumber } from "./storage";

/** Where the API answers: VITE_API_URL, else /api beside the app (src/api/client.ts's prefix). */
export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined) ?? "api";

interface Early {
  at: number;
  auth: string;
  lang: string;
  response: Promise<Response | null>;
}

declare global {
  var __fixitEarly: Map<string, Early> | undefined;
}
// Shared with the page's boot script through the window: the answers it asked for are the app's to take.
globalThis.__fixitEarly ??= new Map<string, Early>();
const early = globalThis.__fixitEarly;
/** An early answer older than this is not used: the screen asks again. */
const FRESH_MS = 15_000;

const keyOf = (url: string) => {
  const u = new URL(url, document.baseURI);
  u.searchParams.sort();
  return u.href;
};

/** Asks for each of `paths` (under `base`, the API's prefix) now, with the session's token and the user's language. */
export function fetchEarly(base: string, paths: readonly string[], token: string, lang: string, fetcher: typeof fetch = fetch) {
  const auth = `Bearer ${token}`;
  for (const path of paths) {
    const url = `${base}/${path}`;
    const key = keyOf(url);
    if (early.has(key)) continue;
    const response = fetcher(url, { headers: { Authorization: auth, "Accept-Language": lang } }).catch(() => null);
    early.set(key, { at: Date.now(), auth, lang, response });
  }
}

/**
 * The early answer to `request`, once, when one was asked for with the same token and language and is still fresh;
 * otherwise undefined (or null when it failed), and the client asks the server itself.
 */
export function takeEarly(request: Request): Promise<Response | null> | undefined {
  if (request.method !== "GET" || early.size === 0) return undefined;
  const key = keyOf(request.url);
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  if (Date.now() - found.at > FRESH_MS) return undefined;
  if (request.headers.get("Authorization") !== found.auth || request.headers.get("Accept-Language") !== found.lang) return undefined;
  return found.response;
}

/** Forgets every early answer: the app wrote something since (src/api/client.ts), or a test is done. */
export const clearEarly = () => early.clear();
// The answers are the opening screen's: left before it took them, they are forgotten, or coming back to it within
// FRESH_MS would show what the server said at boot (seen in the browser suite: a property added meanwhile was missing).
addEventListener("hashchange", clearEarly);

const firstPage = (path: string, query: Record<string, string> = {}) => `${path}?${new URLSearchParams({ ...query, page_num: "1" })}`;
const openOrClosed = (q: URLSearchParams) => (q.get("tab") === "closed" ? "closed" : "open");
/** A list screen with its Map tab open (issue 17) asks for more: left to the screen. */
const listed = (q: URLSearchParams, path: string, query: Record<string, string>) => (q.get("view") === "map" ? [] : [firstPage(path, query)]);

/**
 * The API reads a signed-in screen makes first (paths under the API prefix, with the query its API module sends), for
 * the screens a phone most often opens on (issue 16's list), when `role` may see them. Not the bell's count: it is
 * asked for once the first screen is up (src/main.tsx), so it takes no connection from the screen's own reads.
 * A screen not listed, or another role, asks for nothing early.
 */
export function firstReads(path: string, q: URLSearchParams, role: number | null): string[] {
  const reads: Record<string, () => string[] | false> = {
    [paths.jobs]: () => role === 1 && listed(q, "issue/jobs", { status: openOrClosed(q) }),
    [paths.repair]: () => role !== 1 && listed(q, "issue/issues", { status: openOrClosed(q) }),
    [paths.resources]: () => role === 2 && [firstPage("company/staffs")],
    [paths.home]: () =>
      role === 2
        ? ["company/summary", firstPage("property/properties"), ...listed(q, "issue/issues", { status: "open", scope: "company", stage: "reported" })]
        : role !== 1 && [firstPage("issue/issues", { status: "open" }), ...(role === 0 ? [firstPage("property/properties")] : [])],
    [paths.openIssues]: () => role === 1 && /^\d{1,9}$/.test(q.get("issue_id") ?? "") && [`issue/issue?issue_id=${q.get("issue_id")}`],
    // The report form (src/views/repair/report-where.tsx): the home the link names, else the caller's first page of
    // homes (and, once that answers, the one home a tenant has: followHome).
    [patterns.addIssue]: () =>
      role !== 1 && (/^[1-9]\d{0,8}$/.test(q.get("property_id") ?? "") ? [`property/property?property_id=${q.get("property_id")}`] : [HOMES]),
  };
  return reads[path]?.() || [];
}

/**
 * The stored session as the app restores it (src/signals/session.ts, SPEC.md's keys), when someone is signed in: the
 * token, the role (the stored user's, else the stored role) and the language.
 */
export function storedSession(now = Date.now()): { token: string; role: number | null; lang: string } | null {
  const token = readKey("access_token");
  if (readKey("isAuthenticated") !== "true" || !token) return null;
  // A session past its three days is signed out as the app starts (src/signals/session-expiry.ts): nothing is asked
  // for with its token, which the server no longer takes.
  if (sessionOver(readNumber("login_time"), now)) return null;
  return { token, role: readJSON<{ role?: number }>("user")?.role ?? readNumber("role"), lang: normalise(readKey("language")) };
}

const HOMES = firstPage("property/properties");

/**
 * When the first page of homes was asked for early and holds just one (the report form then picks it, so the tenant
 * sees her home and unit without choosing), that home is asked for as soon as the page answers, not after the
 * screen's code has arrived, run and read the page.
 */
export function followHome(base: string, token: string, lang: string, fetcher: typeof fetch = fetch): Promise<void> {
  const homes = early.get(keyOf(`${base}/${HOMES}`));
  if (!homes) return Promise.resolve();
  return homes.response
    .then((r) => (r?.ok ? r.clone().json() : null))
    .then((page: { total?: unknown; data?: { property_id?: unknown }[] } | null) => {
      const id = page?.data?.length === 1 && Number(page.total) <= 1 ? page.data[0]?.property_id : null;
      if (Number.isInteger(id)) fetchEarly(base, [`property/property?property_id=${id}`], token, lang, fetcher);
    })
    .catch(() => undefined);
}

/** Asks for the first reads of the screen the address opens on, for the stored session; nothing when signed out. */
export function bootReads(fetcher: typeof fetch = fetch) {
  const session = storedSession();
  if (!session) return;
  const path = currentPath();
  fetchEarly(API_BASE, firstReads(path, new URLSearchParams(currentSearch()), session.role), session.token, session.lang, fetcher);
  if (path === patterns.addIssue) void followHome(API_BASE, session.token, session.lang, fetcher);
}
