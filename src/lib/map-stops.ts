// What the maps show (issue 17), as pure functions: the order a technician visits their jobs in, the colour of a stage's
// marker, and the link that opens the phone's own maps app for directions.
import type { Issue } from "../contract/issues";

/** One issue placed on a map: its visit-order number (1 first) and where it is. */
export interface Stop {
  issue: Issue;
  n: number;
  lat: number;
  lng: number;
}

/** Where an issue is (its property's location), or null when the property has no usable coordinates. */
export function placeOf(issue: Pick<Issue, "location">): { lat: number; lng: number } | null {
  const lat = issue.location?.lat;
  const lng = issue.location?.lng;
  if (typeof lat !== "number" || typeof lng !== "number" || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The phone's date as YYYY-MM-DD (the visit dates are local dates, D18). */
export const localDate = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * Rank of an issue in the day's order: today's visits first, then the coming ones, then visits whose day has passed
 * (overdue), then the issues with no agreed visit yet.
 */
function group(issue: Pick<Issue, "visit">, today: string): number {
  const date = issue.visit?.date;
  if (!date) return 3;
  if (date === today) return 0;
  return date > today ? 1 : 2;
}

/**
 * The issues that can go on a map, numbered in visit order (by the agreed visit's day and start, today's first); within
 * one time, the older report first. Issues without a location are left out: `missing` counts them, so a screen can say so.
 */
export function visitOrder(issues: readonly Issue[], today = localDate()): { stops: Stop[]; missing: number } {
  const placed = issues.flatMap((issue) => {
    const at = placeOf(issue);
    return at ? [{ issue, ...at }] : [];
  });
  const key = (i: Issue) => `${i.visit?.date ?? "9999-99-99"} ${i.visit?.time_from ?? "99:99"}`;
  placed.sort(
    (a, b) =>
      group(a.issue, today) - group(b.issue, today) ||
      key(a.issue).localeCompare(key(b.issue)) ||
      a.issue.created_at.localeCompare(b.issue.created_at) ||
      a.issue.issue_id - b.issue.issue_id,
  );
  return { stops: placed.map((p, i) => ({ ...p, n: i + 1 })), missing: issues.length - placed.length };
}

/**
 * Where the phone's maps app takes over: Android opens a `geo:` URI in whichever maps app the person uses; an iPhone
 * opens Apple Maps with directions; anything else Google Maps' directions in the browser.
 */
export function directionsLink(lat: number, lng: number, label: string, userAgent = typeof navigator === "undefined" ? "" : navigator.userAgent): string {
  const at = `${lat},${lng}`;
  if (/Android/i.test(userAgent)) return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return `https://maps.apple.com/?daddr=${at}&dirflg=d`;
  return `https://www.google.com/maps/dir/?api=1&destination=${at}`;
}
