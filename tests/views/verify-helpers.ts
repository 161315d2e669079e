import { createApi, setApi } from "../../src/api/client";

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Points the app's ky instance at a fake API: `routes` maps "METHOD path" to a response (or a promise of one). */
export function fakeApi(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call: Call = { method: req.method, path: url.pathname.replace(/^\/api\//, ""), search: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : json(500, { detail: "no fake route" });
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}

type Answer = { ok: true; lat: number; lng: number } | { ok: false; code: number };

/** Replaces navigator.geolocation: `answer` decides each request; `undefined` removes geolocation entirely. */
export function stubGeolocation(answer: Answer | (() => Answer) | undefined) {
  const requests: number[] = [];
  const value =
    answer === undefined
      ? undefined
      : {
          getCurrentPosition(ok: PositionCallback, fail: PositionErrorCallback) {
            requests.push(Date.now());
            const a = typeof answer === "function" ? answer() : answer;
            queueMicrotask(() => {
              if (a.ok) ok({ coords: { latitude: a.lat, longitude: a.lng } } as GeolocationPosition);
              else fail({ code: a.code, message: "no", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
            });
          },
          watchPosition: () => 0,
          clearWatch: () => undefined,
        };
  Object.defineProperty(navigator, "geolocation", { value, configurable: true, writable: true });
  return requests;
}
