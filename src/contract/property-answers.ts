// Answers of the places area (LOOP.md sections 1, 3 and 4): zod only, so the screens that read properties do not
// load the phone rules that the request bodies in ./property.ts need. They require only what LOOP.md names and let
// other fields through (looseObject).
import * as z from "zod/mini";
import { list, text as nullableText } from "./answer-fields";

/** A photo or document of a property: `url` is what the app loads (it may carry a signature); `path` as SPEC.md's media. */
export const propertyFile = z.lazy(() =>
  z.looseObject({
    file_id: z.number(),
    name: nullableText,
    path: z._default(z.string(), ""),
    url: z.optional(z.string()),
    content_type: nullableText,
  }),
);
export type PropertyFile = z.infer<typeof propertyFile>;

/** The person in a unit: name always; mobile and email only for those who may call them (never another tenant). */
export const tenantOf = z.lazy(() =>
  z.looseObject({
    tenancy_id: z.number(),
    user_id: z.optional(z.number()),
    name: z.string(),
    cntry_code: nullableText,
    mob_no: nullableText,
    email: nullableText,
    start_date: nullableText,
    end_date: nullableText,
    /** Sent to who manages the property while the tenant has not opened their invitation (POST /property/reinvite). */
    invite_pending: z.optional(z.boolean()),
  }),
);
export type TenantOf = z.infer<typeof tenantOf>;

export const unitSchema = z.lazy(() =>
  z.looseObject({
    unit_id: z.number(),
    name: z.string(),
    /** null: vacant (or, for a tenant, not theirs to see). */
    tenant: z._default(z.nullable(tenantOf), null),
    open_issues: z._default(z.number(), 0),
  }),
);
export type Unit = z.infer<typeof unitSchema>;

const companyRef = z.lazy(() => z.looseObject({ company_id: z.number(), name: z.string() }));

/** The fields of a row of GET /property/properties, which the property page has too. */
const summaryShape = () => ({
  property_id: z.number(),
  name: z.string(),
  type: z._default(z.string(), "building"),
  addres: nullableText,
  addrs: z._default(z.nullable(z.looseObject({})), null),
  location: z._default(z.nullable(z.looseObject({ lat: z.nullable(z.number()), lng: z.nullable(z.number()) })), null),
  prop_images: list(z.looseObject({ path: z.string() })),
  units_count: z._default(z.number(), 0),
  open_issues: z._default(z.number(), 0),
  company: z._default(z.nullable(companyRef), null),
  relation: z._default(z.string(), "owner"),
});
/** One row of GET /property/properties (owner: theirs; manager: their company's; tenant: where they live or lived). */
export const propertySummary = z.lazy(() => z.looseObject(summaryShape()));
export type PropertySummary = z.infer<typeof propertySummary>;

/**
 * GET /property/property?property_id= (or ?name=): the property page. `actions` lists what the caller may do now,
 * decided by the server: any of "edit", "delete", "add_units", "add_tenant", "end_tenancy", "hand_over", "take_back", "upload",
 * "report", "prev_tenants". The app shows exactly those.
 */
export const propertyDetail = z.lazy(() =>
  z.looseObject({
    ...summaryShape(),
    access_notes: z._default(z.string(), ""),
    owner_name: nullableText,
    units: list(unitSchema),
    photos: list(propertyFile),
    documents: list(propertyFile),
    actions: list(z.string()),
    /** Recent issues of the property: a history to follow (newest first). */
    issues: list(
      z.looseObject({
        issue_id: z.number(),
        title: z.string(),
        issue_status: z.number(),
        created_at: z.string(),
        unit_id: z._default(z.nullable(z.number()), null),
        stage: z.optional(z.string()),
        held: z.optional(z.boolean()),
      }),
    ),
  }),
);
export type PropertyDetail = z.infer<typeof propertyDetail>;

export const propertiesResponse = z.lazy(() => z.looseObject({ status: z.number(), total: z.number(), data: list(propertySummary) }));
export const propertyResponse = z.lazy(() => z.looseObject({ status: z.number(), data: propertyDetail }));

/** GET /property/prev_tenants?property_id=&page_num=: ended tenancies (a tenant: their own earlier homes). */
export const prevTenant = z.lazy(() =>
  z.looseObject({
    tenancy_id: z.number(),
    property_id: z.number(),
    property_name: z.string(),
    unit_name: z.string(),
    tenant_name: z.string(),
    start_date: nullableText,
    end_date: nullableText,
    issues_count: z._default(z.number(), 0),
  }),
);
export const prevTenantsResponse = z.lazy(() => z.looseObject({ status: z.number(), total: z.number(), data: list(prevTenant) }));

/** POST /property/assign_role answer: `invite_url` (the one-time link, valid 7 days) only when a new account was made. */
export const assignAnswer = z.lazy(() =>
  z.looseObject({
    message: z.string(),
    tenancy_id: z.number(),
    user_id: z.number(),
    // The tenant account's name (POST /property/assign_role): an account found by the number or email keeps its own.
    name: z.optional(z.string()),
    invite_url: z.optional(z.nullable(z.string())),
  }),
);

/** GET /invite/info?token=: what the invitation page shows before the password is set. */
export const inviteInfo = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      name: z.string(),
      inviter_name: nullableText,
      property_name: nullableText,
      unit_name: nullableText,
      /** An employee's company (LOOP.md section 1: employees get the tenants' link). */
      company_name: z.optional(nullableText),
      role: z.number(),
    }),
  }),
);
