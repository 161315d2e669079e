// The report form's rules, apart from the screens so the tests can call them: the form's shape, the quick time
// chips, the checks (the contract's schemas, each message turned into a translation key on its field, plus "in the
// future by the phone's clock"), which picked files may go (D21), and an issue read back into the form for editing.
import * as z from "zod/mini";
import type { Issue } from "../../contract/issues";
import {
  type EditIssueBody,
  editIssueBody,
  MAX_ISSUE_PHOTOS,
  MAX_ISSUE_VIDEOS,
  MAX_REPORT_SLOTS,
  PRESENCE,
  type Presence,
  REPAIR_MESSAGES,
  type ReportBody,
  type ReportSlot,
  reportBody,
  slotsInFuture,
  slotsNotTooFar,
} from "../../contract/repairs";
import { SKILL_IDS } from "../../data/skills";
import { VIDEO_MAX_BYTES } from "../../lib/image-compress";
import { fieldOf } from "../property/failure";
import { localNow, ymd } from "../../lib/dates";

/**
 * The form's unit for the property's common areas (a lift, the roof, the gate), which the server takes as unit_id null;
 * the form's null is a unit not chosen yet.
 */
export const COMMON_AREAS = 0;

export interface ReportForm {
  property_id: number | null;
  /** A unit, COMMON_AREAS, or null while none is chosen. */
  unit_id: number | null;
  category: number | null;
  title: string;
  desc: string;
  emergency: boolean;
  presence: Presence | "";
  available: ReportSlot[];
}

/** A new report: "I will be there" until the tenant says otherwise (the technician never walks in unasked). */
export const emptyReport = (): ReportForm => ({
  property_id: null,
  unit_id: null,
  category: null,
  title: "",
  desc: "",
  emergency: false,
  presence: "present",
  available: [],
});

/** Whether what the user typed or chose differs; where (preset or picked from a list) does not count. */
export function changed(a: ReportForm, b: ReportForm): boolean {
  const what = (f: ReportForm) => JSON.stringify([f.category, f.title, f.desc, f.emergency, f.presence, f.available.map(slotKey)]);
  return what(a) !== what(b);
}

/** The edit form filled in from the issue as the server sent it. */
export function issueToForm(issue: Issue): ReportForm {
  const category = issue.category != null && SKILL_IDS.has(issue.category) ? issue.category : null;
  const presence = (PRESENCE as readonly string[]).includes(issue.presence ?? "") ? (issue.presence as Presence) : "present";
  return {
    property_id: issue.property_id,
    unit_id: issue.unit_id ?? COMMON_AREAS,
    category,
    title: issue.title,
    desc: issue.desc ?? "",
    emergency: issue.emergency ?? issue.priority === 3,
    presence,
    available: sortSlots(issue.available.map((s) => ({ date: s.date, time_from: s.time_from.slice(0, 5), time_to: s.time_to.slice(0, 5) }))),
  };
}

// ---- time slots -------------------------------------------------------------------------------------------------

export const slotKey = (s: ReportSlot) => `${s.date} ${s.time_from}-${s.time_to}`;
export const sameSlot = (a: ReportSlot, b: ReportSlot) => slotKey(a) === slotKey(b);
export const sortSlots = (slots: ReportSlot[]) => [...slots].sort((a, b) => slotKey(a).localeCompare(slotKey(b)));

/** Whether a slot starts after `now` ("YYYY-MM-DD HH:mm"). */
export const isFuture = (s: ReportSlot, now: string) => slotsInFuture([s], now);

export type Period = "morning" | "afternoon" | "evening";
/** The hours a quick chip offers: the parts of the day a tenant thinks in. */
export const PERIODS: Record<Period, readonly [string, string]> = {
  morning: ["09:00", "12:00"],
  afternoon: ["13:00", "17:00"],
  evening: ["17:00", "21:00"],
};
export type Day = "today" | "tomorrow" | "dayAfter";
const DAYS: Record<Day, number> = { today: 0, tomorrow: 1, dayAfter: 2 };
const PLAN: readonly [Day, Period][] = [
  ["today", "morning"],
  ["today", "afternoon"],
  ["today", "evening"],
  ["tomorrow", "morning"],
  ["tomorrow", "afternoon"],
  ["tomorrow", "evening"],
  ["dayAfter", "morning"],
  ["dayAfter", "afternoon"],
];

export interface QuickSlot {
  /** Translation key of its name ("report.slots.quick.tomorrow.morning"). */
  label: string;
  slot: ReportSlot;
}

/** The quick chips for `now`: today's only while they still lie ahead, then tomorrow's and the day after's. */
export function quickSlots(now = new Date()): QuickSlot[] {
  const at = localNow(now);
  return PLAN.map(([day, period]) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + DAYS[day]);
    const [time_from, time_to] = PERIODS[period];
    return { label: `report.slots.quick.${day}.${period}`, slot: { date: ymd(d), time_from, time_to } };
  }).filter((q) => isFuture(q.slot, at));
}

export type SlotProblem = "incomplete" | "order" | "past" | "far" | "duplicate" | "full";

/** Why a slot typed in the date and time fields cannot be added, or null when it can. */
export function customSlotProblem(s: ReportSlot, chosen: readonly ReportSlot[], now: string): SlotProblem | null {
  if (!s.date || !s.time_from || !s.time_to) return "incomplete";
  if (s.time_from >= s.time_to) return "order";
  if (!isFuture(s, now)) return "past";
  if (!slotsNotTooFar([s], now)) return "far";
  if (chosen.some((c) => sameSlot(c, s))) return "duplicate";
  if (chosen.length >= MAX_REPORT_SLOTS) return "full";
  return null;
}

// ---- the checks -------------------------------------------------------------------------------------------------

/** Contract sentence → translation key (locales/report). */
const KEYS: Record<string, string> = Object.fromEntries(Object.entries(REPAIR_MESSAGES).map(([k, m]) => [m, `report.errors.${k}`]));

/** The fields in the order they stand on the screen: the first with an error gets the focus. */
export const FIELD_ORDER = ["property_id", "unit_id", "category", "title", "desc", "files", "presence", "available"] as const;

/** A translation key per field with a problem, and the body to send when there is none. */
export function checkReport(form: ReportForm, now: string, mode: "add"): { errors: Record<string, string>; body?: ReportBody };
export function checkReport(form: ReportForm, now: string, mode: "edit"): { errors: Record<string, string>; body?: EditIssueBody };
export function checkReport(form: ReportForm, now: string, mode: "add" | "edit"): { errors: Record<string, string>; body?: ReportBody | EditIssueBody } {
  const input = {
    property_id: form.property_id ?? undefined,
    unit_id: form.unit_id === COMMON_AREAS ? null : (form.unit_id ?? undefined),
    category: form.category ?? undefined,
    title: form.title,
    desc: form.desc,
    emergency: form.emergency,
    presence: form.presence || undefined,
    available: form.available,
  };
  const errors: Record<string, string> = {};
  if (mode === "add" && form.property_id == null) errors.property_id = "report.errors.propertyRequired";
  const result = mode === "add" ? z.safeParse(reportBody, input) : z.safeParse(editIssueBody, input);
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path as PropertyKey[]);
      errors[field] ??= KEYS[issue.message] ?? (field === "property_id" ? "report.errors.propertyRequired" : "report.errors.invalid");
    }
  if (!errors.available && !slotsInFuture(form.available, now)) errors.available = "report.errors.slotInPast";
  if (!errors.available && !slotsNotTooFar(form.available, now)) errors.available = "report.errors.slotTooFar";
  return Object.keys(errors).length || !result.success ? { errors } : { errors, body: result.data };
}

// ---- files ------------------------------------------------------------------------------------------------------

export type MediaKind = "photo" | "video";
export interface PickedMedia {
  id: string;
  kind: MediaKind;
  file: File;
}
/** A file left out, and why: a translation key and its values. */
export interface Refusal {
  id: string;
  name: string;
  key: string;
  params?: Record<string, number>;
}

/** Videos the server takes (D21: MP4 and MOV, recognised by their bytes); the browser's type or the name says which. */
const VIDEO_TYPES = ["video/mp4", "video/quicktime"];
const PHOTO_NAME = /\.(jpe?g|png|webp|hei[cf]|gif)$/i;
const VIDEO_NAME = /\.(mp4|mov|m4v)$/i;

/** Photo, video, or neither, by the type the browser gives (some galleries give none: then by the name). */
export function kindOf(file: File): MediaKind | "other-video" | null {
  if (file.type.startsWith("image/")) return "photo";
  if (file.type.startsWith("video/")) return VIDEO_TYPES.includes(file.type) || VIDEO_NAME.test(file.name) ? "video" : "other-video";
  if (!file.type && PHOTO_NAME.test(file.name)) return "photo";
  if (!file.type && VIDEO_NAME.test(file.name)) return "video";
  return null;
}

let counter = 0;

/**
 * The picked files that may go, after those already there (`have`): at most 5 photos and 1 video per issue, only
 * photos and MP4 or MOV videos of at most 50 MB. The rest comes back with the reason. A video's length is checked
 * afterwards (it needs the browser to read it).
 */
/** A draft's files, admitted again unless files were picked meanwhile (the report and edit forms). */
export const restoredMedia = (now: PickedMedia[], kept: readonly { file: File }[], have: { photos: number; videos: number }) =>
  now.length
    ? now
    : admit(
        kept.map((f) => f.file),
        have,
      ).accepted;

export function admit(picked: readonly File[], have: { photos: number; videos: number }): { accepted: PickedMedia[]; refused: Refusal[] } {
  const accepted: PickedMedia[] = [];
  const refused: Refusal[] = [];
  let photos = have.photos;
  let videos = have.videos;
  for (const file of picked) {
    const id = `media-${++counter}`;
    const refuse = (key: string, params?: Record<string, number>) => refused.push({ id, name: file.name, key, params });
    const kind = kindOf(file);
    if (kind === null) refuse("report.media.notMedia");
    else if (kind === "other-video") refuse("report.media.videoType");
    else if (kind === "video" && file.size > VIDEO_MAX_BYTES) refuse("forms.media.videoTooLarge", { max: Math.round(VIDEO_MAX_BYTES / (1024 * 1024)) });
    else if (kind === "photo" && photos >= MAX_ISSUE_PHOTOS) refuse("report.media.tooManyPhotos", { max: MAX_ISSUE_PHOTOS });
    else if (kind === "video" && videos >= MAX_ISSUE_VIDEOS) refuse("report.media.tooManyVideos", { max: MAX_ISSUE_VIDEOS });
    else {
      if (kind === "photo") photos++;
      else videos++;
      accepted.push({ id, kind, file });
    }
  }
  return { accepted, refused };
}
