import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { TechReports } from "../../src/contract/jobs";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { ReportsView } from "../../src/views/reports/reports";
import { type RepairCall, fakeRepairApi, json } from "./repair-helpers";

// "Today" is Monday 23 November 2026 in the phone's time zone (only the clock is faked: timers stay real).
beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 10, 23, 10, 0), toFake: ["Date"] }));
afterEach(() => {
  vi.useRealTimers();
  setApi(createApi());
  act(() => void (lang.value = "en"));
});

const report = (over: Partial<TechReports["reports"][number]> & { issue_id: number }): TechReports["reports"][number] => ({
  title: "Kitchen sink leaking",
  property_name: "Al Khuwair Residence",
  unit_name: "Flat 7",
  completed_at: "2026-11-20T10:00:00.000Z",
  minutes: 90,
  parts: 2,
  rating: 5,
  ...over,
});
const answer = (data: Partial<TechReports> = {}) => ({
  status: 1,
  data: {
    from: "2026-11-01",
    to: "2026-11-23",
    figures: { jobs_done: 3, minutes: 270, parts: 5, average_rating: 4.3333, reopened: 1 },
    reports: [
      report({ issue_id: 12, title: "Water heater replaced", completed_at: "2026-11-21T09:00:00.000Z", minutes: 120, parts: 3, rating: 4 }),
      report({ issue_id: 9, unit_name: null, property_name: "Villa 48", minutes: 60, parts: 0, rating: null }),
    ],
    ...data,
  },
});

/** Opens /reports (with `query`), answering each GET /tech/reports with `reply`. */
function show(reply: (c: RepairCall) => Response = (c) => json(200, answer({ from: c.params.get("from") ?? "", to: c.params.get("to") ?? "" })), query = "") {
  const calls = fakeRepairApi({ "GET tech/reports": reply });
  navigate(`/reports${query}`);
  render(<ReportsView title="titles.reports" />);
  return calls;
}
const periods = (calls: RepairCall[]) => calls.map((c) => `${c.params.get("from")}..${c.params.get("to")}`);
const tile = (key: string) => screen.getByTestId(`tile-${key}`).textContent;

describe("the technician's reports", () => {
  it("asks for this month so far and shows the figures and the reports, each opening the finished job", async () => {
    const calls = show();
    const figures = await screen.findByTestId("reports-figures");
    expect(periods(calls)).toEqual(["2026-11-01..2026-11-23"]);
    expect((screen.getByRole("radio", { name: "This month" }) as HTMLInputElement).checked).toBe(true);
    expect(within(figures).getByTestId("reports-range").textContent).toBe("1 Nov 2026 – 23 Nov 2026");
    expect([tile("jobs"), tile("hours"), tile("parts"), tile("rating"), tile("reopened")]).toEqual([
      "Jobs done3",
      "Hours on site4.5",
      "Parts used5",
      "Average rating4.3",
      "Reopened1",
    ]);

    const rows = within(screen.getByTestId("reports-list")).getAllByRole("link");
    expect(rows.map((r) => r.getAttribute("href"))).toEqual(["#/property/closed-issue?issue_id=12", "#/property/closed-issue?issue_id=9"]);
    expect(rows[0].textContent).toBe("Water heater replacedAl Khuwair Residence · Unit Flat 7Completed 21 Nov 2026On site: 2 hParts: 3Rating: 4 of 5");
    expect(rows[1].textContent).toBe("Kitchen sink leakingVilla 48Completed 20 Nov 2026On site: 1 hParts: 0Not rated yet");
  });

  it("asks for the whole of last month when it is picked, and keeps the choice in the link", async () => {
    const calls = show();
    await screen.findByTestId("reports-figures");
    fireEvent.click(screen.getByRole("radio", { name: "Last month" }));
    await waitFor(() => expect(periods(calls)).toEqual(["2026-11-01..2026-11-23", "2026-10-01..2026-10-31"]));
    expect(location.hash).toBe("#/reports?period=last");
    expect((await screen.findByTestId("reports-range")).textContent).toBe("1 Oct 2026 – 31 Oct 2026");
  });

  // Typed with `input` events, as browsers fire them (and preact/compat's onChange listens to).
  it("asks for chosen dates once both are there and in order, and says so when they are not", async () => {
    const calls = show();
    await screen.findByTestId("reports-figures");
    fireEvent.click(screen.getByRole("radio", { name: "Choose dates" }));
    const from = screen.getByLabelText("From") as HTMLInputElement;
    const to = screen.getByLabelText("To") as HTMLInputElement;
    expect([from.value, to.value]).toEqual(["2026-11-01", "2026-11-23"]);
    fireEvent.input(from, { target: { value: "2026-09-05" } });
    await waitFor(() => expect(periods(calls).at(-1)).toBe("2026-09-05..2026-11-23"));
    fireEvent.input(to, { target: { value: "2026-09-20" } });
    await waitFor(() => expect(periods(calls).at(-1)).toBe("2026-09-05..2026-09-20"));
    expect(location.hash).toBe("#/reports?period=custom&from=2026-09-05&to=2026-09-20");
    const asked = calls.length;

    fireEvent.input(screen.getByLabelText("From"), { target: { value: "2026-09-25" } });
    expect(screen.getByRole("alert").textContent).toBe("The start of the period must not be after its end.");
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(asked);
  });

  it("opens on the period of its link (coming back from a report)", async () => {
    const calls = show(undefined, "?period=custom&from=2026-08-01&to=2026-08-15");
    await screen.findByTestId("reports-figures");
    expect(periods(calls)).toEqual(["2026-08-01..2026-08-15"]);
    expect((screen.getByRole("radio", { name: "Choose dates" }) as HTMLInputElement).checked).toBe(true);
  });

  it("says what to do next when the period has no report, and that there is no rating yet", async () => {
    show(() => json(200, answer({ figures: { jobs_done: 0, minutes: 0, parts: 0, average_rating: null, reopened: 0 }, reports: [] })));
    const empty = await screen.findByTestId("reports-empty");
    expect(empty.textContent).toContain("No work reports in this period. When you complete a job, its report shows here");
    expect(within(empty).getByRole("link", { name: "Go to your jobs" }).getAttribute("href")).toBe("#/jobs");
    expect(tile("rating")).toBe("Average ratingNo ratings yet");
    expect(tile("hours")).toBe("Hours on site0");
    expect(screen.queryByTestId("reports-list")).toBeNull();
  });

  it("offers to try again after a failure", async () => {
    let n = 0;
    const calls = show(() => (++n === 1 ? json(500, { detail: "boom" }) : json(200, answer())));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load your reports.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("reports-list");
    expect(calls).toHaveLength(2);
  });

  it("speaks Arabic with Western digits", async () => {
    act(() => void (lang.value = "ar"));
    show();
    await screen.findByTestId("reports-figures");
    expect(screen.getByRole("radio", { name: "الشهر الماضي" })).toBeTruthy();
    expect(tile("jobs")).toBe("الأعمال المنجزة3");
    expect(screen.getByTestId("reports-range").textContent).toBe("1 نوفمبر 2026 – 23 نوفمبر 2026");
  });
});
