/** The 33 skills (SPEC.md section 3), with Arabic names; the same list on the app and the server. */
export interface Skill {
  id: number;
  name: string;
  name_ar: string;
}

export const SKILLS: readonly Skill[] = [
  { id: 1, name: "Plumbing", name_ar: "السباكة" },
  { id: 2, name: "Electrical", name_ar: "الكهرباء" },
  { id: 3, name: "HVAC", name_ar: "التكييف والتهوية" },
  { id: 4, name: "Carpentry", name_ar: "النجارة" },
  { id: 5, name: "Painting", name_ar: "الدهان" },
  { id: 6, name: "Landscaping", name_ar: "تنسيق الحدائق" },
  { id: 7, name: "Masonry", name_ar: "البناء" },
  { id: 8, name: "Roofing", name_ar: "الأسقف" },
  { id: 9, name: "Flooring", name_ar: "الأرضيات" },
  { id: 10, name: "Appliance", name_ar: "الأجهزة المنزلية" },
  { id: 11, name: "Pest Control", name_ar: "مكافحة الآفات" },
  { id: 12, name: "Security", name_ar: "الأنظمة الأمنية" },
  { id: 13, name: "Cleaning", name_ar: "التنظيف" },
  { id: 14, name: "Handyman", name_ar: "أعمال الصيانة العامة" },
  { id: 15, name: "Drywall", name_ar: "الجبس" },
  { id: 16, name: "Glass Repair", name_ar: "إصلاح الزجاج" },
  { id: 17, name: "Fence Repair", name_ar: "إصلاح الأسوار" },
  { id: 18, name: "Exterior", name_ar: "الواجهات الخارجية" },
  { id: 19, name: "Pool Maintenance", name_ar: "صيانة المسابح" },
  { id: 20, name: "Concrete", name_ar: "الخرسانة" },
  { id: 21, name: "Waterproofing", name_ar: "العزل المائي" },
  { id: 22, name: "Insulation", name_ar: "العزل الحراري" },
  { id: 23, name: "Drainage", name_ar: "الصرف" },
  { id: 24, name: "Gutters", name_ar: "المزاريب" },
  { id: 25, name: "Fireplace", name_ar: "المدافئ" },
  { id: 26, name: "Tile Cleaning", name_ar: "تنظيف البلاط" },
  { id: 27, name: "Sprinklers", name_ar: "الرشاشات" },
  { id: 28, name: "Automation", name_ar: "المنزل الذكي" },
  { id: 29, name: "Solar Panels", name_ar: "الألواح الشمسية" },
  { id: 30, name: "Garage Doors", name_ar: "أبواب المرآب" },
  { id: 31, name: "Basement", name_ar: "الأقبية" },
  { id: 32, name: "Siding", name_ar: "الكسوة الخارجية" },
  { id: 33, name: "Foundation", name_ar: "الأساسات" },
];

export const SKILL_IDS: ReadonlySet<number> = new Set(SKILLS.map((s) => s.id));
export const skillName = (skill: Skill, lang: string) => (lang === "ar" ? skill.name_ar : skill.name);
