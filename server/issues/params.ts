// Small checks shared by the issue routes.
import type { Context } from "hono";
import { REPAIR_MESSAGES, slotsInFuture, slotsNotTooFar } from "../../src/contract/repairs";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { localNow } from "./stages";

/**
 * SPEC.md's issue_type of an issue reported on a property of this type: 1 (an apartment, a unit of a building) for a
 * unit of a building, else 0: a villa, townhouse or office, or a building's common areas (no unit). The app's badge
 * names the property's own type beside it.
 */
export const issueTypeOf = (propertyType: string, unitId: number | null) => (propertyType === "building" && unitId !== null ? 1 : 0);

/** A positive whole number from the query string, or a 422 naming the parameter. */
export function idParam(c: Context, name: string): number {
  const value = c.req.query(name) ?? "";
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(422, msg("positiveInt", { name }), { [name]: msg("wholeNumber") });
  return Number(value);
}

/** The same, or undefined when the parameter is absent. */
export const optionalIdParam = (c: Context, name: string) => (c.req.query(name) === undefined ? undefined : idParam(c, name));

/**
 * 422 naming `field` unless every slot starts after now in the property's local time (its country's), on a day at most
 * SLOT_DAYS_AHEAD days ahead.
 */
export function assertFuture(slots: readonly { date: string; time_from: string }[], country: string, now: number, field: string) {
  const local = localNow(country, now);
  if (!slotsInFuture(slots, local)) throw new HttpError(422, REPAIR_MESSAGES.slotInPast, { [field]: REPAIR_MESSAGES.slotInPast });
  if (!slotsNotTooFar(slots, local)) throw new HttpError(422, REPAIR_MESSAGES.slotTooFar, { [field]: REPAIR_MESSAGES.slotTooFar });
}
