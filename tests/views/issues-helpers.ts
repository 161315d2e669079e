import { createApi, setApi } from "../../src/api/client";
import type { Issue } from "../../src/contract/issues";

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

/** Points the app's ky instance at a fake server; `handle` answers every call. */
export function fakeApi(handle: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call: Call = { method: req.method, path: url.pathname.replace(/^\/api\//, ""), params: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return handle(call);
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}

export const issue = (over: Partial<Issue> = {}): Issue => ({
  issue_id: 7,
  title: "Kitchen sink leaking",
  issue_type: 1,
  desc: "Water drips under the sink.",
  issue_status: 0,
  created_at: "2024-01-15T10:30:00.000Z",
  property_id: 3,
  name: "Qurum Heights Apartment 12",
  addres: "",
  addrs: { block: "Block 215", no: "Building 1248", street: "Way 2734", city: "Muscat", state: "", zipcode: "112", country: "Oman" },
  location: { lat: 23.6139, lng: 58.4786 },
  images: [],
  issue_images: [
    { file_name: "a.png", path: "demo/a.png" },
    { file_name: "b.JPG", path: "demo/b.JPG" },
  ],
  issue_videos: [{ file_name: "v.mp4", path: "demo/v.mp4" }],
  available: [
    { date: "2024-01-15", time_from: "09:00", time_to: "11:00" },
    { date: "2024-01-16", time_from: "14:30", time_to: "16:00" },
  ],
  creater_name: "Salim Al Harthy",
  creater_mob_no: "+968 9100 0001",
  creater_profile: [],
  priority: 2,
  prop_images: [{ path: "demo/qurum.svg" }],
  ...over,
});
