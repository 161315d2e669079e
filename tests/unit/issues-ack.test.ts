import { describe, expect, it } from "vitest";
import { ackPayload, canAddAnother, canRemove, emptySlot } from "../../src/components/issues/ack-rules";

const tenant = [
  { date: "2030-01-02", time_from: "09:00", time_to: "11:00" },
  { date: "2030-01-03", time_from: "14:30", time_to: "16:00" },
];
const a = { date: "2030-03-04", time_from: "09:00", time_to: "10:30" };
const b = { date: "2030-03-05", time_from: "16:00", time_to: "18:00" };

describe("ackPayload with tenant slots", () => {
  it("holds exactly the chosen slot", () => {
    expect(ackPayload(tenant, 1, [])).toEqual({ ok: true, tech_available: [tenant[1]] });
  });
  it("asks for a selection when none is chosen", () => {
    expect(ackPayload(tenant, null, [a])).toEqual({ ok: false, error: "select" });
    expect(ackPayload(tenant, 7, [])).toEqual({ ok: false, error: "select" });
  });
});

describe("ackPayload without tenant slots", () => {
  it("holds every entered slot", () => {
    expect(ackPayload([], null, [a, b])).toEqual({ ok: true, tech_available: [a, b] });
  });
  it("asks to fill in all fields when any slot lacks a date, From or To", () => {
    expect(ackPayload([], null, [a, { ...b, time_to: "" }])).toEqual({ ok: false, error: "fill" });
    expect(ackPayload([], null, [emptySlot()])).toEqual({ ok: false, error: "fill" });
    expect(ackPayload([], null, [])).toEqual({ ok: false, error: "fill" });
  });
  it("refuses a slot that ends before it starts", () => {
    expect(ackPayload([], null, [{ ...a, time_to: "08:00" }])).toEqual({ ok: false, error: "order" });
  });
  it("refuses the same time twice (the tenant saw two identical choices)", () => {
    expect(ackPayload([], null, [a, { ...a }])).toEqual({ ok: false, error: "same" });
    expect(ackPayload([], null, [a, { ...a, time_to: "23:00" }]).ok).toBe(true);
  });
  it("refuses any slot that starts at or before now, proposing or not; the tenant's own are the server's to judge", () => {
    expect(ackPayload([], null, [a, b], false, "2030-03-04 09:00")).toEqual({ ok: false, error: "past" });
    expect(ackPayload(tenant, null, [a, b], true, "2030-03-05 08:00")).toEqual({ ok: false, error: "past" });
    expect(ackPayload([], null, [a, b], false, "2030-03-04 08:59")).toEqual({ ok: true, tech_available: [a, b] });
    expect(ackPayload(tenant, 0, [], false, "2031-01-01 00:00")).toEqual({ ok: true, tech_available: [tenant[0]] });
  });
  it("refuses a day more than 180 days ahead (a year 9999 was taken)", () => {
    expect(ackPayload([], null, [a, { ...b, date: "9999-12-31" }], false, "2030-03-01 08:00")).toEqual({ ok: false, error: "far" });
    // 2030-03-01 + 180 days is 2030-08-28: that day is the last.
    expect(ackPayload([], null, [{ ...a, date: "2030-08-28" }], false, "2030-03-01 08:00").ok).toBe(true);
    expect(ackPayload([], null, [{ ...a, date: "2030-08-29" }], false, "2030-03-01 08:00")).toEqual({ ok: false, error: "far" });
  });
});

describe("sheet button rules", () => {
  it("enables Add Another only once the first slot is complete", () => {
    expect(canAddAnother([emptySlot()])).toBe(false);
    expect(canAddAnother([{ ...a, date: "" }])).toBe(false);
    expect(canAddAnother([a])).toBe(true);
  });
  it("offers Remove only with more than one slot", () => {
    expect(canRemove([a])).toBe(false);
    expect(canRemove([a, emptySlot()])).toBe(true);
  });
});
