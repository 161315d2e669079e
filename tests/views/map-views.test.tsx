// The List | Map switch and the maps' panels (issue 17). Leaflet itself needs a real browser (tests/e2e/maps.spec.ts);
// here the map draws its markers as plain buttons, so what the panels put on it and the cards they open can be read.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { IssuesMapProps } from "../../src/components/map/IssuesMap";
import { STAGE_COLOURS } from "../../src/components/repair/StageBadge";
import type { Issue } from "../../src/contract/issues";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { JobsView } from "../../src/views/issues/jobs";
import { RepairsView } from "../../src/views/repair/repairs";
import { fakeRepairApi, json, repair } from "./repair-helpers";

vi.mock("../../src/components/map/IssuesMap", () => ({
  IssuesMap: ({ pins, onSelect, label }: IssuesMapProps) => (
    <section aria-label={label} data-testid="issues-map">
      {pins.map((p) => (
        <button
          key={p.id}
          type="button"
          data-testid={`pin-${p.id}`}
          data-layer={p.layer}
          onClick={() => onSelect(p.id)}
          // The marker's own HTML, as Leaflet's divIcon puts it in the page.
          ref={(el) => {
            if (el) el.innerHTML = p.html;
          }}
        />
      ))}
    </section>
  ),
}));

afterEach(() => {
  setApi(createApi());
  signOut();
  lang.value = "en";
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const page = (items: Issue[]) => () => json(200, { status: 1, total: items.length, data: items });
const numbers = () => screen.getAllByTestId(/^pin-i/).map((b) => [b.getAttribute("data-testid"), b.querySelector(".map-stop")?.textContent]);

describe("/jobs Map", () => {
  it("loads the map only when asked, then shows every open job numbered in visit order and coloured by stage", async () => {
    signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 5, company_id: 2 });
    const jobs = [
      repair({ issue_id: 1, title: "No visit yet", stage: "accepted" }),
      repair({ issue_id: 2, title: "This afternoon", stage: "scheduled", visit: { date: today(), time_from: "15:00", time_to: "16:00" } }),
      repair({ issue_id: 3, title: "This morning", stage: "in_progress", visit: { date: today(), time_from: "08:00", time_to: "09:00" } }),
      repair({ issue_id: 4, title: "Nowhere", location: null }),
    ];
    const calls = fakeRepairApi({ "GET issue/jobs": page(jobs) });
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    await screen.findByTestId("jobs-list");
    expect(screen.queryByTestId("issues-map")).toBeNull();
    expect(calls.every((c) => !c.params.has("page_size"))).toBe(true);

    fireEvent.click(screen.getByRole("tab", { name: "Map" }));
    expect(location.hash).toBe("#/jobs?view=map");
    await screen.findByTestId("issues-map");
    const mapCall = calls[calls.length - 1];
    expect(mapCall.params.get("status")).toBe("open");
    expect(mapCall.params.get("page_size")).toBe("100");
    expect(numbers()).toEqual([
      ["pin-i3", "1"],
      ["pin-i2", "2"],
      ["pin-i1", "3"],
    ]);
    expect((screen.getByTestId("pin-i2").querySelector(".map-stop") as HTMLElement).style.background).toBe(STAGE_COLOURS.scheduled.fg);
    expect((screen.getByTestId("pin-i3").querySelector(".map-stop") as HTMLElement).style.background).toBe(STAGE_COLOURS.in_progress.fg);
    expect(screen.getByTestId("pin-i3").textContent).toContain("Job 1: This morning, In progress");
    expect(screen.getByText("1 without a location on the map: see them in the list.")).toBeTruthy();
    expect(within(screen.getByTestId("map-legend")).getByText("Scheduled")).toBeTruthy();
  });

  it("opens a marker's card with the visit, call, WhatsApp and directions, and the job from it", async () => {
    signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 5, company_id: 2 });
    const job = repair({ issue_id: 9, title: "Leak", stage: "scheduled", visit: { date: "2026-11-25", time_from: "09:00", time_to: "11:00" } });
    fakeRepairApi({ "GET issue/jobs": page([job]) });
    navigate("/jobs?view=map");
    render(<JobsView title="titles.jobs" />);
    fireEvent.click(await screen.findByTestId("pin-i9"));
    const card = screen.getByTestId("stop-card");
    expect(within(card).getByRole("heading", { name: "1. Leak" })).toBe(document.activeElement);
    expect(within(card).getByTestId("card-visit").textContent).toContain("9:00");
    expect(
      within(card)
        .getByRole("link", { name: /Call Salim Al Harthy/ })
        .getAttribute("href"),
    ).toBe("tel:+96891000001");
    expect(
      within(card)
        .getByRole("link", { name: /WhatsApp/ })
        .getAttribute("href"),
    ).toMatch(/^https:\/\/wa\.me\/96891000001\?text=/);
    // happy-dom's user agent is neither Android nor an iPhone: Google Maps' directions in the browser.
    expect(within(card).getByTestId("directions").getAttribute("href")).toBe("https://www.google.com/maps/dir/?api=1&destination=23.6139,58.4786");
    fireEvent.click(within(card).getByRole("button", { name: "Open job" }));
    expect(location.hash).toBe("#/property/open-issues?issue_id=9");
  });

  it("says so when there is no open job, and the List tab brings the list back", async () => {
    signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 5, company_id: 2 });
    fakeRepairApi({ "GET issue/jobs": page([]) });
    navigate("/jobs?view=map");
    render(<JobsView title="titles.jobs" />);
    expect((await screen.findByTestId("map-empty")).textContent).toContain("no open jobs");
    fireEvent.click(screen.getByRole("tab", { name: "List" }));
    expect(location.hash).toBe("#/jobs");
    expect(await screen.findByText(/No open issues|no open/i)).toBeTruthy();
  });
});

describe("/repair Map for managers", () => {
  it("shows the company's repairs and its technicians, and assigns from a marker's card", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1, user_id: 601, company_id: 2 });
    const calls = fakeRepairApi({
      "GET issue/issues": page([
        repair({ issue_id: 21, title: "AC not cooling", stage: "reported", actions: ["assign"] }),
        repair({ issue_id: 22, title: "Door lock", stage: "accepted", tech_name: "Ahmed", actions: [] }),
      ]),
      "GET company/tech_locations": () =>
        json(200, {
          status: 1,
          total: 1,
          data: [{ user_id: 7, name: "Salim", location: { lat: 23.59, lng: 58.41 }, addres: "Al Khuwair", area_range: 20, taking_jobs: false }],
        }),
      "GET issue/candidates": () => json(200, { status: 1, total: 0, data: [] }),
    });
    navigate("/repair?view=map");
    render(<RepairsView title="titles.repair" />);
    await screen.findByTestId("pin-i21");
    expect(screen.getAllByTestId(/^pin-/).map((b) => b.getAttribute("data-layer"))).toEqual(["issues", "issues", "techs"]);
    // A manager's markers carry no visit numbers: they are not one person's day.
    expect(screen.getByTestId("pin-i21").querySelector(".map-stop")?.textContent).toBe("");

    fireEvent.click(screen.getByTestId("pin-t7"));
    const tech = screen.getByTestId("tech-card");
    expect(tech.textContent).toContain("Works within 20 km");
    expect(tech.textContent).toContain("Not taking jobs now");

    fireEvent.click(screen.getByTestId("pin-i22"));
    expect(within(screen.getByTestId("stop-card")).queryByTestId("assign-button")).toBeNull();
    fireEvent.click(screen.getByTestId("pin-i21"));
    fireEvent.click(within(screen.getByTestId("stop-card")).getByTestId("assign-button"));
    expect(await screen.findByRole("dialog")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "issue/candidates" || c.path.includes("candidates"))).toBe(true));

    fireEvent.click(screen.getByLabelText("Show technicians"));
    expect(screen.queryByTestId("pin-t7")).toBeNull();
  });

  it("is not offered to owners and tenants, whose /repair stays a list", async () => {
    signIn({ access_token: "t", role: 0, got_email_mob: 1, user_id: 3 });
    fakeRepairApi({ "GET issue/issues": page([repair({ issue_id: 31 })]) });
    navigate("/repair?view=map");
    render(<RepairsView title="titles.repair" />);
    await screen.findByTestId("repair-list");
    expect(screen.queryByRole("tab", { name: "Map" })).toBeNull();
    expect(screen.queryByTestId("issues-map")).toBeNull();
  });
});
