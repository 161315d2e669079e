import { createApi, setApi } from "../../src/api/client";

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** One call the app made: `path` without the /api/ prefix, its query both parsed and raw. */
export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  search: string;
  body: unknown;
}
type Answer = (call: Call) => Response | Promise<Response>;

/**
 * Points the app's ky instance at a fake server (ARCHITECTURE.md: give ky a fake fetch rather than stubbing globals).
 * `handle` answers every call, or maps "METHOD path" to an answer (unmapped calls get a 500).
 */
export function fakeApi(handle: Answer | Record<string, Answer>) {
  const calls: Call[] = [];
  const answer: Answer =
    typeof handle === "function" ? handle : (call) => handle[`${call.method} ${call.path}`]?.(call) ?? json(500, { detail: "no fake route" });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call: Call = {
      method: req.method,
      path: url.pathname.replace(/^\/api\//, ""),
      params: url.searchParams,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return answer(call);
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}
