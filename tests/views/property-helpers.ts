export { type Call, fakeApi, json } from "./fake-api";
import type { PropertyDetail, PropertySummary } from "../../src/contract/property-answers";

export const summary = (id: number, over: Partial<PropertySummary> = {}): PropertySummary => ({
  property_id: id,
  name: `Property ${id}`,
  type: "building",
  addres: "",
  addrs: { block: "Block 215", no: `Building ${id}`, street: "Way 2734", city: "Muscat" },
  location: { lat: 23.6139, lng: 58.4786 },
  prop_images: [],
  units_count: 4,
  open_issues: 1,
  company: null,
  relation: "owner",
  ...over,
});

const tenant = (id: number, name: string, mobile: string | null, user_id = 100 + id) => ({
  tenancy_id: id,
  user_id,
  name,
  cntry_code: mobile ? "+968" : null,
  mob_no: mobile,
  email: null,
  start_date: "2026-01-01",
  end_date: null,
});

/** Al Noor Tower as its owner sees it: four flats (101 and 102 let), a photo, a document and two issues. */
export const detail = (over: Partial<PropertyDetail> = {}): PropertyDetail => ({
  ...summary(1, { name: "Al Noor Tower", addres: "Way 2734, Al Khuwair, Muscat", open_issues: 2 }),
  access_notes: "Gate code 4521. Parking behind the building.",
  owner_name: "Ahmed Al Balushi",
  units: [
    { unit_id: 11, name: "101", tenant: tenant(1, "Salim Al Harthy", "91000001"), open_issues: 1 },
    { unit_id: 12, name: "102", tenant: tenant(2, "Maryam Al Said", "91000002"), open_issues: 1 },
    { unit_id: 13, name: "103", tenant: null, open_issues: 0 },
    { unit_id: 14, name: "104", tenant: null, open_issues: 0 },
  ],
  photos: [{ file_id: 1, name: "front.jpg", path: "p/1/front.jpg", url: "/files/properties/p/1/front.jpg?sig=abc", content_type: "image/jpeg" }],
  documents: [{ file_id: 2, name: "Lease 2026.pdf", path: "p/1/lease.pdf", url: "/files/properties/p/1/lease.pdf?sig=def", content_type: "application/pdf" }],
  actions: ["edit", "delete", "add_units", "add_tenant", "end_tenancy", "hand_over", "upload", "report", "prev_tenants"],
  issues: [
    { issue_id: 31, title: "Kitchen sink leaking", issue_status: 0, created_at: "2026-11-20T08:30:00.000Z", unit_id: 11 },
    { issue_id: 32, title: "Lobby light broken", issue_status: 1, created_at: "2026-10-05T08:30:00.000Z", unit_id: null },
    { issue_id: 33, title: "AC not cooling", issue_status: 0, created_at: "2026-11-21T08:30:00.000Z", unit_id: 12, stage: "in_progress", held: true },
  ],
  ...over,
});

/** The same tower as the tenant of 101 sees it: their own tenancy only, no number of anyone, and fewer actions. */
export const tenantDetail = () =>
  detail({
    units: [
      { unit_id: 11, name: "101", tenant: { ...tenant(1, "Salim Al Harthy", "91000001"), user_id: 501 }, open_issues: 1 },
      { unit_id: 12, name: "102", tenant: null, open_issues: 1 },
    ],
    actions: ["report", "prev_tenants"],
    documents: [],
  });
