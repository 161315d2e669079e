// Who does the work (issue 12, LOOP.md section 2): the candidates of an issue and their figures, assigning with the
// skill check (a manager: their company's technicians; the owner of a property no company runs: independent ones),
// offers to the independent technicians around such a property, and the race of two of them accepting at once. The
// expectations are written from the issue's wire contract, not read from server/issues/.
import { describe, expect, it } from "vitest";
import { STAGES, type Stage } from "../../src/contract/repairs";
import type { Db } from "../../server/db/db";
import { translate } from "../../server/lib/i18n";
import { makeIssue, makeProperty, makeUnit, makeUser, signIn } from "./factories";
import { sharedApp, testApp } from "./helpers";
import { repairSuite, type RepairWorld, repairWorld, S1, S2 } from "./repair-helpers";

let db: Db;
repairSuite((d) => (db = d));

const AR = { "accept-language": "ar" };
const PLUMBING = 1;
const ELECTRICAL = 2;
const HVAC = 3;
const CARPENTRY = 4;

/** Places in Muscat (degrees). */
const QURUM = { lat: 23.614, lng: 58.475 };
const KHUWAIR = { lat: 23.596, lng: 58.416 };
const RUWI = { lat: 23.599, lng: 58.545 };
const MOUJ = { lat: 23.6322, lng: 58.2786 };
const HAIL = { lat: 23.66, lng: 58.25 };
const SEEB = { lat: 23.67, lng: 58.189 };
const SOHAR = { lat: 24.347, lng: 56.709 };

/** Great-circle km (haversine, R = 6371), one decimal: what the server should answer. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** A technician's skills, and where they work from and how far they go (verify-info). */
async function profile(userId: number, skills: number[], place?: { lat: number; lng: number }, areaRange?: number) {
  await db.query("update users set skills = $2, lat = $3, lng = $4, area_range = $5 where user_id = $1", [
    userId,
    skills,
    place?.lat ?? null,
    place?.lng ?? null,
    areaRange ?? null,
  ]);
}

async function placeAt(propertyId: number, p: { lat: number; lng: number }) {
  await db.query("update properties set lat = $2, lng = $3 where property_id = $1", [propertyId, p.lat, p.lng]);
}

/**
 * The repair world (a building in Qurum run by Gulf Fix) with skills and places, more Gulf Fix technicians, and a villa
 * in Al Mouj no company runs (the owner's), with independent technicians around it.
 */
async function world() {
  const w = await repairWorld(db);
  await placeAt(w.building.property_id, QURUM);
  // Gulf Fix: tech (plumbing, Khuwair), tech2 (plumbing and electrical, no location), far (plumbing, Seeb),
  // sparky (electrical only, Ruwi), gone (plumbing, disabled); Other Co's technician is a plumber in Qurum itself.
  await profile(w.tech.user_id, [PLUMBING], KHUWAIR, 30);
  await profile(w.tech2.user_id, [PLUMBING, ELECTRICAL]);
  const far = await makeUser(db, { role: 1, company_id: w.gulf.company_id, name: "Aaron Far" });
  await profile(far.user_id, [PLUMBING], SEEB, 50);
  const sparky = await makeUser(db, { role: 1, company_id: w.gulf.company_id, name: "Sparky" });
  await profile(sparky.user_id, [ELECTRICAL], RUWI, 20);
  const gone = await makeUser(db, { role: 1, company_id: w.gulf.company_id, name: "Gone Tech", disabled: true });
  await profile(gone.user_id, [PLUMBING], QURUM, 20);
  await profile(w.otherTech.user_id, [PLUMBING], QURUM, 20);

  const villa = await makeProperty(db, { owner_id: w.owner.user_id, company_id: null, name: "Villa 48", type: "villa" });
  await placeAt(villa.property_id, MOUJ);
  const villaUnit = await makeUnit(db, { property_id: villa.property_id, name: "Villa 48" });
  // Independent technicians: near (Al Hail, 20 km: plumbing, HVAC), wide (Qurum, 40 km: plumbing), short (Qurum, 10 km:
  // plumbing: the villa is too far for them), nowhere (plumbing, no location), joiner (Al Hail, carpentry only),
  // sohar (plumbing, far away with a wide area that still does not reach).
  const free = {} as Record<"near" | "wide" | "short" | "nowhere" | "joiner" | "sohar", { user_id: number; name: string }>;
  const specs = {
    near: [[PLUMBING, HVAC], HAIL, 20],
    wide: [[PLUMBING], QURUM, 40],
    short: [[PLUMBING], QURUM, 10],
    nowhere: [[PLUMBING], undefined, 30],
    joiner: [[CARPENTRY], HAIL, 20],
    sohar: [[PLUMBING], SOHAR, 100],
  } as const;
  for (const [k, [skills, place, range]] of Object.entries(specs)) {
    const u = await makeUser(db, { role: 1, company_id: null, name: `Free ${k}` });
    await profile(u.user_id, [...skills], place, range);
    free[k as keyof typeof free] = u;
  }
  const tok = {} as Record<keyof typeof free | "far", string>;
  for (const [k, u] of Object.entries({ ...free, far })) tok[k as keyof typeof tok] = await signIn(db, u);
  return { ...w, far, sparky, gone, villa, villaUnit, free, tok };
}
type World = Awaited<ReturnType<typeof world>>;

/** An issue of the building's unit 101, reported by its tenant. */
const buildingIssue = async (w: RepairWorld, f: { stage?: Stage; category?: number | null; assigned_tech_id?: number | null } = {}) =>
  (
    await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      category: f.category === undefined ? PLUMBING : f.category,
      stage: f.stage ?? "reported",
      assigned_tech_id: f.assigned_tech_id ?? null,
    })
  ).issue_id;

/** An issue of the owner's villa (no company), reported by the owner. */
const villaIssue = async (w: World, f: { stage?: Stage; category?: number | null; assigned_tech_id?: number | null } = {}) =>
  (
    await makeIssue(db, {
      property_id: w.villa.property_id,
      unit_id: w.villaUnit.unit_id,
      creator_id: w.owner.user_id,
      category: f.category === undefined ? PLUMBING : f.category,
      stage: f.stage ?? "reported",
      assigned_tech_id: f.assigned_tech_id ?? null,
    })
  ).issue_id;

const get = (path: string, token: string, headers: Record<string, string> = {}) => sharedApp(db).json("GET", `/api${path}`, undefined, token, headers);
const post = (move: string, id: number, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  sharedApp(db).json("POST", `/api/issue/${move}?issue_id=${id}`, payload, token, headers);
const candidates = async (id: number, token: string) => {
  const res = await get(`/issue/candidates?issue_id=${id}`, token);
  expect(res.status).toBe(200);
  return (await res.json()).data as Array<Record<string, unknown>>;
};
const row = async (id: number) =>
  (
    await db.query<{ stage: string; assigned_tech_id: number | null; offered_at: Date | null }>(
      "select stage, assigned_tech_id, offered_at from issues where issue_id = $1",
      [id],
    )
  ).rows[0];
const events = async (id: number) =>
  (
    await db.query<{ kind: string; from_stage: string | null; to_stage: string | null; actor_id: number | null }>(
      "select kind, from_stage, to_stage, actor_id from issue_events where issue_id = $1 order by event_id",
      [id],
    )
  ).rows;

describe("GET /issue/candidates", () => {
  it("a manager gets their company's technicians with the skill, nearest first (unknown last), with their figures", async () => {
    const w = await world();
    const id = await buildingIssue(w);
    // Open jobs: Aaron Far has two open ones (one elsewhere), a completed and a cancelled one do not count.
    await buildingIssue(w, { stage: "accepted", assigned_tech_id: w.far.user_id });
    await buildingIssue(w, { stage: "scheduled", assigned_tech_id: w.far.user_id, category: null });
    await buildingIssue(w, { stage: "completed", assigned_tech_id: w.tech.user_id });
    await buildingIssue(w, { stage: "cancelled", assigned_tech_id: w.tech.user_id });

    const list = await candidates(id, w.t.manager);
    expect(list.map((c) => c.name)).toEqual(["Ahmed Tech", "Aaron Far", "Second Tech"]);
    expect(list[0]).toMatchObject({
      user_id: w.tech.user_id,
      job_title: "Technician",
      skills: [PLUMBING],
      distance_km: km(KHUWAIR, QURUM),
      open_jobs: 0,
      current: false,
    });
    expect(list[1]).toMatchObject({ distance_km: km(SEEB, QURUM), open_jobs: 2 });
    expect(list[2]).toMatchObject({ user_id: w.tech2.user_id, distance_km: null, open_jobs: 0 });
    expect(km(KHUWAIR, QURUM)).toBeGreaterThan(5);
    expect(Number.isInteger((list[1].distance_km as number) * 10)).toBe(true);
  });

  it("orders equal distances by open jobs, then name; an issue with no category lists every technician; current is marked", async () => {
    const w = await world();
    // Three technicians with no location: by open jobs, then name.
    for (const u of [w.tech, w.far, w.sparky]) await profile(u.user_id, [PLUMBING, ELECTRICAL]);
    await buildingIssue(w, { stage: "accepted", assigned_tech_id: w.tech.user_id });
    const id = await buildingIssue(w, { category: null, stage: "assigned", assigned_tech_id: w.sparky.user_id });
    const list = await candidates(id, w.t.manager);
    expect(list.map((c) => [c.name, c.open_jobs, c.current])).toEqual([
      ["Aaron Far", 0, false],
      ["Second Tech", 0, false],
      ["Ahmed Tech", 1, false],
      ["Sparky", 1, true],
    ]);
  });

  // Bug (walked at 360 px): the sheet offered first the technician who had just declined the job, saying nothing of it.
  it("lists a technician who declined the job after the others with the skill, marked declined", async () => {
    const w = await world();
    const id = await buildingIssue(w, { stage: "assigned", assigned_tech_id: w.tech.user_id });
    expect((await candidates(id, w.t.manager)).map((c) => c.name)).toEqual(["Ahmed Tech", "Aaron Far", "Second Tech"]);
    expect((await post("decline", id, w.t.tech, { reason: "Too far today" })).status).toBe(200);
    const list = await candidates(id, w.t.manager);
    expect(list.map((c) => [c.name, c.declined])).toEqual([
      ["Aaron Far", false],
      ["Second Tech", false],
      ["Ahmed Tech", true],
    ]);
  });

  // Bug: a manager reassigning a job whose skill only its technician had was offered that technician alone (a dead end).
  it("counts the manager's technicians the skill left out (others), and all=1 lists every one of them, those with the skill first", async () => {
    const w = await world();
    await profile(w.tech2.user_id, [PLUMBING]);
    const id = await buildingIssue(w, { category: ELECTRICAL, stage: "assigned", assigned_tech_id: w.sparky.user_id });
    const res = await get(`/issue/candidates?issue_id=${id}`, w.t.manager);
    const body = await res.json();
    expect(body.data.map((c: { name: string; current: boolean; has_skill: boolean }) => [c.name, c.current, c.has_skill])).toEqual([["Sparky", true, true]]);
    // Ahmed Tech, Second Tech and Aaron Far; not the disabled one.
    expect(body.others).toBe(3);
    const all = await get(`/issue/candidates?issue_id=${id}&all=1`, w.t.manager);
    const wide = await all.json();
    expect(wide.data.map((c: { name: string; has_skill: boolean }) => [c.name, c.has_skill])).toEqual([
      ["Sparky", true],
      ["Ahmed Tech", false],
      ["Aaron Far", false],
      ["Second Tech", false],
    ]);
    expect(wide.others).toBe(0);
    // The one chosen from the wider list is assigned (LOOP.md: a technician of that company).
    const ok = await post("assign", id, w.t.manager, { tech_id: w.tech.user_id });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ stage: "assigned", tech_name: "Ahmed Tech" });
  });

  it("all=1 changes nothing for the owner of a property no company runs: independent technicians need the skill", async () => {
    const w = await world();
    const id = await villaIssue(w, { category: HVAC });
    const body = await (await get(`/issue/candidates?issue_id=${id}&all=1`, w.t.owner)).json();
    expect(body.data.map((c: { user_id: number }) => c.user_id)).toEqual([w.free.near.user_id]);
    expect(body.others).toBe(0);
  });

  it("the owner of a property no company runs gets the independent technicians with the skill whose area covers it", async () => {
    const w = await world();
    const id = await villaIssue(w);
    const list = await candidates(id, w.t.owner);
    expect(list.map((c) => c.user_id)).toEqual([w.free.near.user_id, w.free.wide.user_id]);
    expect(list.map((c) => c.distance_km)).toEqual([km(HAIL, MOUJ), km(QURUM, MOUJ)]);
    // HVAC: only the one with that skill.
    const ac = await villaIssue(w, { category: HVAC });
    expect((await candidates(ac, w.t.owner)).map((c) => c.user_id)).toEqual([w.free.near.user_id]);
  });

  it("only for whoever may assign now: 404 for who does not see the issue, 403 for the wrong relation, 409 at the wrong stage", async () => {
    const w = await world();
    const id = await buildingIssue(w);
    expect((await get(`/issue/candidates?issue_id=${id}`, w.t.otherManager)).status).toBe(404);
    expect((await get(`/issue/candidates?issue_id=${id}`, w.tok.near)).status).toBe(404);
    for (const token of [w.t.tenant, w.t.owner]) {
      const res = await get(`/issue/candidates?issue_id=${id}`, token);
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBeTruthy();
    }
    const accepted = await buildingIssue(w, { stage: "accepted", assigned_tech_id: w.tech.user_id });
    expect((await get(`/issue/candidates?issue_id=${accepted}`, w.t.manager)).status).toBe(409);
    expect((await get("/issue/candidates?issue_id=abc", w.t.manager)).status).toBe(422);
    // A manager cannot act for a property no company runs.
    expect((await get(`/issue/candidates?issue_id=${await villaIssue(w)}`, w.t.manager)).status).toBe(404);
  });
});

describe("POST /issue/assign", () => {
  it("a manager assigns a technician of their company; others are refused at tech_id", async () => {
    const w = await world();
    const id = await buildingIssue(w);
    for (const other of [w.otherTech, w.gone, w.free.near]) {
      const res = await post("assign", id, w.t.manager, { tech_id: other.user_id });
      expect(res.status, other.name).toBe(422);
      expect((await res.json()).errors.tech_id).toBe(translate("en", { key: "techNotInCompany" }));
    }
    expect((await row(id)).stage).toBe("reported");

    const ok = await post("assign", id, w.t.manager, { tech_id: w.tech.user_id });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ stage: "assigned", tech_name: "Ahmed Tech", offered: false });
    // A reassignment, to another with the skill.
    const again = await post("assign", id, w.t.manager, { tech_id: w.tech2.user_id });
    expect((await again.json()).data).toMatchObject({ stage: "assigned", tech_name: "Second Tech" });
    expect((await events(id)).map((e) => e.kind)).toEqual(["reported", "assign", "assign"]);
    // The skill does not matter when the issue has none.
    const any = await buildingIssue(w, { category: null });
    expect((await post("assign", any, w.t.manager, { tech_id: w.sparky.user_id })).status).toBe(200);
    // Nor when the manager chooses one of theirs without it (LOOP.md section 2: "a technician of that company"); the
    // sheet lists those only when asked.
    const lacking = await buildingIssue(w);
    const res = await post("assign", lacking, w.t.manager, { tech_id: w.sparky.user_id });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ tech_name: "Sparky" });
  });

  it("the wrong relation or stage is refused as the table says (403, 404, 409)", async () => {
    const w = await world();
    const id = await buildingIssue(w);
    expect((await post("assign", id, w.t.tenant, { tech_id: w.tech.user_id })).status).toBe(403);
    // The owner of a property a company runs leaves it to the company.
    expect((await post("assign", id, w.t.owner, { tech_id: w.free.near.user_id })).status).toBe(403);
    expect((await post("assign", id, w.t.otherManager, { tech_id: w.otherTech.user_id })).status).toBe(404);
    for (const stage of STAGES.filter((s) => s !== "reported" && s !== "assigned")) {
      const at = await buildingIssue(w, { stage, assigned_tech_id: w.tech.user_id });
      const res = await post("assign", at, w.t.manager, { tech_id: w.tech2.user_id });
      expect(res.status, stage).toBe(409);
      expect((await res.json()).detail).toBeTruthy();
    }
  });

  it("the owner of a property no company runs assigns an independent technician with the skill", async () => {
    const w = await world();
    const id = await villaIssue(w, { category: HVAC });
    const owner = (await (await get(`/issue/issue?issue_id=${id}`, w.t.owner)).json()).data;
    expect(owner.actions).toEqual(expect.arrayContaining(["assign", "offer"]));
    for (const [tech, key] of [
      [w.tech, "techNotIndependent"],
      [w.otherTech, "techNotIndependent"],
      [w.free.wide, "techLacksSkill"],
      [w.free.joiner, "techLacksSkill"],
    ] as const) {
      const res = await post("assign", id, w.t.owner, { tech_id: tech.user_id });
      expect(res.status, tech.name).toBe(422);
      expect((await res.json()).errors.tech_id).toBe(translate("en", { key }));
    }
    const ok = await post("assign", id, w.t.owner, { tech_id: w.free.near.user_id });
    expect(ok.status).toBe(200);
    const { data } = await ok.json();
    expect(data).toMatchObject({ stage: "assigned", tech_name: "Free near" });
    expect(data.actions).not.toContain("offer");
    // The technician accepts as any assigned one.
    const seen = (await (await get(`/issue/issue?issue_id=${id}`, w.tok.near)).json()).data;
    expect(seen.actions).toContain("accept");
    expect((await post("accept", id, w.tok.near)).status).toBe(200);
    expect(await row(id)).toMatchObject({ stage: "accepted", assigned_tech_id: w.free.near.user_id });
  });
});

describe("offers to independent technicians", () => {
  async function offered(w: World, f: { category?: number | null } = {}) {
    const id = await villaIssue(w, f);
    const res = await post("offer", id, w.t.owner);
    expect(res.status).toBe(200);
    return { id, answer: await res.json() };
  }
  const offersOf = async (token: string) => {
    const res = await get("/issue/offers", token);
    expect(res.status).toBe(200);
    return (await res.json()) as { total: number; data: Array<Record<string, unknown>> };
  };

  it("the owner offers a reported job: it stays reported, says offered, gets an offer row, and cannot be offered twice", async () => {
    const w = await world();
    const id = await villaIssue(w);
    const before = (await (await get(`/issue/issue?issue_id=${id}`, w.t.owner)).json()).data;
    expect(before).toMatchObject({ offered: false });
    const res = await post("offer", id, w.t.owner);
    expect(res.status).toBe(200);
    const { message, data } = await res.json();
    expect(message).toBeTruthy();
    expect(data).toMatchObject({ stage: "reported", offered: true });
    expect(data.actions).toContain("assign");
    expect(data.actions).not.toContain("offer");
    expect((await row(id)).offered_at).not.toBeNull();
    expect((await events(id)).at(-1)).toMatchObject({ kind: "offer", from_stage: "reported", to_stage: "reported", actor_id: w.owner.user_id });
    const twice = await post("offer", id, w.t.owner, undefined, AR);
    expect(twice.status).toBe(409);
    expect((await twice.json()).detail).toBe(translate("ar", { key: "alreadyOffered" }));
    // Every issue answer says whether it is offered.
    const list = (await (await get("/issue/issues", w.t.owner)).json()).data as Array<Record<string, unknown>>;
    expect(list.find((i) => i.issue_id === id)).toMatchObject({ offered: true });
    expect(list.every((i) => typeof i.offered === "boolean")).toBe(true);
  });

  it("only the owner of a property no company runs, only while reported", async () => {
    const w = await world();
    const building = await buildingIssue(w);
    expect((await post("offer", building, w.t.owner)).status).toBe(403);
    expect((await post("offer", building, w.t.manager)).status).toBe(403);
    expect((await post("offer", building, w.t.tenant)).status).toBe(403);
    expect((await post("offer", building, w.tok.near)).status).toBe(404);
    const assigned = await villaIssue(w, { stage: "assigned", assigned_tech_id: w.free.near.user_id });
    const res = await post("offer", assigned, w.t.owner);
    expect(res.status).toBe(409);
    expect((await res.json()).detail).toBe(translate("en", { key: "offerNotNow" }));
    expect((await post("offer", assigned, w.tok.near)).status).toBe(403);
    const owner = (await (await get(`/issue/issue?issue_id=${building}`, w.t.owner)).json()).data;
    expect(owner.actions).not.toContain("offer");
  });

  it("independent technicians with the skill whose area covers the property see it, with accept; nobody else does", async () => {
    const w = await world();
    const id = await villaIssue(w);
    // Not offered yet: nobody sees it.
    expect((await offersOf(w.tok.near)).total).toBe(0);
    expect((await get(`/issue/issue?issue_id=${id}`, w.tok.near)).status).toBe(404);
    await post("offer", id, w.t.owner);
    await offered(w, { category: CARPENTRY });

    for (const who of ["near", "wide"] as const) {
      const { total, data } = await offersOf(w.tok[who]);
      expect(total, who).toBe(1);
      expect(data[0]).toMatchObject({ issue_id: id, stage: "reported", offered: true, actions: ["accept"] });
      const one = await get(`/issue/issue?issue_id=${id}`, w.tok[who]);
      expect(one.status).toBe(200);
      const offer = (await one.json()).data;
      expect(offer.actions).toEqual(["accept"]);
      // The customer's number only once the job is theirs (any technician in range sees an offer).
      expect(offer.creater_mob_no).toBeNull();
      expect(data[0].creater_mob_no).toBeNull();
      // Offers are not their jobs, and they may not comment on them.
      expect((await (await get("/issue/jobs", w.tok[who])).json()).total).toBe(0);
      expect((await testApp(db).json("POST", `/api/issue/comment?issue_id=${id}`, { body: "On my way" }, w.tok[who])).status).toBe(403);
    }
    expect((await offersOf(w.tok.joiner)).data.map((i) => i.title)).toHaveLength(1);
    expect((await offersOf(w.tok.joiner)).data[0].issue_id).not.toBe(id);
    for (const token of [w.tok.short, w.tok.nowhere, w.tok.sohar, w.tok.far, w.t.tech, w.t.otherTech]) {
      expect((await offersOf(token)).data.filter((i) => i.issue_id === id)).toEqual([]);
      expect((await get(`/issue/issue?issue_id=${id}`, token)).status).toBe(404);
    }
    // Only technicians list offers.
    expect((await get("/issue/offers", w.t.owner)).status).toBe(403);
    expect((await get("/issue/offers", w.t.manager)).status).toBe(403);
  });

  it("two technicians accept at once: exactly one takes the job, the other gets 409 (not 404)", async () => {
    const w = await world();
    const { id } = await offered(w);
    const [a, b] = await Promise.all([post("accept", id, w.tok.near), post("accept", id, w.tok.wide, undefined, AR)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = a.status === 200 ? w.free.near : w.free.wide;
    const loser = a.status === 200 ? w.free.wide : w.free.near;
    expect((await won.json()).data).toMatchObject({ stage: "accepted", offered: false, tech_name: winner.name });
    const detail = (await lost.json()).detail;
    expect(detail).toBe(lost === b ? translate("ar", { key: "jobTaken" }) : "Another technician has already taken this job.");
    expect(translate("en", { key: "jobTaken" })).toBe("Another technician has already taken this job.");
    expect(translate("ar", { key: "jobTaken" })).not.toBe(translate("en", { key: "jobTaken" }));
    expect(await row(id)).toMatchObject({ stage: "accepted", assigned_tech_id: winner.user_id, offered_at: null });
    expect((await events(id)).filter((e) => e.kind === "accept")).toEqual([
      { kind: "accept", from_stage: "reported", to_stage: "accepted", actor_id: winner.user_id },
    ]);
    // The winner has the job; the loser sees it no more, and asking again still says it was taken.
    const loserToken = loser === w.free.near ? w.tok.near : w.tok.wide;
    const winnerToken = winner === w.free.near ? w.tok.near : w.tok.wide;
    const taken = (await (await get("/issue/jobs", winnerToken)).json()).data as { issue_id: number; creater_mob_no: string | null }[];
    expect(taken.map((i) => i.issue_id)).toEqual([id]);
    // Theirs now: the customer's number to call.
    expect(taken[0].creater_mob_no).toMatch(/^\+\d+$/);
    expect((await offersOf(winnerToken)).total).toBe(0);
    expect((await offersOf(loserToken)).total).toBe(0);
    // Reading it (the offer's notification leads there) says why it is gone, as accepting does.
    const read = await get(`/issue/issue?issue_id=${id}`, loserToken);
    expect(read.status).toBe(409);
    expect((await read.json()).detail).toBe("Another technician has already taken this job.");
    const late = await post("accept", id, loserToken);
    expect(late.status).toBe(409);
    expect((await late.json()).detail).toBe("Another technician has already taken this job.");
    // Someone the offer never reached still gets the 404 of a missing issue.
    expect((await post("accept", id, w.tok.short)).status).toBe(404);
    expect((await post("accept", id, w.t.otherTech)).status).toBe(404);
  });

  it("the owner assigning ends the offer: the others are told it is taken", async () => {
    const w = await world();
    const { id } = await offered(w);
    const res = await post("assign", id, w.t.owner, { tech_id: w.free.wide.user_id });
    expect((await res.json()).data).toMatchObject({ stage: "assigned", offered: false });
    expect((await offersOf(w.tok.near)).total).toBe(0);
    const late = await post("accept", id, w.tok.near);
    expect(late.status).toBe(409);
    expect((await late.json()).detail).toBe(translate("en", { key: "jobTaken" }));
    // The assigned technician accepts as usual.
    expect((await post("accept", id, w.tok.wide)).status).toBe(200);
    // Cancelled after an offer: the cancellation is what they are told.
    const { id: cancelled } = await offered(w);
    expect((await post("cancel", cancelled, w.t.owner, { reason: "Fixed it myself" })).status).toBe(200);
    const gone = await post("accept", cancelled, w.tok.near);
    expect(gone.status).toBe(409);
    expect((await gone.json()).detail).toBe(translate("en", { key: "issueWasCancelled" }));
    const cancelledRead = await get(`/issue/issue?issue_id=${cancelled}`, w.tok.near);
    expect(cancelledRead.status).toBe(409);
    expect((await cancelledRead.json()).detail).toBe(translate("en", { key: "issueWasCancelled" }));
    // Someone the offer never reached: the 404 of a missing issue, as before.
    expect((await get(`/issue/issue?issue_id=${cancelled}`, w.t.otherTech)).status).toBe(404);
  });
});

describe("GET /issue/issues?stage=", () => {
  it("lists only the issues at that stage; an unknown stage is 422 naming it", async () => {
    const w = await world();
    const reported = await buildingIssue(w);
    await buildingIssue(w, { stage: "assigned", assigned_tech_id: w.tech.user_id });
    await buildingIssue(w, { stage: "scheduled", assigned_tech_id: w.tech.user_id });
    const res = await get("/issue/issues?scope=company&stage=reported", w.t.manager);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(1);
    expect(body.data.map((i: { issue_id: number }) => i.issue_id)).toEqual([reported]);
    const all = await (await get("/issue/issues?scope=company", w.t.manager)).json();
    expect(all.total).toBe(3);
    // With a property too: both filters apply.
    const there = await (await get(`/issue/issues?scope=company&stage=assigned&property_id=${w.building.property_id}`, w.t.manager)).json();
    expect(there.total).toBe(1);
    const bad = await get("/issue/issues?stage=lost", w.t.manager, AR);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.stage).toBe(translate("ar", { key: "stageInvalid" }));
  });
});

describe("the demo seed", () => {
  it("gives the technicians a place in Muscat, and the independent one covers the owner's villa", async () => {
    const { seedIfEmpty, DEMO } = await import("../../server/db/seed");
    await seedIfEmpty(db);
    const { rows } = await db.query<{ email: string; company_id: number | null; skills: number[]; lat: number | null; area_range: number | null }>(
      "select email, company_id, skills, lat, area_range from users where role = 1",
    );
    expect(rows.every((r) => r.lat !== null && r.area_range !== null)).toBe(true);
    const freelance = rows.find((r) => r.email === DEMO.freelance.email);
    expect(freelance).toMatchObject({ company_id: null, skills: [1, 2, 3] });
    // Signed in, they get the villa's issue once the owner offers it.
    const login = async (identifier: string) =>
      (await (await testApp(db).json("POST", "/api/user/login", { identifier, password: "Demo@1234" })).json()).access_token as string;
    const owner = await login(DEMO.owner.email);
    const villaId = (await db.query<{ property_id: number }>("select property_id from properties where name = 'Villa 48, Al Mouj' and company_id is null"))
      .rows[0].property_id;
    const unit = (await db.query<{ unit_id: number }>("select unit_id from units where property_id = $1", [villaId])).rows[0].unit_id;
    const report = { property_id: villaId, unit_id: unit, category: 1, title: "Tap dripping", desc: "Drips.", emergency: false, presence: "present" };
    const made = await testApp(db).json("POST", "/api/issue/issue", { ...report, available: [S1, S2] }, owner);
    expect(made.status).toBe(201);
    const id = (await made.json()).data.issue_id;
    expect((await post("offer", id, owner)).status).toBe(200);
    const offers = await (await get("/issue/offers", await login(DEMO.freelance.mob_no))).json();
    expect(offers.data.map((i: { issue_id: number }) => i.issue_id)).toContain(id);
    // The company's technician is no independent one.
    expect((await (await get("/issue/offers", await login(DEMO.technician.email))).json()).total).toBe(0);
  });
});
