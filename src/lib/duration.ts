import { lang, t } from "../signals/language";

/**
 * A count of minutes or hours as the language says it: Arabic words change with the number ("دقيقة واحدة", "دقيقتان",
 * "5 دقائق", "25 دقيقة"), chosen by the browser's plural rules; English has one form.
 */
function counted(unit: "minutes" | "hours", n: number) {
  const form = new Intl.PluralRules(lang.value).select(n);
  const key = form === "one" || form === "two" || form === "few" ? `work.duration.${unit}_${form}` : `work.duration.${unit}`;
  return t(key, unit === "minutes" ? { m: n } : { h: n });
}

/** A time on site as people say it, "1 h 25 min" ("ساعة و25 دقيقة"), exact to the minute: never a rounded 0.8 h. */
export function timeOnSite(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return counted("minutes", m);
  return m ? t("work.duration.hoursMinutes", { hours: counted("hours", h), minutes: counted("minutes", m) }) : counted("hours", h);
}
