import { describe, expect, it } from "vitest";
import { formatCreated, formatSlotDate, formatSlotTime } from "../../src/lib/dates";

describe("slot formatting", () => {
  it("writes dates as 'Mon Jan 2024'", () => {
    expect(formatSlotDate("2024-01-15")).toBe("Mon Jan 2024");
    expect(formatSlotDate("2030-03-05")).toBe("Tue Mar 2030");
  });
  it("writes times as 'h:mm A'", () => {
    expect(formatSlotTime("09:00")).toBe("9:00 AM");
    expect(formatSlotTime("14:30")).toBe("2:30 PM");
    expect(formatSlotTime("00:05:00")).toBe("12:05 AM");
  });
  it("leaves what it cannot read as it is", () => {
    expect(formatSlotDate("15/01/2024")).toBe("15/01/2024");
    expect(formatSlotTime("late")).toBe("late");
  });
  it("formats the created date in the user's language", () => {
    expect(formatCreated("2024-01-15T10:30:00.000Z")).toMatch(/Jan 15, 2024 \d{1,2}:\d{2} (AM|PM)/);
    expect(formatCreated("2024-01-15T10:30:00.000Z", "ar")).not.toBe(formatCreated("2024-01-15T10:30:00.000Z"));
  });
});
