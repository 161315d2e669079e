import dayjs, { type Dayjs } from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import "dayjs/locale/ar";
import { westernDigits } from "../contract/digits";

dayjs.extend(localizedFormat);

const pad = (n: number) => String(n).padStart(2, "0");
/** A day as YYYY-MM-DD on the phone's clock. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Now as the contract's "YYYY-MM-DD HH:mm" local wall-clock time (the phone's). */
export const localNow = (d = new Date()) => `${ymd(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

const SHAPES = { day: /^(\d{4})-(\d{2})-(\d{2})$/, month: /^(\d{4})-(\d{2})$/, time: /^(\d{2}):(\d{2})$/ };

/**
 * A day (YYYY-MM-DD), a month (YYYY-MM) or a time of day (HH:mm), as the API writes them, read strictly: an invalid
 * date unless the value has that shape and names a real day, month or time (not 2026-02-30 nor 24:00). Days and months
 * are in the phone's calendar, a time is today's. (dayjs's customParseFormat plugin did this for 5 KB.)
 */
export function parseStrict(value: string, shape: keyof typeof SHAPES): Dayjs {
  const m = SHAPES[shape].exec(value);
  if (!m) return dayjs(Number.NaN);
  const [a, b, c = 1] = m.slice(1).map(Number);
  if (shape === "time") return a < 24 && b < 60 ? dayjs().startOf("day").hour(a).minute(b) : dayjs(Number.NaN);
  const date = new Date(a, b - 1, c);
  return date.getFullYear() === a && date.getMonth() === b - 1 && date.getDate() === c ? dayjs(date) : dayjs(Number.NaN);
}

/**
 * A slot date (YYYY-MM-DD) with its day of the month (D18): 'Wed 25 Nov 2026', in Arabic
 * 'الأربعاء 25 نوفمبر 2026' (Arabic has no short weekday or month names in common use).
 */
export function formatSlotDate(date: string, locale = "en"): string {
  const d = parseStrict(date, "day");
  if (!d.isValid()) return date;
  return westernDigits(d.locale(locale).format(locale === "ar" ? "dddd D MMMM YYYY" : "ddd D MMM YYYY"));
}

/**
 * A slot time (HH:mm) as 'h:mm A' (SPEC.md section 9), with a no-break space before AM/PM (ص/م) so that a line
 * never breaks inside a time (D18). The Arabic meridiem is worked out here: dayjs's Arabic locale calls 12:30 'ص'.
 */
export function formatSlotTime(time: string, locale = "en"): string {
  const m = SHAPES.time.exec(time.slice(0, 5));
  const [hour, minute] = m ? [Number(m[1]), Number(m[2])] : [24, 60];
  return hour < 24 && minute < 60 ? clock(hour, minute, locale) : time;
}

/**
 * An hour and minute as 'h:mm A' (formatSlotTime), worked out without dayjs: a list's cards and an issue's timeline
 * show dozens, and four dayjs objects and a format for each were a fifth of an issue screen's render (issue 16).
 */
function clock(hour: number, minute: number, locale: string): string {
  const meridiem = locale === "ar" ? (hour < 12 ? "ص" : "م") : hour < 12 ? "AM" : "PM";
  return `${hour % 12 || 12}:${pad(minute)}\u00a0${meridiem}`;
}

/** The created date and time of an issue in the user's local time zone and language. */
export function formatCreated(iso: string, locale = "en"): string {
  const d = dayjs(iso);
  if (!d.isValid()) return iso;
  // The day first, as every date of the app (D18; dayjs's English "lll" put the month first, "Nov 26, 2026", beside the
  // timeline's "26 Nov 2026"), then the time with AM/PM or ص/م (dayjs's Arabic "lll" is 24-hour).
  return `${formatDay(d, locale)} ${clock(d.hour(), d.minute(), locale)}`;
}

/**
 * A day without its weekday (D18): '25 Nov 2026', in Arabic '25 نوفمبر 2026', digits Western in both. Takes a date
 * (YYYY-MM-DD, shown as written) or a timestamp (shown in the local time zone).
 */
export function formatDay(value: string | Dayjs, locale = "en"): string {
  const d = typeof value !== "string" ? value : SHAPES.day.test(value) ? parseStrict(value, "day") : dayjs(value);
  if (!d.isValid()) return String(value);
  return westernDigits(d.locale(locale).format(locale === "ar" ? "D MMMM YYYY" : "D MMM YYYY"));
}

/** A month (YYYY-MM) by name: 'November 2026', in Arabic 'نوفمبر 2026', digits Western in both (D18). */
export function formatMonth(month: string, locale = "en"): string {
  const d = parseStrict(month, "month");
  if (!d.isValid()) return month;
  return westernDigits(d.locale(locale).format("MMMM YYYY"));
}
