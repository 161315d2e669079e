// The places area (issue 10, LOOP.md sections 1 and 4): properties, units, tenancies, hand-over, photos and documents,
// and the invitation a new tenant opens. Handlers here, SQL in ./queries.ts, who may do what in ./access.ts.
import { type Context, Hono } from "hono";
import { PROPERTIES_PAGE_SIZE, acceptInvite, addProperty, addUnits, assignTenant, editProperty, endTenancy, handOver } from "../../src/contract/property";
import { AUTH_MESSAGES } from "../../src/contract/auth";
import { INVITES_PER_ADDRESS, TENANTS_PER_ADDRESS, TENANTS_PER_CALLER } from "../auth/limits";
import { signedInAnswer } from "../auth/queries";
import type { Queryable } from "../db/db";
import { requireAuthKept } from "../lib/answer-cache";
import { type AuthUser, type AuthedEnv, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import { isDialCode } from "../lib/codes";
import type { Env } from "../lib/env";
import { HttpError, body, conflictFrom } from "../lib/http";
import { msg, t } from "../lib/i18n";
import { pageOf } from "../lib/paging";
import { idempotent } from "../lib/idempotency";
import { hashPassword } from "../lib/passwords";
import { perCallerAndAddress, rateLimit } from "../lib/rate-limit";
import { sendStored } from "../lib/serve-file";
import { checkFileLink, fileLinkSecret, signFileLink } from "../lib/signed-url";
import { inviteLink, newInviteToken, storeInvitation } from "../lib/invitations";
import { hashToken } from "../lib/tokens";
import { UPLOAD_RULES, displayName, receiveUpload, uploadLimit } from "../lib/uploads";
import { deliver } from "../mail/mailer";
import { tenantInvitationMail } from "../mail/templates";
import { companyOf } from "../company/access";
import { actionsFor, assertMay, manages, mayBeTenant, mayDelete, mayHandOver, mayTakeBack, seesTenant } from "./access";
import {
  type FileRow,
  type SummaryRow,
  accountsFor,
  assertNameFree,
  companyByRef,
  fileKeys,
  findProperty,
  insertUnits,
  listProperties,
  nameTaken,
  openIssueCount,
  prevTenancies,
  propertyAccess,
  propertyFiles,
  unitById,
  visibleIssues,
  visibleUnits,
} from "./queries";

/** Photos and documents a property may hold, each kind. */
export const MAX_FILES_PER_KIND = 30;

/** A positive whole number from the query string, or a 422 naming the parameter. */
function idParam(c: Context, name: string): number {
  const value = c.req.query(name) ?? "";
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(422, msg("positiveInt", { name }), { [name]: msg("wholeNumber") });
  return Number(value);
}

/** A unique violation of a property name (two requests racing past the check) is the same 409 as the check's. */
async function naming<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err?.code === "23505" && /properties_(owner|company)_name_key/.test(`${err.constraint ?? ""} ${err.message ?? ""}`)) throw nameTaken();
    throw e;
  }
}

/** Races past the checks of assign_role end as the same 409s: a unit taken meanwhile, an email or number taken meanwhile. */
async function occupying<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err?.code === "23505" && `${err.constraint ?? ""} ${err.message ?? ""}`.includes("tenancies_current_key"))
      throw new HttpError(409, msg("unitOccupied"), { unit_id: msg("unitOccupied") });
    throw conflictFrom(e) ?? e;
  }
}

const addressColumns = (p: { addres: string; addrs: Record<string, string>; location: { lat: number; lng: number } | null }) => [
  p.addres,
  p.addrs.block,
  p.addrs.no,
  p.addrs.street,
  p.addrs.city,
  p.addrs.state,
  p.addrs.zipcode,
  p.addrs.country.toUpperCase(),
  p.location?.lat ?? null,
  p.location?.lng ?? null,
];

/** A file as the app gets it: `url` signed for this caller (an <img> sends no bearer header). */
const fileOut = (secret: Buffer, userId: number) => (f: FileRow) => ({
  file_id: f.file_id,
  kind: f.kind,
  name: f.name,
  path: f.storage_key,
  url: signFileLink(secret, f.file_id, userId, clock.now()),
  content_type: f.content_type,
  size: f.size,
});

/** A summary row as the contract's propertySummary; `photos` are this property's uploaded photos. */
function summaryOut(r: SummaryRow, photos: ReturnType<ReturnType<typeof fileOut>>[]) {
  return {
    property_id: r.property_id,
    name: r.name,
    type: r.type,
    addres: r.addres,
    addrs: r.addrs,
    location: r.location,
    prop_images: [...r.legacy_images, ...photos.map((p) => ({ path: p.path, url: p.url }))],
    units_count: r.units_count,
    open_issues: r.open_issues,
    company: r.company,
    relation: r.relation,
  };
}

export function propertyRoutes() {
  const app = new Hono<Env>();

  app.get("/property/properties", requireAuthKept(), async (c) => {
    const u = c.var.user;
    const page = pageOf(c.req.query());
    const search = (c.req.query("q") ?? "").trim().slice(0, 80);
    const { total, rows } = await listProperties(c.var.db, u, search, PROPERTIES_PAGE_SIZE, (page - 1) * PROPERTIES_PAGE_SIZE);
    const files = await propertyFiles(
      c.var.db,
      rows.map((r) => r.property_id),
    );
    const secret = await fileLinkSecret(c.var.db);
    const out = fileOut(secret, u.user_id);
    const data = rows.map((r) => summaryOut(r, files.filter((f) => f.property_id === r.property_id && f.kind === "photo").map(out)));
    return c.json({ status: 1, total, data });
  });

  app.get("/property/property", requireAuth(), async (c) => {
    const u = c.var.user;
    const { db } = c.var;
    const name = c.req.query("name");
    const by = c.req.query("property_id") !== undefined ? { property_id: idParam(c, "property_id") } : name?.trim() ? { name } : null;
    if (!by) throw new HttpError(422, msg("propertyRef"), { property_id: msg("propertyRef") });
    const row = await findProperty(db, u, by);
    if (!row) throw new HttpError(404, msg("propertyMissing"));
    const [units, files, issues, allOpen, secret] = await Promise.all([
      visibleUnits(db, u, row.property_id, row.relation),
      propertyFiles(db, [row.property_id]),
      visibleIssues(db, u, row.property_id, row.relation),
      openIssueCount(db, { property_id: row.property_id }),
      fileLinkSecret(db),
    ]);
    const out = fileOut(secret, u.user_id);
    const photos = files.filter((f) => f.kind === "photo").map(out);
    const access = { property_id: row.property_id, name: row.name, owner_id: row.owner_id, company_id: row.company_id, relation: row.relation };
    return c.json({
      status: 1,
      data: {
        ...summaryOut(row, photos),
        access_notes: row.access_notes,
        owner_name: row.owner_name,
        units: units.map((un) => ({
          unit_id: un.unit_id,
          name: un.name,
          open_issues: un.open_issues,
          // Never another tenant's name or number (a tenant sees only themselves).
          tenant:
            un.tenancy_id !== null && un.tenant_id !== null && seesTenant(row.relation, un.tenant_id, u)
              ? {
                  tenancy_id: un.tenancy_id,
                  user_id: un.tenant_id,
                  name: un.tenant_name,
                  cntry_code: un.cntry_code,
                  mob_no: un.mob_no,
                  email: un.email,
                  start_date: un.start_date,
                  end_date: un.end_date,
                  // Who manages the property may send a new invitation while this one waits (POST /property/reinvite).
                  ...(manages(access) && !un.joined ? { invite_pending: true } : {}),
                }
              : null,
          occupied: un.tenancy_id !== null && (row.relation === "owner" || row.relation === "manager" || un.tenant_id === u.user_id),
        })),
        photos,
        documents: files.filter((f) => f.kind === "document").map(out),
        actions: actionsFor(access, { hasCurrent: units.some((un) => un.mine_now), openIssues: allOpen }),
        issues,
      },
    });
  });

  app.post("/property/add_property", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const input = await body(c, addProperty);
    // An owner's property is theirs; a manager's belongs to their company (LOOP.md section 1).
    const owner = u.role === 2 ? { owner_id: null, company_id: companyOf(c) } : { owner_id: u.user_id, company_id: null };
    const created = await naming(() =>
      c.var.db.tx(async (q) => {
        await assertNameFree(q, input.name, owner);
        const { rows } = await q.query<{ property_id: number; name: string }>(
          `insert into properties (owner_id, company_id, created_by, name, type, access_notes, addres, block, no, street, city, state, zipcode, country, lat, lng)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning property_id, name`,
          [owner.owner_id, owner.company_id, u.user_id, input.name, input.type, input.access_notes, ...addressColumns(input)],
        );
        const units = await insertUnits(q, rows[0].property_id, input.units);
        return { ...rows[0], units };
      }),
    );
    return c.json({ message: t(c, msg("propertyAdded")), property_id: created.property_id, data: created }, 201);
  });

  app.put("/property/property", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    const input = await body(c, editProperty);
    await naming(() =>
      c.var.db.tx(async (q) => {
        const a = assertMay(await propertyAccess(q, u, propertyId, true), manages);
        await assertNameFree(q, input.name, a, propertyId);
        await q.query(
          `update properties set name = $2, type = $3, access_notes = $4, addres = $5, block = $6, no = $7, street = $8, city = $9,
                  state = $10, zipcode = $11, country = $12, lat = $13, lng = $14 where property_id = $1`,
          [propertyId, input.name, input.type, input.access_notes, ...addressColumns(input)],
        );
      }),
    );
    return c.json({ message: t(c, msg("propertySaved")), property_id: propertyId });
  });

  app.delete("/property/property", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    const keys = await c.var.db.tx(async (q) => {
      assertMay(await propertyAccess(q, u, propertyId, true), mayDelete);
      if ((await openIssueCount(q, { property_id: propertyId })) > 0) throw new HttpError(409, msg("propertyHasOpenIssues"));
      const keys = await fileKeys(q, { property_id: propertyId });
      // Units, tenancies, files' rows and closed issues go with it (foreign keys on delete cascade).
      await q.query("delete from properties where property_id = $1", [propertyId]);
      return keys;
    });
    await removeStored(c, keys);
    return c.json({ message: t(c, msg("propertyDeleted")) });
  });

  app.post("/property/units", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    const { units } = await body(c, addUnits);
    const rows = await c.var.db.tx(async (q) => {
      assertMay(await propertyAccess(q, u, propertyId, true), manages);
      return insertUnits(q, propertyId, units);
    });
    return c.json({ message: t(c, msg("unitsAdded")), data: rows }, 201);
  });

  app.delete("/property/unit", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const unitId = idParam(c, "unit_id");
    await c.var.db.tx(async (q) => {
      const unit = await unitById(q, unitId);
      // A unit of a property the caller cannot see is as missing as one that does not exist.
      const a = unit ? await propertyAccess(q, u, unit.property_id, true) : null;
      if (!unit || !a) throw new HttpError(404, msg("unitMissing"));
      assertMay(a, manages);
      if ((await openIssueCount(q, { unit_id: unitId })) > 0) throw new HttpError(409, msg("unitHasOpenIssues"));
      await q.query("delete from units where unit_id = $1", [unitId]);
    });
    return c.json({ message: t(c, msg("unitDeleted")) });
  });

  // Each call may make an account and mail an invitation (D9): limited per caller and per address.
  app.post("/property/assign_role", requireAuth(0, 2), ...perCallerAndAddress(TENANTS_PER_CALLER, TENANTS_PER_ADDRESS), async (c) => {
    const u = c.var.user;
    const input = await body(c, assignTenant);
    if (!isDialCode(input.cntry_code)) throw new HttpError(422, msg("dialUnknown"), { cntry_code: msg("dialUnknown") });
    const email = input.email ? input.email.toLowerCase() : null;
    const token = newInviteToken(); // 128 bits, stored hashed
    const now = clock.now();
    const result = await occupying(() =>
      c.var.db.tx(async (q) => {
        const unit = await unitById(q, input.unit_id);
        const a = unit ? await propertyAccess(q, u, unit.property_id, true) : null;
        if (!unit || !a) throw new HttpError(404, msg("unitMissing"), { unit_id: msg("unitMissing") });
        assertMay(a, manages);
        // One current tenancy per unit (the unique index holds it too, should two requests race).
        const current = await q.query("select 1 from tenancies where unit_id = $1 and ended_at is null for update", [unit.unit_id]);
        if (current.rows.length) throw new HttpError(409, msg("unitOccupied"), { unit_id: msg("unitOccupied") });

        const found = await accountsFor(q, email, input.mob_no);
        if (found.length > 1) throw new HttpError(409, msg("accountsDiffer"), { email: msg("accountsDiffer"), mob_no: msg("accountsDiffer") });
        let tenant = found[0];
        let created = false;
        if (tenant) {
          // An existing account is linked, not duplicated; staff accounts cannot rent through the app.
          const field = email && tenant.email?.toLowerCase() === email ? "email" : "mob_no";
          if (!mayBeTenant(tenant.role) || tenant.disabled) throw new HttpError(409, msg("accountNotTenant"), { [field]: msg("accountNotTenant") });
          // The owner's own number or email: an owner does not rent their own unit (walked: it was let to the owner).
          if (tenant.user_id === a.owner_id) throw new HttpError(409, msg("ownerNotTenant"), { [field]: msg("ownerNotTenant") });
        } else {
          const { rows } = await q.query<{ user_id: number; role: number; name: string; email: string | null; mob_no: string | null; disabled: boolean }>(
            `insert into users (role, name, email, mob_no, cntry_code, password_hash, got_email_mob)
             values (3, $1, $2, $3, $4, null, 0) returning user_id, role, name, email, mob_no, disabled`,
            [input.name, email, input.mob_no, input.cntry_code],
          );
          tenant = rows[0];
          created = true;
        }
        const tenancy = await q.query<{ tenancy_id: number }>(
          "insert into tenancies (unit_id, tenant_id, start_date, end_date, created_by) values ($1, $2, $3, $4, $5) returning tenancy_id",
          [unit.unit_id, tenant.user_id, input.start_date, input.end_date || null, u.user_id],
        );
        // A new account (or one never opened) gets the one-time link; an account with a password signs in as it is.
        const hasPassword =
          !created && (await q.query("select 1 from users where user_id = $1 and password_hash is not null", [tenant.user_id])).rows.length > 0;
        if (!hasPassword) await storeInvitation(q, token, tenant.user_id, u.user_id, tenancy.rows[0].tenancy_id, now);
        return { tenancy_id: tenancy.rows[0].tenancy_id, tenant, invited: !hasPassword, propertyName: a.name, unitName: unit.name };
      }),
    );
    const inviteUrl = result.invited ? await sendInvitation(c, token, result) : null;
    return c.json({
      message: t(c, msg(result.invited ? "tenantInvited" : "tenantLinked")),
      tenancy_id: result.tenancy_id,
      user_id: result.tenant.user_id,
      // The account's own name: a number or email of an account already there links it, whatever name was typed.
      name: result.tenant.name,
      invite_url: inviteUrl,
    });
  });

  // A new link for a tenant who has not opened theirs (lost, expired, or sent to a phone they no longer have): the
  // earlier links stop working. Limited as adding a tenant is (each call may mail).
  app.post("/property/reinvite", requireAuth(0, 2), ...perCallerAndAddress(TENANTS_PER_CALLER, TENANTS_PER_ADDRESS), async (c) => {
    const u = c.var.user;
    const tenancyId = idParam(c, "tenancy_id");
    const token = newInviteToken();
    const result = await c.var.db.tx(async (q) => {
      const { rows } = await q.query<{
        property_id: number;
        property_name: string;
        unit_name: string;
        ended_at: Date | null;
        user_id: number;
        name: string;
        email: string | null;
        joined: boolean;
      }>(
        `select un.property_id, p.name as property_name, un.name as unit_name, t.ended_at, tu.user_id, tu.name, tu.email,
                  tu.password_hash is not null as joined
             from tenancies t join units un on un.unit_id = t.unit_id join properties p on p.property_id = un.property_id
             join users tu on tu.user_id = t.tenant_id
            where t.tenancy_id = $1 for update of t`,
        [tenancyId],
      );
      const row = rows[0];
      const a = row ? await propertyAccess(q, u, row.property_id, true) : null;
      if (!row || !a) throw new HttpError(404, msg("tenancyMissing"));
      assertMay(a, manages);
      if (row.ended_at) throw new HttpError(409, msg("tenancyAlreadyEnded"));
      if (row.joined) throw new HttpError(409, msg("tenantJoined"));
      await q.query("delete from invitations where tenancy_id = $1 and used_at is null", [tenancyId]);
      await storeInvitation(q, token, row.user_id, u.user_id, tenancyId, clock.now());
      return { user_id: row.user_id, tenant: { name: row.name, email: row.email }, propertyName: row.property_name, unitName: row.unit_name };
    });
    const inviteUrl = await sendInvitation(c, token, result);
    return c.json({ message: t(c, msg("tenantReinvited")), tenancy_id: tenancyId, user_id: result.user_id, invite_url: inviteUrl });
  });

  app.put("/property/end_tenancy", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const tenancyId = idParam(c, "tenancy_id");
    const input = await body(c, endTenancy);
    await c.var.db.tx(async (q) => {
      const { rows } = await q.query<{ property_id: number; start_date: string; ended_at: Date | null }>(
        `select un.property_id, to_char(t.start_date, 'YYYY-MM-DD') as start_date, t.ended_at
           from tenancies t join units un on un.unit_id = t.unit_id where t.tenancy_id = $1`,
        [tenancyId],
      );
      const a = rows[0] ? await propertyAccess(q, u, rows[0].property_id, true) : null;
      if (!rows[0] || !a) throw new HttpError(404, msg("tenancyMissing"));
      assertMay(a, manages);
      if (rows[0].ended_at) throw new HttpError(409, msg("tenancyAlreadyEnded"));
      const endDate = input.end_date || new Date(clock.now()).toISOString().slice(0, 10);
      if (endDate < rows[0].start_date) throw new HttpError(422, msg("endBeforeTenancyStart"), { end_date: msg("endBeforeTenancyStart") });
      await q.query("update tenancies set ended_at = $2, end_date = $3 where tenancy_id = $1", [tenancyId, new Date(clock.now()), endDate]);
      // A link not yet opened stops working with the tenancy it was for.
      await q.query("update invitations set used_at = $2 where tenancy_id = $1 and used_at is null", [tenancyId, new Date(clock.now())]);
    });
    return c.json({ message: t(c, msg("tenancyEnded")) });
  });

  app.get("/property/prev_tenants", requireAuth(), async (c) => {
    const u = c.var.user;
    const page = pageOf(c.req.query());
    let propertyId: number | null = null;
    if (c.req.query("property_id") !== undefined) {
      propertyId = idParam(c, "property_id");
      if (!(await propertyAccess(c.var.db, u, propertyId))) throw new HttpError(404, msg("propertyMissing"));
    }
    const { total, rows } = await prevTenancies(c.var.db, u, propertyId, PROPERTIES_PAGE_SIZE, (page - 1) * PROPERTIES_PAGE_SIZE);
    return c.json({ status: 1, total, data: rows });
  });

  app.post("/property/hand_over", requireAuth(0), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    const { company } = await body(c, handOver);
    const found = await naming(() =>
      c.var.db.tx(async (q) => {
        const a = assertMay(await propertyAccess(q, u, propertyId, true), mayHandOver);
        const found = await companyByRef(q, company);
        if (!found) throw new HttpError(422, msg("companyUnknown"), { company: msg("companyUnknown") });
        // The company's names are unique too: a clash is named before the property moves.
        await assertNameFree(q, a.name, { owner_id: null, company_id: found.company_id }, propertyId);
        await q.query("update properties set company_id = $2 where property_id = $1", [propertyId, found.company_id]);
        return found;
      }),
    );
    return c.json({ message: t(c, msg("handedOver", { company: found.name })), company: found });
  });

  // The owner runs the property again (walked: a hand-over could not be undone, and the owner could no longer edit their
  // own property). Its open repairs keep their technicians; the company's managers no longer see it.
  app.post("/property/take_back", requireAuth(0), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    await naming(() =>
      c.var.db.tx(async (q) => {
        const a = assertMay(await propertyAccess(q, u, propertyId, true), mayTakeBack);
        await assertNameFree(q, a.name, { owner_id: a.owner_id, company_id: null }, propertyId);
        await q.query("update properties set company_id = null where property_id = $1", [propertyId]);
      }),
    );
    return c.json({ message: t(c, msg("takenBack")) });
  });

  // Retried uploads carry an Idempotency-Key (src/api/property-edit.ts): a repeat stores no second copy (D23).
  app.post("/property/media", requireAuth(0, 2), idempotent(), uploadLimit(UPLOAD_RULES.document), async (c) => {
    const u = c.var.user;
    const propertyId = idParam(c, "property_id");
    const kind = c.req.query("kind") ?? "photo";
    if (kind !== "photo" && kind !== "document") throw new HttpError(422, msg("fileKindInvalid"), { kind: msg("fileKindInvalid") });
    assertMay(await propertyAccess(c.var.db, u, propertyId), manages);
    const { storage } = c.var;
    const stored = await receiveUpload(c, kind === "photo" ? UPLOAD_RULES.photo : UPLOAD_RULES.document, storage, `property-files/${propertyId}`);
    let row: FileRow;
    try {
      row = await c.var.db.tx(async (q) => {
        // Checked again under the lock: the property may have gone, or the caller's rights, while the bytes arrived.
        assertMay(await propertyAccess(q, u, propertyId, true), manages);
        const count = await q.query<{ n: number; next: number }>(
          "select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next from property_files where property_id = $1 and kind = $2",
          [propertyId, kind],
        );
        if (count.rows[0].n >= MAX_FILES_PER_KIND) throw new HttpError(422, msg("tooManyFiles", { max: MAX_FILES_PER_KIND }));
        const { rows } = await q.query<FileRow>(
          `insert into property_files (property_id, kind, name, storage_key, content_type, size, position)
           values ($1, $2, $3, $4, $5, $6, $7) returning file_id, kind, name, storage_key, content_type, size`,
          [propertyId, kind, displayName(c), stored.key, stored.contentType, stored.size, count.rows[0].next],
        );
        return rows[0];
      });
    } catch (e) {
      // No row, no file: nothing half-written is left behind.
      await storage.delete(stored.key).catch(() => undefined);
      throw e;
    }
    const secret = await fileLinkSecret(c.var.db);
    return c.json({ message: t(c, msg("fileUploaded")), data: fileOut(secret, u.user_id)(row) }, 201);
  });

  app.delete("/property/media", requireAuth(0, 2), async (c) => {
    const u = c.var.user;
    const fileId = idParam(c, "file_id");
    const key = await c.var.db.tx(async (q) => {
      const { rows } = await q.query<{ property_id: number; storage_key: string }>("select property_id, storage_key from property_files where file_id = $1", [
        fileId,
      ]);
      const a = rows[0] ? await propertyAccess(q, u, rows[0].property_id, true) : null;
      if (!rows[0] || !a) throw new HttpError(404, msg("notFound"));
      assertMay(a, manages);
      await q.query("delete from property_files where file_id = $1", [fileId]);
      return rows[0].storage_key;
    });
    await removeStored(c, [key]);
    return c.json({ message: t(c, msg("fileDeleted")) });
  });

  // Public: the signed link is the credential (an <img> sends no bearer header). The signature names the user it was
  // made for, who must still see the property now.
  app.get("/property/file/:file_id", async (c) => {
    // Whole numbers that fit the database's integers; anything else names no file.
    const whole = (v: string | undefined) => (/^\d{1,9}$/.test(v ?? "") ? Number(v) : 0);
    const fileId = whole(c.req.param("file_id"));
    const userId = whole(c.req.query("u"));
    const exp = Number(c.req.query("exp"));
    const sig = c.req.query("sig") ?? "";
    if (!Number.isSafeInteger(fileId) || !Number.isSafeInteger(userId) || fileId < 1 || userId < 1) throw new HttpError(404, msg("notFound"));
    const { db } = c.var;
    if (!checkFileLink(await fileLinkSecret(db), fileId, userId, exp, sig)) throw new HttpError(403, msg("linkInvalid"));
    const { rows } = await db.query<FileRow & { property_id: number; user: AuthUser | null }>(
      `select f.file_id, f.property_id, f.kind, f.name, f.storage_key, f.content_type, f.size,
              (select row_to_json(x) from (select user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob
                                             from users where user_id = $2 and not disabled) x) as "user"
         from property_files f where f.file_id = $1`,
      [fileId, userId],
    );
    const file = rows[0];
    if (!file?.user || !(await propertyAccess(db, file.user, file.property_id))) throw new HttpError(404, msg("notFound"));
    return sendStored(c, c.var.storage, file.storage_key, file.kind === "document" && file.name ? { downloadName: file.name } : {});
  });

  return app;
}

/** Removes stored files after their rows are gone; a failure is logged, never answered (the rows are what count). */
async function removeStored(c: { var: Pick<Env["Variables"], "storage" | "log"> }, keys: string[]) {
  for (const key of keys)
    await c.var.storage.delete(key).catch((e) => c.var.log({ msg: "stored file not removed", key, error: String((e as Error)?.message ?? e) }));
}

interface InvitationRow {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  has_password: boolean;
  disabled: boolean;
  /** A tenant's invitation whose tenancy has ended (false for an employee's, which has none). */
  tenancy_ended: boolean;
  name: string;
  role: number;
  inviter_name: string | null;
  property_name: string | null;
  unit_name: string | null;
  /** An employee's company (their invitation has no tenancy). */
  company_name: string | null;
}

/** The invitation of a token, whatever its state (null: unknown). */
async function invitationOf(q: Queryable, token: string, lock = false): Promise<InvitationRow | null> {
  const { rows } = await q.query<InvitationRow>(
    `select i.token_hash, i.user_id, i.expires_at, i.used_at, u.password_hash is not null as has_password, u.disabled, u.name, u.role,
            t.ended_at is not null as tenancy_ended,
            inv.name as inviter_name, p.name as property_name, un.name as unit_name, co.name as company_name
       from invitations i join users u on u.user_id = i.user_id
       left join users inv on inv.user_id = i.invited_by
       left join companies co on co.company_id = u.company_id and u.role in (1, 2)
       left join tenancies t on t.tenancy_id = i.tenancy_id
       left join units un on un.unit_id = t.unit_id
       left join properties p on p.property_id = un.property_id
      where i.token_hash = $1${lock ? " for update of i" : ""}`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * 410 for a link that cannot be used (never 404: the app sends every 404 to the not-found screen): unknown, expired,
 * for a tenancy that has ended, used, or for an account that has a password by now or was disabled.
 */
function assertUsable(inv: InvitationRow | null): InvitationRow {
  if (!inv || inv.disabled || new Date(inv.expires_at).getTime() <= clock.now())
    throw new HttpError(410, msg("inviteInvalid"), { token: msg("inviteInvalid") });
  // A link never opened whose tenancy was ended meanwhile: not "used", which sent the invitee to sign in.
  if (inv.tenancy_ended && !inv.has_password) throw new HttpError(410, msg("inviteEnded"), { token: msg("inviteEnded") });
  if (inv.used_at || inv.has_password) throw new HttpError(410, msg("inviteUsed"), { token: msg("inviteUsed") });
  return inv;
}

/** The invitation page (public: the token is the credential): GET /invite/info, POST /invite/accept. */
export function inviteRoutes() {
  const app = new Hono<Env>();

  app.get("/invite/info", rateLimit(INVITES_PER_ADDRESS), async (c) => {
    const token = (c.req.query("token") ?? "").slice(0, 200);
    const inv = assertUsable(token ? await invitationOf(c.var.db, token) : null);
    return c.json({
      status: 1,
      data: {
        name: inv.name,
        inviter_name: inv.inviter_name,
        property_name: inv.property_name,
        unit_name: inv.unit_name,
        company_name: inv.company_name,
        role: inv.role,
      },
    });
  });

  app.post("/invite/accept", rateLimit(INVITES_PER_ADDRESS), async (c) => {
    const input = await body(c, acceptInvite);
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const answer = await c.var.db.tx(async (q) => {
      const inv = assertUsable(await invitationOf(q, input.token, true));
      const { rows } = await q.query<AuthUser>(
        `update users set password_hash = $2, terms_accepted_at = $3,
                -- The contact the verify-info step asks for: a mobile, and an email from a customer (role 0) only
                -- (SPEC.md). A tenant the owner invited by mobile has given it: the step would only nag them. A
                -- technician a company invited still owes the step their service area (SPEC.md section 6).
                got_email_mob = case when role <> 1 and mob_no is not null and (email is not null or role = 3) then 1 else got_email_mob end
          where user_id = $1
          returning user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob`,
        [inv.user_id, passwordHash, new Date(now)],
      );
      // Used up, and every other link of the account with it.
      await q.query("update invitations set used_at = $2 where user_id = $1 and used_at is null", [inv.user_id, new Date(now)]);
      return signedInAnswer(q, rows[0], t(c, AUTH_MESSAGES.login), now);
    });
    return c.json(answer);
  });

  return app;
}

/** The invitation's address, mailed to the tenant when they have an email; the caller shows it to be sent by WhatsApp. */
async function sendInvitation(
  c: Context<AuthedEnv>,
  token: string,
  to: { tenant: { name: string; email: string | null }; propertyName: string; unitName: string },
) {
  // In the language the owner wrote it in: the invitation opens in Arabic when the message is Arabic.
  const link = inviteLink(c, token);
  if (to.tenant.email)
    await deliver(
      c.var.mailer,
      tenantInvitationMail({
        to: to.tenant.email,
        name: to.tenant.name,
        inviterName: c.var.user.name,
        propertyName: to.propertyName,
        unitName: to.unitName,
        link,
      }),
      c.var.log,
    );
  return link;
}
