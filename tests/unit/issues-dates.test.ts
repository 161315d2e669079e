import { describe, expect, it } from "vitest";
import { formatCreated, formatDay, formatMonth, formatSlotDate, formatSlotTime, parseStrict } from "../../src/lib/dates";

describe("slot formatting", () => {
  it("writes slot dates with the day of the month, 'Wed 25 Nov 2026' (D18), not 'Wed Nov 2026'", () => {
    expect(formatSlotDate("2026-11-25")).toBe("Wed 25 Nov 2026");
    expect(formatSlotDate("2024-01-15")).toBe("Mon 15 Jan 2024");
    expect(formatSlotDate("2030-03-05")).toBe("Tue 5 Mar 2030");
  });
  it("writes Arabic slot dates with the day of the month and Western digits, 'الأربعاء 25 نوفمبر 2026'", () => {
    expect(formatSlotDate("2026-11-25", "ar")).toBe("الأربعاء 25 نوفمبر 2026");
    expect(formatSlotDate("2030-03-05", "ar")).toBe("الثلاثاء 5 مارس 2030");
    expect(formatSlotDate("2026-11-25", "ar")).not.toMatch(/[\u0660-\u0669]/);
  });
  it("writes times as 'h:mm A' with a no-break space, so a time never breaks from its AM/PM", () => {
    expect(formatSlotTime("09:00")).toBe("9:00\u00a0AM");
    expect(formatSlotTime("14:30")).toBe("2:30\u00a0PM");
    expect(formatSlotTime("00:05:00")).toBe("12:05\u00a0AM");
    expect(formatSlotTime("12:30")).toBe("12:30\u00a0PM");
  });
  it("writes Arabic times with Western digits and ص/م joined to the time by a no-break space (the line broke between them)", () => {
    expect(formatSlotTime("09:00", "ar")).toBe("9:00\u00a0ص");
    expect(formatSlotTime("14:30", "ar")).toBe("2:30\u00a0م");
    // dayjs's Arabic locale calls half past noon morning
    expect(formatSlotTime("12:30", "ar")).toBe("12:30\u00a0م");
    expect(formatSlotTime("00:05", "ar")).toBe("12:05\u00a0ص");
  });
  it("leaves what it cannot read as it is", () => {
    expect(formatSlotDate("15/01/2024")).toBe("15/01/2024");
    expect(formatSlotTime("late")).toBe("late");
    // No such time of day.
    expect(formatSlotTime("24:00")).toBe("24:00");
    expect(formatSlotTime("09:60")).toBe("09:60");
  });
  it("formats the created date in the user's language", () => {
    // Day first, as the timeline and every other date (D18).
    expect(formatCreated(new Date(2024, 0, 15, 16, 18).toISOString())).toBe("15 Jan 2024 4:18\u00a0PM");
    expect(formatCreated("2024-01-15T10:30:00.000Z", "ar")).not.toBe(formatCreated("2024-01-15T10:30:00.000Z"));
    // Arabic tells the time with ص/م and Western digits, as every other time in the app (not dayjs's 24-hour "lll").
    expect(formatCreated("2024-01-15T10:30:00.000Z", "ar")).toMatch(/^1[56] يناير 2024 \d{1,2}:\d{2}\u00a0(ص|م)$/);
    const at = new Date(2024, 0, 15, 22, 42).toISOString();
    expect(formatCreated(at, "ar")).toBe("15 يناير 2024 10:42\u00a0م");
  });
});

describe("parseStrict (src/lib/dates.ts)", () => {
  it("reads a day, a month and a time of the shapes the API writes", () => {
    expect(parseStrict("2026-11-25", "day").format("YYYY-MM-DD")).toBe("2026-11-25");
    expect(parseStrict("2024-02-29", "day").isValid()).toBe(true);
    expect(parseStrict("2026-11", "month").format("YYYY-MM-DD")).toBe("2026-11-01");
    expect(parseStrict("23:59", "time").format("HH:mm")).toBe("23:59");
    expect(parseStrict("00:00", "time").format("HH:mm")).toBe("00:00");
  });
  it("refuses a day, month or time that does not exist, and any other shape", () => {
    for (const [value, shape] of [
      ["2026-02-30", "day"],
      ["2025-02-29", "day"],
      ["2026-13-01", "day"],
      ["2026-00-10", "day"],
      ["2026-11-25T10:00", "day"],
      ["26-11-25", "day"],
      ["2026-13", "month"],
      ["2026-1", "month"],
      ["24:00", "time"],
      ["09:60", "time"],
      ["9:00", "time"],
      ["", "time"],
    ] as const)
      expect(parseStrict(value, shape).isValid(), `${value} as a ${shape}`).toBe(false);
  });
  it("writes a month and a day without its weekday, and leaves what is not one as it is", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2026-11", "ar")).toBe("نوفمبر 2026");
    expect(formatDay("2026-11-25")).toBe("25 Nov 2026");
    expect(formatDay("2026-02-30")).toBe("2026-02-30");
    expect(formatMonth("2026-13")).toBe("2026-13");
  });
});
