import { createApi, setApi } from "../../src/api/client";

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** Points the app's ky instance at a fake server: `routes` maps "METHOD path" to a response maker. */
export function fakeServer(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call: Call = { method: req.method, path: url.pathname.replace(/^\/api\//, ""), search: url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : json(500, { detail: "no fake route" });
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}
