import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import localizedFormat from "dayjs/plugin/localizedFormat";
import "dayjs/locale/ar";

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

/** A slot date (YYYY-MM-DD) the spec's way: 'Mon Jan 2024' (SPEC.md section 2). */
export function formatSlotDate(date: string, locale = "en"): string {
  const d = dayjs(date, "YYYY-MM-DD", true);
  return d.isValid() ? d.locale(locale).format("ddd MMM YYYY") : date;
}

/** A slot time (HH:mm) as 'h:mm A' (SPEC.md section 9). */
export function formatSlotTime(time: string, locale = "en"): string {
  const d = dayjs(time.slice(0, 5), "HH:mm", true);
  return d.isValid() ? d.locale(locale).format("h:mm A") : time;
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
