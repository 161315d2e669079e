import { act } from "@testing-library/react";
import { createApi, setApi } from "../../src/api/client";
import type { PropertyDetail } from "../../src/contract/property-answers";
import { signIn } from "../../src/signals/session";
import { dismissToast, toasts } from "../../src/signals/toasts";

export { json } from "./fake-api";

/** One call the app made, with its headers and its raw body (uploads send bytes, not JSON). */
export interface RawCall {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  bytes: Uint8Array;
  /** The body as JSON when it is JSON. */
  body: unknown;
}
type Answer = (call: RawCall) => Response | Promise<Response>;

/** Like fake-api.ts's fakeApi, keeping headers and raw bodies; unmapped calls get a 500. */
export function fakeServer(routes: Record<string, Answer>) {
  const calls: RawCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const bytes = new Uint8Array(await req.arrayBuffer());
    let body: unknown;
    try {
      body = bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
    } catch {
      body = undefined;
    }
    const call: RawCall = { method: req.method, path: url.pathname.replace(/^\/api\//, ""), params: url.searchParams, headers: req.headers, bytes, body };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    return answer ? answer(call) : new Response(JSON.stringify({ detail: "no fake route" }), { status: 500, headers: { "content-type": "application/json" } });
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return calls;
}

export const asOwner = () => signIn({ access_token: "tok", role: 0, got_email_mob: 1, name: "Maryam Owner" });

export const toastText = (type: string) => toasts.value.filter((x) => x.type === type).map((x) => x.message);
export const clearToasts = () => {
  for (const x of toasts.value) dismissToast(x.id);
};

export const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

/**
 * A form's draft written on the phone (src/lib/use-draft.ts): its read comes back, then the page goes (pagehide, as a
 * reload or a phone closing the tab), which writes it at once. Each wait inside act: Preact runs the effects of a
 * render made outside act (the read's answer) at the next act. `afterPause` waits instead for the write that comes a
 * moment after the last change, the page still there (half a second of the test's time).
 */
export const draftWritten = async ({ afterPause = false } = {}) => {
  await act(() => new Promise((r) => setTimeout(r, 50)));
  if (afterPause) {
    await act(() => new Promise((r) => setTimeout(r, 500)));
    return;
  }
  act(() => {
    window.dispatchEvent(new Event("pagehide"));
  });
  await act(() => new Promise((r) => setTimeout(r, 20)));
};

/** A property as GET /property/property answers it. */
export const property = (over: Partial<PropertyDetail> = {}): PropertyDetail => ({
  property_id: 5,
  name: "Al Khuwair Residence",
  type: "building",
  addres: "Al Khuwair, Muscat",
  addrs: { block: "215", no: "12", street: "Way 3", city: "Muscat", state: "", zipcode: "133", country: "OM" },
  location: { lat: 23.6, lng: 58.4 },
  prop_images: [],
  units_count: 3,
  open_issues: 0,
  company: null,
  relation: "owner",
  access_notes: "Gate code 1234",
  owner_name: "Maryam Owner",
  units: [
    { unit_id: 11, name: "101", tenant: null, open_issues: 0 },
    {
      unit_id: 12,
      name: "102",
      tenant: { tenancy_id: 90, name: "Aisha Tenant", cntry_code: "+968", mob_no: "91000003", email: null, start_date: "2026-01-01", end_date: null },
      open_issues: 0,
    },
    { unit_id: 13, name: "103", tenant: null, open_issues: 0 },
  ],
  photos: [{ file_id: 301, name: "front.jpg", path: "p/front.jpg", content_type: "image/jpeg" }],
  documents: [],
  actions: ["edit", "delete", "add_units", "add_tenant", "end_tenancy", "hand_over", "upload"],
  issues: [],
  ...over,
});

/** A tiny JPEG the compressor can read without a canvas: SOI, a 2×2 baseline frame header, then the rest. */
export function tinyJpeg(name = "door.jpg") {
  const bytes = new Uint8Array([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x02, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xda, 0x00, 0x02, 0x00,
    0xff, 0xd9,
  ]);
  return new File([bytes], name, { type: "image/jpeg" });
}

/** The demo tenant's current tenancy, as a property's unit lists it (the report form's tests). */
export const tenancy = {
  tenancy_id: 90,
  user_id: 3,
  name: "Aisha Tenant",
  cntry_code: "+968",
  mob_no: "91000003",
  email: null,
  start_date: "2026-01-01",
  end_date: null,
};
