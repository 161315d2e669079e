// Wire schemas of the places area (LOOP.md sections 1, 3 and 4; DECISIONS.md D19, D21): properties, units,
// tenancies, their photos and documents, and the invitation a new tenant opens. Shared by server/property/ and the
// app's src/api/property*.ts. Answers require only what LOOP.md names and let other fields through (looseObject);
// request bodies are validated by the server with the same schemas (unknown fields dropped). The answers live in
// ./property-answers.ts (no phone rules).
import * as z from "zod/mini";
import { westernDigits } from "./digits";
import { DEFAULT_DIAL_CODE, DIAL_CODE, stripNumber } from "./common";
import { email } from "./email";
import { PHONE_MESSAGES, mobileChecks } from "./phone";

export const PROPERTIES_PAGE_SIZE = 10;
/** A building can hold many units; a generated range is capped here (src/lib/unit-range.ts uses the same number). */
export const MAX_UNITS = 500;
export const PROPERTY_TYPES = ["building", "villa", "townhouse", "office"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
/** How the caller stands to a property; the server decides it, views never guess it from the role number. */
export const RELATIONS = ["owner", "manager", "tenant", "technician"] as const;

export const PROPERTY_MESSAGES = {
  nameRequired: "Please give the property a name.",
  nameTooLong: "The name must be at most 80 characters.",
  typeRequired: "Please choose the type of property.",
  unitsRequired: "Please add at least one unit.",
  unitName: "Each unit needs a name of at most 20 characters.",
  unitNameRequired: "Please give the unit a name.",
  tooManyUnits: `A property can have at most ${MAX_UNITS} units.`,
  unitsDistinct: "Each unit name may appear only once.",
  notesTooLong: "Access notes must be at most 1000 characters.",
  addressTooLong: "The address is too long.",
  dateInvalid: "Please enter a date as YYYY-MM-DD.",
  endBeforeStart: "The end date must be after the start date.",
  tenantName: "Please enter the tenant's name.",
  unitRequired: "Please choose a unit.",
  companyRequired: "Please enter the company's registration number or email.",
} as const;

const id = z.int().check(z.positive());
const shortText = (max: number, message: string) => z._default(z.string().check(z.trim(), z.maxLength(max, message)), "");
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day ("2026-02-30" is not one), from 1900 on: the database refuses anything else. */
const realDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return s >= "1900-01-01" && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const isoDate = z.string(PROPERTY_MESSAGES.dateInvalid).check(z.regex(DATE, PROPERTY_MESSAGES.dateInvalid), z.refine(realDay, PROPERTY_MESSAGES.dateInvalid));

/** SPEC.md section 3's structured address. */
export const addrsInput = z.lazy(() =>
  z.object({
    block: shortText(60, PROPERTY_MESSAGES.addressTooLong),
    no: shortText(60, PROPERTY_MESSAGES.addressTooLong),
    street: shortText(120, PROPERTY_MESSAGES.addressTooLong),
    city: shortText(80, PROPERTY_MESSAGES.addressTooLong),
    state: shortText(80, PROPERTY_MESSAGES.addressTooLong),
    zipcode: shortText(20, PROPERTY_MESSAGES.addressTooLong),
    /** ISO 3166-1 alpha-2 ("OM", "AE", ...): the receipt's VAT and currency follow it (next issues). */
    country: shortText(2, PROPERTY_MESSAGES.addressTooLong),
  }),
);
const location = z.nullable(z.object({ lat: z.number().check(z.gte(-90), z.lte(90)), lng: z.number().check(z.gte(-180), z.lte(180)) }));

const unitName = z
  .string(PROPERTY_MESSAGES.unitName)
  .check(z.trim(), z.minLength(1, PROPERTY_MESSAGES.unitNameRequired), z.maxLength(20, PROPERTY_MESSAGES.unitName));
const unitNames = z.array(unitName).check(
  z.minLength(1, PROPERTY_MESSAGES.unitsRequired),
  z.maxLength(MAX_UNITS, PROPERTY_MESSAGES.tooManyUnits),
  z.refine((names) => new Set(names.map((n) => n.trim().toLowerCase())).size === names.length, PROPERTY_MESSAGES.unitsDistinct),
);

/** The fields of the add and edit forms (PUT takes the same without `units`). */
const propertyFields = {
  name: z
    .string(PROPERTY_MESSAGES.nameRequired)
    .check(z.trim(), z.minLength(1, PROPERTY_MESSAGES.nameRequired), z.maxLength(80, PROPERTY_MESSAGES.nameTooLong)),
  type: z.enum(PROPERTY_TYPES, PROPERTY_MESSAGES.typeRequired),
  addres: shortText(300, PROPERTY_MESSAGES.addressTooLong),
  addrs: z._default(addrsInput, { block: "", no: "", street: "", city: "", state: "", zipcode: "", country: "" }),
  location: z._default(location, null),
  access_notes: shortText(1000, PROPERTY_MESSAGES.notesTooLong),
};

/** POST /property/add_property: a property with its units ("101".."110" for a building, one unit for a villa). */
export const addProperty = z.lazy(() => z.object({ ...propertyFields, units: unitNames }));
export type AddProperty = z.input<typeof addProperty>;
/** PUT /property/property?property_id=: the same fields, units aside (they have their own calls). */
export const editProperty = z.lazy(() => z.object(propertyFields));
export type EditProperty = z.input<typeof editProperty>;
/** POST /property/units?property_id=: more units for a property. */
export const addUnits = z.lazy(() => z.object({ units: unitNames }));

/**
 * POST /property/assign_role: a tenant in a unit (LOOP.md section 1). A new account of role 3 with no password gets
 * an invitation; an existing account with that email or mobile is linked instead.
 */
export const assignTenant = z.lazy(() =>
  z
    .object({
      unit_id: id,
      name: z
        .string(PROPERTY_MESSAGES.tenantName)
        .check(z.trim(), z.minLength(1, PROPERTY_MESSAGES.tenantName), z.maxLength(100, PROPERTY_MESSAGES.tenantName)),
      cntry_code: z._default(z.string().check(z.trim(), z.regex(DIAL_CODE, PHONE_MESSAGES.dialUnknown)), DEFAULT_DIAL_CODE),
      mob_no: z
        .string(PHONE_MESSAGES.required)
        .check(z.overwrite(stripNumber), z.minLength(1, PHONE_MESSAGES.required), z.maxLength(20, PHONE_MESSAGES.invalid)),
      email: z.optional(z.nullable(z.union([z.literal(""), email]))),
      start_date: isoDate,
      end_date: z.optional(z.nullable(isoDate)),
    })
    .check(
      ...mobileChecks(),
      z.refine((v) => !v.end_date || v.end_date > v.start_date, { message: PROPERTY_MESSAGES.endBeforeStart, path: ["end_date"] }),
    ),
);
export type AssignTenant = z.input<typeof assignTenant>;

/** PUT /property/end_tenancy?tenancy_id=: the tenancy ends (today when no date) and moves to previous tenants. */
export const endTenancy = z.lazy(() => z.object({ end_date: z.optional(z.nullable(isoDate)) }));

/** POST /property/hand_over?property_id=: an owner hands the property to a company, found by registration number or email. */
export const handOver = z.lazy(() =>
  z.object({
    company: z
      .string(PROPERTY_MESSAGES.companyRequired)
      .check(z.trim(), z.overwrite(westernDigits), z.minLength(1, PROPERTY_MESSAGES.companyRequired), z.maxLength(254)),
  }),
);

/** POST /invite/accept: the invited person sets a password and accepts the terms; answers like POST /user/login. */
export const acceptInvite = z.lazy(() =>
  z.object({
    token: z.string().check(z.minLength(16), z.maxLength(200)),
    password: z.string().check(z.minLength(8, "Password must be at least 8 characters."), z.maxLength(128, "Password must be at most 128 characters.")),
    terms_service: z.literal(true, "You must accept the terms of service to proceed."),
  }),
);
