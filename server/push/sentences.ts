// What a push message and a notification mail say (D17, D22): one sentence per kind of notification in the
// recipient's language, written by the server from the kind and its params (the app writes its own list from
// locales/notifications). Dates and times as the app shows them (D18: 'Wed 25 Nov 2026', '9:00 AM', digits 0-9).
import type { NotificationKind } from "../../src/contract/notifications";
import { isolated } from "../../src/lib/bidi";
import { formatSlotDate, formatSlotTime } from "../../src/lib/dates";
import type { Lang } from "../lib/i18n";

/** The params a notification row carries (server/notifications/notify.ts fills the issue's own). */
export interface SentenceParams {
  title?: unknown;
  actor_name?: unknown;
  tech_name?: unknown;
  property_name?: unknown;
  reason?: unknown;
  rating?: unknown;
  visit?: unknown;
  [key: string]: unknown;
}

interface Words {
  title: string;
  actor: string;
  tech: string;
  property: string;
  visit: string;
  reason: string;
}

type Sentence = (w: Words, forTech: boolean) => string;

const SENTENCES: Record<Lang, Record<NotificationKind, Sentence>> = {
  en: {
    reported: (w) => `New repair reported at ${w.property}: ${w.title}`,
    assigned: (w, forTech) => (forTech ? `New job for you at ${w.property}: ${w.title}` : `${w.tech} will do your repair: ${w.title}`),
    offer: (w) => `A job near you is offered at ${w.property}: ${w.title}`,
    accepted: (w) => `${w.tech} accepted the job: ${w.title}`,
    declined: (w) => `${w.actor} declined the job: ${w.title}`,
    slots_proposed: (w) => `${w.actor} proposed visit times for ${w.title}. Pick one that suits you.`,
    scheduled: (w) => `Visit agreed for ${w.title}: ${w.visit}`,
    rescheduled: (w) => `The visit for ${w.title} moved to ${w.visit}`,
    reminder_24h: (w) => `Tomorrow: the visit for ${w.title}, ${w.visit}`,
    reminder_1h: (w) => `In one hour: the visit for ${w.title}, ${w.visit}`,
    on_the_way: (w) => `${w.actor} is on the way: ${w.title}`,
    completed: (w, forTech) => (forTech ? `The work is done: ${w.title}` : `The work is done: ${w.title}. Please check it and confirm.`),
    confirmed: (w) => `${w.actor} confirmed the repair is done: ${w.title}`,
    reopened: (w) => `${w.actor} reopened the repair: ${w.title}${w.reason ? ` (${w.reason})` : ""}`,
    cancelled: (w) => `The repair was cancelled: ${w.title}${w.reason ? ` (${w.reason})` : ""}`,
    comment: (w) => `${w.actor} wrote about ${w.title}`,
    invitation: (w) => `You were invited to ${w.property}`,
    not_accepted: (w) => `${w.tech} has not accepted the job for 4 hours: ${w.title}`,
  },
  ar: {
    reported: (w) => `بلاغ إصلاح جديد في ${w.property}: ${w.title}`,
    assigned: (w, forTech) => (forTech ? `عمل جديد لك في ${w.property}: ${w.title}` : `سيتولى ${w.tech} إصلاحك: ${w.title}`),
    offer: (w) => `عمل معروض بالقرب منك في ${w.property}: ${w.title}`,
    accepted: (w) => `قبل ${w.tech} العمل: ${w.title}`,
    declined: (w) => `اعتذر ${w.actor} عن العمل: ${w.title}`,
    slots_proposed: (w) => `اقترح ${w.actor} مواعيد للزيارة من أجل ${w.title}. اختر ما يناسبك.`,
    scheduled: (w) => `تم الاتفاق على موعد الزيارة من أجل ${w.title}: ${w.visit}`,
    rescheduled: (w) => `تغيّر موعد الزيارة من أجل ${w.title} إلى ${w.visit}`,
    reminder_24h: (w) => `غدًا: زيارة ${w.title}، ${w.visit}`,
    reminder_1h: (w) => `بعد ساعة: زيارة ${w.title}، ${w.visit}`,
    on_the_way: (w) => `${w.actor} في الطريق إليك: ${w.title}`,
    completed: (w, forTech) => (forTech ? `اكتمل العمل: ${w.title}` : `اكتمل العمل: ${w.title}. يُرجى مراجعته وتأكيده.`),
    confirmed: (w) => `أكّد ${w.actor} إنجاز الإصلاح: ${w.title}`,
    reopened: (w) => `أعاد ${w.actor} فتح الإصلاح: ${w.title}${w.reason ? ` (${w.reason})` : ""}`,
    cancelled: (w) => `أُلغي الإصلاح: ${w.title}${w.reason ? ` (${w.reason})` : ""}`,
    comment: (w) => `كتب ${w.actor} عن ${w.title}`,
    invitation: (w) => `تمت دعوتك إلى ${w.property}`,
    not_accepted: (w) => `لم يقبل ${w.tech} العمل منذ 4 ساعات: ${w.title}`,
  },
};

/** Words used when a param is missing (an old row, a deleted account). */
const FALLBACK: Record<Lang, Omit<Words, "visit" | "reason">> = {
  en: { title: "your repair", actor: "Someone", tech: "The technician", property: "your property" },
  ar: { title: "إصلاحك", actor: "أحدهم", tech: "الفني", property: "عقارك" },
};

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : "");

/** The visit as the app shows it: 'Wed 25 Nov 2026, 9:00 AM – 11:00 AM'. */
export function visitText(visit: unknown, lang: Lang): string {
  if (!visit || typeof visit !== "object") return "";
  const v = visit as Record<string, unknown>;
  const date = text(v.date);
  const from = text(v.time_from);
  const to = text(v.time_to);
  if (!date) return "";
  const times = from && to ? `${formatSlotTime(from, lang)} – ${formatSlotTime(to, lang)}` : "";
  return [formatSlotDate(date, lang), times].filter(Boolean).join(lang === "ar" ? "، " : ", ");
}

/** Known kinds only; anything else (a kind added later, a stray row) has no sentence. */
export const isKind = (kind: string): kind is NotificationKind => kind in SENTENCES.en;

/**
 * The sentence of a notification for its recipient in `lang`; `forTech`: the recipient is the technician of the job
 * (an assignment reads "New job for you" instead of "X will do your repair").
 */
export function sentence(kind: NotificationKind, params: SentenceParams, lang: Lang, forTech = false): string {
  const f = FALLBACK[lang];
  const words: Words = {
    title: text(params.title) || f.title,
    actor: text(params.actor_name) || f.actor,
    tech: text(params.tech_name) || f.tech,
    property: text(params.property_name) || f.property,
    visit: visitText(params.visit, lang),
    reason: text(params.reason),
  };
  // In Arabic, a title or name written in English is isolated, as the app's own sentences do (src/lib/bidi.ts): the
  // phone's notification shade and the mail client showed «2 taps leaking» as «taps leaking 2».
  const said = SENTENCES[lang][kind](lang === "ar" ? isolated(words) : words, forTech);
  // A report marked as an emergency says so first, as the app's list does.
  return params.emergency === true ? `${EMERGENCY[lang]}${said}` : said;
}

const EMERGENCY: Record<Lang, string> = { en: "Emergency: ", ar: "طارئ: " };
