import { afterEach, describe, expect, it } from "vitest";
import { API_BASE, createApi } from "../../src/api/client";
import { bootReads, clearEarly, fetchEarly, firstReads, followHome, storedSession, takeEarly } from "../../src/lib/early";
import { lang } from "../../src/signals/language";
import { SESSION_MS, signIn, signOut } from "../../src/signals/session";

afterEach(() => {
  clearEarly();
  signOut();
  lang.value = "en";
});

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("early reads", () => {
  it("hands the client the answer asked for at boot, once, instead of calling the server again", async () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, user_id: 5 });
    const booted: string[] = [];
    fetchEarly(API_BASE, ["issue/jobs?status=open&page_num=1"], "tok", "en", async (url) => {
      booted.push(String(url));
      return answer({ status: 1, total: 1, data: [{ issue_id: 7 }] });
    });
    const later: string[] = [];
    const api = createApi({ fetch: (async (r: Request) => (later.push(r.url), answer({ status: 1, total: 0, data: [] }))) as typeof fetch, retry: 0 });
    // The client's own order of parameters differs: the same read all the same.
    const first = (await api.get("issue/jobs", { searchParams: { page_num: 1, status: "open" } }).json()) as { total: number };
    expect(first.total).toBe(1);
    expect(booted).toHaveLength(1);
    expect(later).toEqual([]);
    const second = (await api.get("issue/jobs", { searchParams: { status: "open", page_num: 1 } }).json()) as { total: number };
    expect(second.total).toBe(0);
    expect(later).toHaveLength(1);
  });

  it("is forgotten once the app writes anything: a report the outbox sends must show in the list it asked for", async () => {
    signIn({ access_token: "tok", role: 0, got_email_mob: 1, user_id: 3 });
    fetchEarly(API_BASE, ["issue/issues?status=open&page_num=1"], "tok", "en", async () => answer({ status: 1, total: 0, data: [] }));
    const asked: string[] = [];
    const api = createApi({
      fetch: (async (r: Request) => (asked.push(`${r.method} ${new URL(r.url).pathname}`), answer({ status: 1, total: 1, data: [] }))) as typeof fetch,
      retry: 0,
    });
    await api.post("issue/issue", { json: {} }).json();
    const list = (await api.get("issue/issues", { searchParams: { status: "open", page_num: 1 } }).json()) as { total: number };
    expect(list.total).toBe(1);
    expect(asked).toEqual(["POST /api/issue/issue", "GET /api/issue/issues"]);
  });

  it("is forgotten when the phone leaves the screen it opened on before that screen took it", async () => {
    signIn({ access_token: "tok", role: 0, got_email_mob: 1, user_id: 3 });
    fetchEarly(API_BASE, ["property/properties?page_num=1"], "tok", "en", async () => answer({ status: 1, total: 4, data: [] }));
    const asked: string[] = [];
    const api = createApi({
      fetch: (async (r: Request) => (asked.push(new URL(r.url).pathname), answer({ status: 1, total: 5, data: [] }))) as typeof fetch,
      retry: 0,
    });
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    const list = (await api.get("property/properties", { searchParams: { page_num: 1 } }).json()) as { total: number };
    expect(list.total).toBe(5);
    expect(asked).toEqual(["/api/property/properties"]);
  });

  it("is not used for another session or language, or for a write", async () => {
    fetchEarly(API_BASE, ["company/staffs?page_num=1", "issue/issues?page_num=1"], "old", "en", async () => answer({}));
    const req = (path: string, init: RequestInit) => new Request(new URL(`${API_BASE}/${path}`, document.baseURI), init);
    expect(takeEarly(req("company/staffs?page_num=1", { headers: { Authorization: "Bearer new", "Accept-Language": "en" } }))).toBeUndefined();
    expect(takeEarly(req("issue/issues?page_num=1", { method: "POST", headers: { Authorization: "Bearer old", "Accept-Language": "en" } }))).toBeUndefined();
    const ok = takeEarly(req("issue/issues?page_num=1", { headers: { Authorization: "Bearer old", "Accept-Language": "en" } }));
    expect(await ok).toBeInstanceOf(Response);
  });

  it("asks for each signed-in screen's first reads, and nothing for a screen the role does not see", () => {
    const q = (s = "") => new URLSearchParams(s);
    expect(firstReads("/jobs", q(), 1)).toEqual(["issue/jobs?status=open&page_num=1"]);
    expect(firstReads("/jobs", q("tab=closed"), 1)).toContain("issue/jobs?status=closed&page_num=1");
    expect(firstReads("/jobs", q("view=map"), 1)).toEqual([]);
    expect(firstReads("/resources", q(), 2)).toContain("company/staffs?page_num=1");
    expect(firstReads("/home", q(), 2)).toContain("company/summary");
    expect(firstReads("/home", q(), 0)).toEqual(["issue/issues?status=open&page_num=1", "property/properties?page_num=1"]);
    expect(firstReads("/home", q(), 3)).toEqual(["issue/issues?status=open&page_num=1"]);
    expect(firstReads("/property/open-issues", q("issue_id=12"), 1)).toContain("issue/issue?issue_id=12");
    expect(firstReads("/property/open-issues", q("issue_id=x"), 1)).toEqual([]);
    expect(firstReads("/jobs", q(), 0)).toEqual([]);
    expect(firstReads("/resources", q(), 0)).toEqual([]);
    expect(firstReads("/about", q(), 0)).toEqual([]);
    expect(firstReads("/property/addissues", q(), 3)).toEqual(["property/properties?page_num=1"]);
    expect(firstReads("/property/addissues", q("property_id=4&unit_id=9"), 0)).toEqual(["property/property?property_id=4"]);
    expect(firstReads("/property/addissues", q("property_id=0"), 0)).toContain("property/properties?page_num=1");
    expect(firstReads("/property/addissues", q(), 1)).toEqual([]);
  });

  it("asks for the report form's one home as soon as the list of homes answers, and nothing when there are several", async () => {
    const asked: string[] = [];
    const homes = (body: unknown) => async (url: RequestInfo | URL) => {
      asked.push(new URL(String(url), document.baseURI).pathname + new URL(String(url), document.baseURI).search);
      return answer(String(url).includes("properties") ? body : { status: 1, data: { property_id: 6 } });
    };
    fetchEarly(API_BASE, ["property/properties?page_num=1"], "tok", "en", homes({ status: 1, total: 1, data: [{ property_id: 6, name: "Flat" }] }));
    await followHome(API_BASE, "tok", "en", homes({}));
    expect(asked).toEqual(["/api/property/properties?page_num=1", "/api/property/property?property_id=6"]);
    // The app still gets the list's own answer, whole, after the look inside it.
    const req = new Request(new URL(`${API_BASE}/property/properties?page_num=1`, document.baseURI), {
      headers: { Authorization: "Bearer tok", "Accept-Language": "en" },
    });
    const taken = await takeEarly(req);
    expect(((await taken?.json()) as { total?: number } | undefined)?.total).toBe(1);

    clearEarly();
    asked.length = 0;
    const two = homes({ status: 1, total: 2, data: [{ property_id: 6 }, { property_id: 7 }] });
    fetchEarly(API_BASE, ["property/properties?page_num=1"], "tok", "en", two);
    await followHome(API_BASE, "tok", "en", two);
    expect(asked).toEqual(["/api/property/properties?page_num=1"]);
  });

  it("asks for nothing with a stored session past its three days, which the app signs out as it starts", () => {
    const stored = { access_token: "tok", isAuthenticated: "true", role: "0", user: JSON.stringify({ role: 0 }), language: "en" };
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
    const signedInAt = Date.parse("2026-11-20T08:00:00Z");
    localStorage.setItem("login_time", String(signedInAt));
    expect(storedSession(signedInAt + SESSION_MS)).toEqual({ token: "tok", role: 0, lang: "en" });
    expect(storedSession(signedInAt + SESSION_MS + 1)).toBeNull();
    // No sign-in time: the app takes it as expired too (isExpired).
    localStorage.removeItem("login_time");
    expect(storedSession(signedInAt)).toBeNull();

    location.hash = "#/home";
    const asked: string[] = [];
    const fetcher = (async (url: string) => (asked.push(url), answer({ data: [] }))) as unknown as typeof fetch;
    localStorage.setItem("login_time", String(Date.now() - SESSION_MS - 60_000));
    bootReads(fetcher);
    expect(asked).toEqual([]);
    localStorage.setItem("login_time", String(Date.now() - 60_000));
    bootReads(fetcher);
    expect(asked.length).toBeGreaterThan(0);
  });
});
