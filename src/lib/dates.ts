import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import localizedFormat from "dayjs/plugin/localizedFormat";
import "dayjs/locale/ar";

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

/** Arabic-Indic and Persian digits to Western ones: D18 keeps digits 0-9 in both languages. */
const westernDigits = (s: string) => s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (c) => String((c.charCodeAt(0) - 0x0660) % 0x90));

/**
 * A slot date (YYYY-MM-DD) with its day of the month (D18): 'Wed 25 Nov 2026', in Arabic
 * 'الأربعاء 25 نوفمبر 2026' (Arabic has no short weekday or month names in common use).
 */
export function formatSlotDate(date: string, locale = "en"): string {
  const d = dayjs(date, "YYYY-MM-DD", true);
  if (!d.isValid()) return date;
  return westernDigits(d.locale(locale).format(locale === "ar" ? "dddd D MMMM YYYY" : "ddd D MMM YYYY"));
}

/**
 * A slot time (HH:mm) as 'h:mm A' (SPEC.md section 9), with a no-break space before AM/PM (ص/م) so that a line
 * never breaks inside a time (D18). The Arabic meridiem is worked out here: dayjs's Arabic locale calls 12:30 'ص'.
 */
export function formatSlotTime(time: string, locale = "en"): string {
  const d = dayjs(time.slice(0, 5), "HH:mm", true);
  if (!d.isValid()) return time;
  const meridiem = locale === "ar" ? (d.hour() < 12 ? "ص" : "م") : d.hour() < 12 ? "AM" : "PM";
  return `${westernDigits(d.format("h:mm"))}\u00a0${meridiem}`;
}

/** The created date and time of an issue in the user's local time zone and language. */
export function formatCreated(iso: string, locale = "en"): string {
  const d = dayjs(iso);
  return d.isValid() ? d.locale(locale).format("lll") : iso;
}

/** Short local date for list rows. */
export function formatShortDate(iso: string, locale = "en"): string {
  const d = dayjs(iso);
  return d.isValid() ? d.locale(locale).format("ll") : iso;
}

/**
 * A day without its weekday (D18): '25 Nov 2026', in Arabic '25 نوفمبر 2026', digits Western in both. Takes a date
 * (YYYY-MM-DD, shown as written) or a timestamp (shown in the local time zone).
 */
export function formatDay(value: string, locale = "en"): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value, "YYYY-MM-DD", true) : dayjs(value);
  if (!d.isValid()) return value;
  return westernDigits(d.locale(locale).format(locale === "ar" ? "D MMMM YYYY" : "D MMM YYYY"));
}

/** A month (YYYY-MM) by name: 'November 2026', in Arabic 'نوفمبر 2026', digits Western in both (D18). */
export function formatMonth(month: string, locale = "en"): string {
  const d = dayjs(month, "YYYY-MM", true);
  if (!d.isValid()) return month;
  return westernDigits(d.locale(locale).format("MMMM YYYY"));
}
