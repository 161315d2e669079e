import { t } from "../signals/language";

/** A time on site as people say it, "1 h 25 min" ("ساعة و25 دقيقة"), exact to the minute: never a rounded 0.8 h. */
export function timeOnSite(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return t("work.duration.minutes", { m });
  return m ? t("work.duration.hoursMinutes", { h, m }) : t("work.duration.hours", { h });
}
