import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { Dashboard } from "../../src/contract/jobs";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { DashboardView } from "../../src/views/dashboard";
import { type RepairCall, fakeRepairApi, json } from "./repair-helpers";

// "Today" is 23 November 2026 in the phone's time zone (only the clock is faked: timers stay real).
beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 10, 23, 10, 0), toFake: ["Date"] }));
afterEach(() => {
  vi.useRealTimers();
  setApi(createApi());
  act(() => void (lang.value = "en"));
});

const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  month: "2026-11",
  properties: { total: 9, building: 4, villa: 3, townhouse: 2, office: 0 },
  figures: { reported: 14, completed: 11, open: 6, average_rating: 4.56, minutes: 1530 },
  workers: [
    { user_id: 5, name: "Khalid Al Hinai", job_title: "Plumber", profile_path: null, open_jobs: 3, done: 7 },
    { user_id: 6, name: "Yousuf Al Lawati", job_title: null, profile_path: "u6/me.jpg", open_jobs: 0, done: 4 },
  ],
  tasks: [
    {
      issue_id: 31,
      title: "Air conditioning not cooling",
      property_type: "villa",
      desc: "The living room unit blows warm air.",
      stage: "in_progress",
      updated_at: "2026-11-22T15:00:00.000Z",
    },
    { issue_id: 30, title: "Door lock stuck", property_type: "building", desc: "", stage: "completed", updated_at: "2026-11-19T08:00:00.000Z" },
  ],
  ...over,
});

function show(
  reply: (c: RepairCall) => Response = (c) => json(200, { status: 1, data: dashboard({ month: c.params.get("month") ?? "2026-11" }) }),
  query = "",
) {
  const calls = fakeRepairApi({ "GET company/dashboard": reply });
  navigate(`/dashboard${query}`);
  render(<DashboardView title="titles.dashboard" />);
  return calls;
}
const months = (calls: RepairCall[]) => calls.map((c) => c.params.get("month"));
const tiles = (section: HTMLElement) => [...section.querySelectorAll("dl > div")].map((d) => d.textContent);

describe("the company's dashboard", () => {
  it("asks for this month and fills SPEC.md's layout with the company's figures", async () => {
    const calls = show();
    const figures = await screen.findByTestId("dash-figures");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET company/dashboard"]);
    expect(months(calls)).toEqual(["2026-11"]);
    expect(within(figures).getByRole("heading", { name: "November 2026 in figures" })).toBeTruthy();
    expect(tiles(figures)).toEqual(["Reported14", "Completed11", "Open now6", "Average rating4.6", "Hours of work25.5"]);

    const overview = screen.getByRole("region", { name: "Properties Overview" });
    expect(tiles(overview)).toEqual(["Total9", "Apartments4", "Villas3", "Townhouses2"]);

    const workers = within(screen.getByRole("region", { name: "Our Workers" })).getAllByTestId("dash-worker");
    expect(workers.map((w) => w.textContent)).toEqual([
      "Khalid Al HinaiPlumber · Tasks assigned: 3 · Done this month: 7",
      "Yousuf Al LawatiTechnician · Tasks assigned: 0 · Done this month: 4",
    ]);
    expect(workers[1].querySelector("img")?.getAttribute("src")).toBe("files/users/u6/me.jpg");

    const tasks = within(screen.getByRole("region", { name: "Maintenance Tasks" })).getAllByTestId("dash-task");
    expect(tasks).toHaveLength(2);
    const [ac, lock] = tasks;
    expect(within(ac).getByRole("heading", { name: "Air conditioning not cooling" })).toBeTruthy();
    expect(within(ac).getByTestId("type-badge").textContent).toBe("Villa");
    expect(within(ac).getByTestId("stage-badge").textContent).toBe("In progress");
    expect(ac.textContent).toContain("The living room unit blows warm air.");
    expect(ac.textContent).toContain("Last updated: 22 Nov 2026");
    const view = within(ac).getByRole("link", { name: "View details of “Air conditioning not cooling”" });
    expect(view.textContent).toBe("View Details");
    expect(view.getAttribute("href")).toBe("#/property/issues-view?issue_id=31");
    expect(within(lock).getByTestId("type-badge").textContent).toBe("Building");
    expect(within(lock).getByTestId("stage-badge").textContent).toBe("Completed");
    expect(
      within(lock)
        .getByRole("link", { name: /Door lock stuck/ })
        .getAttribute("href"),
    ).toBe("#/property/issues-view?issue_id=30");
    // Nothing of the old static sample is left.
    expect(document.body.textContent).not.toMatch(/Sample data|Ahmed Al Balushi|June 2024/);
  });

  it("shows offices when the company runs any", async () => {
    show(() => json(200, { status: 1, data: dashboard({ properties: { total: 10, building: 4, villa: 3, townhouse: 2, office: 1 } }) }));
    expect(tiles(await screen.findByTestId("dash-overview"))).toEqual(["Total10", "Apartments4", "Villas3", "Townhouses2", "Offices1"]);
  });

  it("asks for the month picked, and keeps it in the link", async () => {
    const calls = show();
    await screen.findByTestId("dash-figures");
    const picker = screen.getByLabelText("Month") as HTMLSelectElement;
    expect(picker.value).toBe("2026-11");
    expect([...picker.options].slice(0, 3).map((o) => o.textContent)).toEqual(["November 2026", "October 2026", "September 2026"]);
    fireEvent.change(picker, { target: { value: "2026-10" } });
    await waitFor(() => expect(months(calls)).toEqual(["2026-11", "2026-10"]));
    expect(location.hash).toBe("#/dashboard?month=2026-10");
    expect(await screen.findByRole("heading", { name: "October 2026 in figures" })).toBeTruthy();
  });

  // A tile of the manager's Home opens it, not the bottom bar; picking months replaces the link, so one step back is Home.
  it("goes back to the manager's Home with its back arrow, months picked or not", async () => {
    navigate("/home");
    show();
    await screen.findByTestId("dash-figures");
    fireEvent.change(screen.getByLabelText("Month"), { target: { value: "2026-10" } });
    await waitFor(() => expect(location.hash).toBe("#/dashboard?month=2026-10"));
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
  });

  it("opens on the month of its link (coming back from a task)", async () => {
    const calls = show(undefined, "?month=2026-03");
    await screen.findByTestId("dash-figures");
    expect(months(calls)).toEqual(["2026-03"]);
    expect((screen.getByLabelText("Month") as HTMLSelectElement).value).toBe("2026-03");
  });

  it("says what to do next when the company has no property, no technician and no task", async () => {
    show(() =>
      json(200, {
        status: 1,
        data: dashboard({
          properties: { total: 0, building: 0, villa: 0, townhouse: 0, office: 0 },
          figures: { reported: 0, completed: 0, open: 0, average_rating: null, minutes: 0 },
          workers: [],
          tasks: [],
        }),
      }),
    );
    const figures = await screen.findByTestId("dash-figures");
    expect(tiles(figures)).toContain("Average ratingNo ratings yet");
    expect(within(screen.getByTestId("dash-no-properties")).getByRole("link", { name: "Add a property" }).getAttribute("href")).toBe("#/property/add-property");
    expect(within(screen.getByTestId("dash-no-workers")).getByRole("link", { name: "Go to your staff" }).getAttribute("href")).toBe("#/resources");
    expect(screen.getByTestId("dash-no-tasks").textContent).toBe("No repair was updated in this month.");
  });

  it("offers to try again after a failure", async () => {
    let n = 0;
    const calls = show(() => (++n === 1 ? json(500, { detail: "boom" }) : json(200, { status: 1, data: dashboard() })));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load the dashboard.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("dash-figures");
    expect(calls).toHaveLength(2);
  });

  it("speaks Arabic with Western digits", async () => {
    act(() => void (lang.value = "ar"));
    show();
    const figures = await screen.findByTestId("dash-figures");
    expect(within(figures).getByRole("heading", { name: "أرقام نوفمبر 2026" })).toBeTruthy();
    expect(tiles(figures)[0]).toBe("المُبلَّغ عنها14");
    expect(screen.getByRole("region", { name: "نظرة عامة على العقارات" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /^عرض تفاصيل/ })).toHaveLength(2);
  });
});
