import type { Queryable } from "../db";
import type { SeedIds } from "./ids";

/** A seeded employee. `avatar` names a file under server/files/users/ (made by scripts/gen-staff-files.ts). */
export interface SeedStaff {
  name: string;
  name_ar: string;
  email: string;
  mob_no: string;
  role: 1 | 2;
  job_title: string;
  skills: number[];
  languages: string[];
  avatar?: string;
  /** Where a technician works from, and how far they go (km): verify-info's location and area_range. */
  lat?: number;
  lng?: number;
  area_range?: number;
  /** The service area's name, as verify-info's location search fills it. */
  addres?: string;
}

/** Muscat neighbourhoods the seeded technicians work from (by their number), with the distance they travel. */
const MUSCAT: ReadonlyArray<[lat: number, lng: number, km: number, place: string]> = [
  [23.614, 58.475, 20, "Qurum, Muscat, Oman"],
  [23.596, 58.416, 25, "Al Khuwair, Muscat, Oman"],
  [23.599, 58.545, 15, "Ruwi, Muscat, Oman"],
  [23.67, 58.189, 30, "Seeb, Muscat, Oman"],
  [23.577, 58.399, 20, "Bawshar, Muscat, Oman"],
  [23.62, 58.565, 15, "Muttrah, Muscat, Oman"],
  [23.52, 58.495, 25, "Al Amerat, Muscat, Oman"],
  [23.6, 58.38, 20, "Ghubrah, Muscat, Oman"],
  [23.6, 58.36, 35, "Azaiba, Muscat, Oman"],
  [23.6, 58.44, 15, "Madinat Sultan Qaboos, Muscat, Oman"],
];

const tech = (
  n: number,
  name: string,
  name_ar: string,
  email: string,
  job_title: string,
  skills: number[],
  languages: string[],
  avatar = false,
): SeedStaff => ({
  name,
  name_ar,
  email: `${email}@gulffix.om`,
  mob_no: `95${String(n).padStart(6, "0")}`,
  role: 1,
  job_title,
  skills,
  languages,
  avatar: avatar ? `avatars/gulffix-${String(n).padStart(2, "0")}.svg` : undefined,
  lat: MUSCAT[n % MUSCAT.length][0],
  lng: MUSCAT[n % MUSCAT.length][1],
  area_range: MUSCAT[n % MUSCAT.length][2],
  addres: MUSCAT[n % MUSCAT.length][3],
});
const manager = (n: number, name: string, name_ar: string, email: string, job_title: string, avatar = false): SeedStaff => ({
  ...tech(n, name, name_ar, email, job_title, [], [], avatar),
  role: 2,
  lat: undefined,
  lng: undefined,
  area_range: undefined,
  addres: undefined,
});

/** Gulf Fix Maintenance LLC: 26 more people besides the demo technician and manager, so the list has three pages. */
export const GULF_FIX_STAFF: readonly SeedStaff[] = [
  tech(1, "Khalid Al Hinai", "خالد الهنائي", "khalid.alhinai", "Senior Plumber", [1, 23], ["ar", "en"], true),
  tech(2, "Said Al Busaidi", "سعيد البوسعيدي", "said.albusaidi", "Electrician", [2, 28], ["ar", "en"], true),
  manager(3, "Aisha Al Lawati", "عائشة اللواتي", "aisha.allawati", "Operations Manager", true),
  tech(4, "Hamed Al Amri", "حامد العامري", "hamed.alamri", "HVAC Technician", [3, 22], ["ar"]),
  tech(5, "Yousuf Al Siyabi", "يوسف السيابي", "yousuf.alsiyabi", "Carpenter", [4, 15], ["ar", "en", "hi"], true),
  tech(6, "Nasser Al Kindi", "ناصر الكندي", "nasser.alkindi", "Painter", [5, 18], ["ar"]),
  tech(7, "Mohammed Al Farsi", "محمد الفارسي", "mohammed.alfarsi", "Landscaper", [6, 27], ["ar", "en"]),
  manager(8, "Zainab Al Maskari", "زينب المسكري", "zainab.almaskari", "Service Coordinator"),
  tech(9, "Sultan Al Mamari", "سلطان المعمري", "sultan.almamari", "Mason", [7, 20, 33], ["ar"], true),
  tech(10, "Badr Al Ghafri", "بدر الغافري", "badr.alghafri", "Roofer", [8, 24], ["ar", "ur"]),
  tech(11, "Talal Al Jabri", "طلال الجابري", "talal.aljabri", "Flooring Specialist", [9, 26], ["ar", "en"]),
  tech(12, "Majid Al Shukaili", "ماجد الشكيلي", "majid.alshukaili", "Appliance Technician", [10, 2], ["ar", "en"], true),
  tech(13, "Rashid Al Habsi", "راشد الحبسي", "rashid.alhabsi", "Pest Control Technician", [11], ["ar"]),
  tech(14, "Hilal Al Saadi", "هلال السعدي", "hilal.alsaadi", "Security Systems Technician", [12, 28], ["ar", "en"]),
  manager(15, "Muna Al Rashdi", "منى الراشدي", "muna.alrashdi", "Customer Care Manager", true),
  tech(16, "Ibrahim Al Wahaibi", "إبراهيم الوهيبي", "ibrahim.alwahaibi", "Cleaning Supervisor", [13, 26], ["ar", "en", "bn"]),
  tech(17, "Salim Al Mahrouqi", "سالم المحروقي", "salim.almahrouqi", "Handyman", [14, 16, 17], ["ar"]),
  tech(18, "Adil Al Riyami", "عادل الريامي", "adil.alriyami", "Pool Technician", [19, 21], ["ar", "en"], true),
  tech(19, "Faisal Al Nabhani", "فيصل النبهاني", "faisal.alnabhani", "Solar Installer", [29, 2], ["ar", "en"]),
  tech(20, "Hamood Al Abri", "حمود العبري", "hamood.alabri", "Waterproofing Technician", [21, 22], ["ar"]),
  tech(21, "Mazin Al Toobi", "مازن الطوبي", "mazin.altoobi", "Garage Door Technician", [30, 12], ["ar", "en"]),
  manager(22, "Huda Al Zadjali", "هدى الزدجالي", "huda.alzadjali", "Scheduling Manager"),
  tech(23, "Waleed Al Qasmi", "وليد القاسمي", "waleed.alqasmi", "Drainage Technician", [23, 1], ["ar"], true),
  tech(24, "Ahmed Al Shidi", "أحمد الشيدي", "ahmed.alshidi", "Glazier", [16, 32], ["ar", "en"]),
  tech(25, "Qais Al Hashmi", "قيس الهاشمي", "qais.alhashmi", "Fireplace and Chimney Technician", [25, 31], ["ar"]),
  tech(26, "Marwan Al Battashi", "مروان البطاشي", "marwan.albattashi", "Foundation Specialist", [33, 20, 7], ["ar", "en"], true),
];

/** A second company, so tests and the demo can show that one company never sees another's staff. */
export const SECOND_COMPANY = {
  name: "Muscat Pro Services",
  email: "info@muscatpro.om",
  mob_no: "24600200",
  reg_no: "CR-7654321",
  logo_path: "company/muscatpro-logo.svg",
};
export const SECOND_MANAGER_EMAIL = "manager2@demo.om";
export const SECOND_COMPANY_STAFF: readonly SeedStaff[] = [
  { ...manager(1, "Laila Al Balushi", "ليلى البلوشي", "x", "General Manager"), email: SECOND_MANAGER_EMAIL, mob_no: "93000001" },
  { ...tech(2, "Omar Al Harthy", "عمر الحارثي", "x", "Plumber", [1], ["ar"]), email: "omar.alharthy@muscatpro.om", mob_no: "93000002" },
  { ...tech(3, "Saif Al Rawahi", "سيف الرواحي", "x", "Electrician", [2], ["ar", "en"]), email: "saif.alrawahi@muscatpro.om", mob_no: "93000003" },
  { ...tech(4, "Nawal Al Sharji", "نوال الشرجي", "x", "Cleaning Technician", [13], ["ar", "en"]), email: "nawal.alsharji@muscatpro.om", mob_no: "93000004" },
];

async function insertStaff(q: Queryable, companyId: number, s: SeedStaff, passwordHash: string | null) {
  await q.query(
    `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, job_title, profile_path, skills, languages, terms_accepted_at,
                        lat, lng, area_range, addres, respond_time)
     values ($1, $2, $3, $4, '+968', $5, $6, 1, $7, $8, $9, $10, now(), $11, $12, $13, $14, $15)`,
    [
      s.role,
      s.name,
      s.email,
      s.mob_no,
      passwordHash,
      companyId,
      s.job_title,
      s.avatar ?? null,
      s.skills,
      s.languages,
      s.lat ?? null,
      s.lng ?? null,
      s.area_range ?? null,
      s.addres ?? null,
      s.role === 1 ? 1 : null,
    ],
  );
}

/** Demo staff: Gulf Fix gets 26 more employees (some with avatars); a second company gets a few, its manager signs in like the demo ones. */
export async function seedStaff(q: Queryable, ids: SeedIds): Promise<void> {
  // The demo manager manages Gulf Fix (role 2, same company); the demo staff get pictures too.
  await q.query("update users set role = 2, company_id = $1, profile_path = 'avatars/demo-manager.svg' where user_id = $2", [ids.companyId, ids.managerId]);
  await q.query("update users set company_id = $1, profile_path = 'avatars/demo-technician.svg' where user_id = $2", [ids.companyId, ids.technicianId]);
  // Seeded employees cannot sign in until they set a password with Forgot password, like invited employees (D9).
  for (const s of GULF_FIX_STAFF) await insertStaff(q, ids.companyId, s, null);

  const second = await q.query<{ company_id: number }>(
    "insert into companies (name, email, mob_no, cntry_code, reg_no, logo_path) values ($1, $2, $3, '+968', $4, $5) returning company_id",
    [SECOND_COMPANY.name, SECOND_COMPANY.email, SECOND_COMPANY.mob_no, SECOND_COMPANY.reg_no, SECOND_COMPANY.logo_path],
  );
  for (const s of SECOND_COMPANY_STAFF) await insertStaff(q, second.rows[0].company_id, s, s.email === SECOND_MANAGER_EMAIL ? ids.passwordHash : null);
}
