import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { createSession } from "../../server/lib/auth";
import { fold } from "../../server/places/fold";
import { type Gazetteer, gazetteer } from "../../server/places/gazetteer";
import { testApp, testDb } from "./helpers";

let db: Db;
let token: string;
let world: Gazetteer;
beforeAll(async () => {
  db = await testDb();
  const { rows } = await db.query<{ user_id: number }>("insert into users (role, name, mob_no) values (1, 'Tech', '91234567') returning user_id");
  token = await createSession(db, rows[0].user_id);
  world = await gazetteer();
});
afterAll(async () => db.close());

const names = (places: Array<{ formatted_address: string }>) => places.map((p) => p.formatted_address);
const search = async (keyword: string, auth: string | undefined = token) => {
  const { json } = testApp(db);
  return json("GET", `/api/place/search?keyword=${encodeURIComponent(keyword)}`, undefined, auth);
};

describe("GET /api/place/search", () => {
  it("finds Muscat first for 'musc', in SPEC.md's shape", async () => {
    const res = await search("musc");
    expect(res.status).toBe(200);
    const places = await res.json();
    expect(places[0]).toEqual({
      formatted_address: "Muscat, Oman",
      geometry: { location: { lat: expect.closeTo(23.584, 2), lng: expect.closeTo(58.408, 2) } },
      // Our extras, beside SPEC.md's fields: the town and the country's ISO code fill the address parts.
      city: "Muscat",
      country_code: "OM",
    });
    expect(places.length).toBeLessThanOrEqual(10);
  });

  it("answers an empty list below 3 characters, and for blanks", async () => {
    for (const keyword of ["", "m", "mu", "  mu  ", "   "]) {
      const res = await search(keyword);
      expect(res.status).toBe(200);
      expect(await res.json(), JSON.stringify(keyword)).toEqual([]);
    }
    expect((await (await search("mus")).json()).length).toBeGreaterThan(0);
  });

  it("needs a session", async () => {
    expect((await search("musc", "")).status).toBe(401);
  });
});

describe("the gazetteer's ranking", () => {
  it("holds the GeoNames cities of the package", () => {
    expect(world.size).toBeGreaterThan(130_000);
  });

  it("puts an exact name first: 'Seeb' is Seeb, Oman (the data spells it Seeb; it has no 'As Sib')", () => {
    expect(names(world.search("Seeb"))[0]).toBe("Seeb, Oman");
    expect(names(world.search("seeb"))[0]).toBe("Seeb, Oman");
    expect(world.search("As Sib")).toEqual([]);
  });

  it("ranks exact, then prefix, then word prefix, then substring; population within a tier", () => {
    // 'salalah' is exact for Şalālah (accents folded, and shown without them in the Arab world); 'muscat' is exact
    // for Muscat, then Muscatine by prefix.
    expect(names(world.search("salalah"))[0]).toBe("Salalah, Oman");
    expect(world.search("nizwa")[0]).toMatchObject({ formatted_address: "Nizwa, Oman", city: "Nizwa" });
    expect(names(world.search("muscat")).slice(0, 2)).toEqual(["Muscat, Oman", "Muscatine, United States"]);
    // Word prefix: 'khaimah' starts no name, but starts a word of Ras Al Khaimah City.
    expect(names(world.search("khaimah"))[0]).toBe("Ras Al Khaimah City, United Arab Emirates");
    // Prefix before word prefix: 'sohar' is exact; 'buraym' finds Al Buraymi (Al Buraymī) by a word.
    expect(names(world.search("sohar"))[0]).toBe("Sohar, Oman");
    expect(names(world.search("buraym"))).toContain("Al Buraymi, Oman");
    // Substring last: 'uscat' is inside Muscat.
    expect(names(world.search("uscat"))[0]).toBe("Muscat, Oman");
    // Population decides inside the prefix tier: London (UK) before London (Canada).
    const lon = names(world.search("londo"));
    expect(lon.indexOf("London, United Kingdom")).toBeLessThan(lon.indexOf("London, Canada"));
  });

  it("folds accents and punctuation in the query too", () => {
    expect(names(world.search("ZÜRICH"))[0]).toBe("Zürich, Switzerland");
    expect(names(world.search("ras al-khaimah"))[0]).toBe("Ras Al Khaimah City, United Arab Emirates");
    expect(fold("Ra’s al ‘Ayn")).toBe("ras al ayn");
  });

  it("narrows by country after a comma", () => {
    const places = names(world.search("sur, oman"));
    expect(places[0]).toBe("Sur, Oman");
    expect(places.every((p) => p.endsWith(", Oman"))).toBe(true);
  });

  it("finds Gulf towns typed in Arabic, the Gulf's first", () => {
    const first = (q: string) => names(world.search(q))[0];
    expect(first("مسقط")).toBe("Muscat, Oman");
    expect(first("صلالة")).toBe("Salalah, Oman");
    expect(first("السيب")).toBe("Seeb, Oman");
    expect(first("صحار")).toBe("Sohar, Oman");
    expect(first("الدوحة")).toBe("Doha, Qatar");
    expect(first("الكويت")).toBe("Kuwait City, Kuwait");
    expect(first("الشارقة")).toBe("Sharjah, United Arab Emirates");
    expect(first("أبو ظبي")).toBe("Abu Dhabi, United Arab Emirates");
    expect(first("جدة")).toBe("Jeddah, Saudi Arabia");
    expect(first("المدينة المنورة")).toBe("Medina, Saudi Arabia");
    // An Arabic comma and the country's Arabic name narrow as in English.
    expect(names(world.search("صور، عمان")).every((p) => p.endsWith(", Oman"))).toBe(true);
    expect(world.search("ـــ")).toEqual([]);
    // Only places of the Arab world: the skeleton of مسقط also fits Mesquite (US) and Mascote (Brazil).
    for (const q of ["مسقط", "صلالة", "نزوى"]) expect(names(world.search(q)).filter((p) => /United States|Brazil|Chad/.test(p))).toEqual([]);
  });

  it("gives at most 10, without two identical addresses", () => {
    const places = names(world.search("san"));
    expect(places).toHaveLength(10);
    expect(new Set(places).size).toBe(10);
  });

  it("answers nothing for a name no city has", () => {
    expect(world.search("qxzqxz")).toEqual([]);
  });

  it("answers each search in well under 50 ms once loaded", () => {
    const queries = ["musc", "san", "sal", "al k", "ana", "ing", "ville", "burg", "new york", "ras al", "eee", "qqq", "abc", "zzz", "muscat, oman", "seeb"];
    for (const q of queries) world.search(q); // warm-up round, not timed
    // Best of 5 per query: a slow algorithm is slow every time, while a busy machine only delays some runs.
    const best = queries.map((q) => {
      let fastest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 5; run++) {
        const t0 = performance.now();
        world.search(q);
        fastest = Math.min(fastest, performance.now() - t0);
      }
      return [q, fastest] as const;
    });
    const sorted = best.map(([, ms]) => ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const [slowQuery, slowest] = best.reduce((a, b) => (b[1] > a[1] ? b : a));
    console.log(`place search (best of 5 per query): median ${median.toFixed(2)} ms, slowest '${slowQuery}' ${slowest.toFixed(2)} ms`);
    expect(median).toBeLessThan(5);
    expect(slowest).toBeLessThan(25);
  });
});
