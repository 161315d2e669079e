// A property's local time (LOOP.md section 2): the Gulf states are UTC+3 or UTC+4 all year (no daylight saving). A leaf,
// so modules that server/issues/stages.ts itself imports (server/push/reminders.ts) can use it without a cycle.

const PLUS3 = ["sa", "sau", "ksa", "saudi arabia", "kw", "kwt", "kuwait", "bh", "bhr", "bahrain", "qa", "qat", "qatar"];

/** Hours a property's local time is ahead of UTC, by its country (code or name): the Gulf states are +3 or +4. */
export function utcOffsetHours(country: string | null | undefined): number {
  return PLUS3.includes((country ?? "").trim().toLowerCase()) ? 3 : 4; // Oman and the UAE, and the default.
}

/**
 * utcOffsetHours in SQL: the local wall-clock time (a timestamp without zone, to the minute, as localNow) at the
 * instant `now` (a timestamptz parameter) where the country column `country` is.
 */
export const localNowSql = (country: string, now: string) =>
  `date_trunc('minute', (${now}::timestamptz at time zone 'UTC') + make_interval(hours => case when lower(btrim(${country})) in (${PLUS3.map((c) => `'${c}'`).join(", ")}) then 3 else 4 end))`;

/** The instant (ms) of a local wall-clock date and time ("YYYY-MM-DD", "HH:mm") at the property's offset. */
export function localInstant(date: string, time: string, country: string | null | undefined): number {
  return Date.parse(`${date}T${time.slice(0, 5)}:00Z`) - utcOffsetHours(country) * 3600_000;
}
