import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { signIn, signOut } from "../../src/signals/session";
import { HomeView } from "../../src/views/home/home";
import { summary } from "./property-helpers";
import { fakeRepairApi, json, repair } from "./repair-helpers";

afterEach(() => {
  setApi(createApi());
  signOut();
});

const as = (role: number) => signIn({ access_token: "t", role, got_email_mob: 1, user_id: 501 });
const properties = () => json(200, { status: 1, total: 1, data: [summary(1, { name: "Al Noor Tower" })] });
const open = (items: ReturnType<typeof repair>[]) => () => json(200, { status: 1, total: items.length, data: items });
const titles = (el: HTMLElement) =>
  within(el)
    .getAllByTestId("repair-card")
    .map((c) => c.querySelector(".title")?.textContent);

const visit = { date: "2026-11-25", time_from: "09:00", time_to: "11:00" };

describe("/home repairs for a customer", () => {
  it("shows the repairs and the properties together: the properties that answer first wait for the repairs, so nothing is pushed down", async () => {
    as(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeRepairApi({
      "GET property/properties": properties,
      "GET issue/issues": async () => (await held, open([repair({ issue_id: 4, title: "Window cracked", stage: "assigned" })])()),
    });
    const { container } = render(<HomeView title="titles.home" />);
    expect(await screen.findByLabelText("Loading your repairs...")).toBeTruthy();
    // The properties have answered; they still wait, not on the page, behind one spinner.
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector("#places-title")).toBeNull();
    release();
    expect(titles(await screen.findByTestId("active-repairs"))).toEqual(["Window cracked"]);
    expect(container.querySelector("#places-title")).not.toBeNull();
    expect(await screen.findByTestId("property-row")).toBeTruthy();
  });

  it("puts the repairs that need the user first, then a few active ones with stage and next visit, then the properties", async () => {
    as(0);
    const calls = fakeRepairApi({
      "GET property/properties": properties,
      // Served in an order that does not put them first: the screen still does.
      "GET issue/issues": open([
        repair({ issue_id: 1, title: "Lobby light broken", stage: "scheduled", visit, tech_name: "Khalid Al Hinai" }),
        repair({ issue_id: 2, title: "AC not cooling", stage: "proposed", actions: ["pick_slot", "request_slots"] }),
        repair({ issue_id: 3, title: "Door lock stuck", stage: "completed", issue_status: 1, actions: ["confirm", "reopen"] }),
        repair({ issue_id: 4, title: "Window cracked", stage: "assigned" }),
        repair({ issue_id: 5, title: "Tap dripping", stage: "accepted" }),
        repair({ issue_id: 6, title: "Fan noisy", stage: "reported" }),
      ]),
    });
    const { container } = render(<HomeView title="titles.home" />);
    const needs = await screen.findByTestId("needs-you");
    expect(titles(needs)).toEqual(["AC not cooling", "Door lock stuck"]);
    expect(
      within(needs)
        .getAllByTestId("repair-next")
        .map((n) => n.textContent),
    ).toEqual(["Pick a time", "Rate the repair"]);
    const active = screen.getByTestId("active-repairs");
    // A few (three), the rest behind "All repairs".
    expect(titles(active)).toEqual(["Lobby light broken", "Window cracked", "Tap dripping"]);
    const first = within(active).getAllByTestId("repair-card")[0];
    expect(within(first).getByTestId("stage-badge").textContent).toBe("Scheduled");
    expect(within(first).getByTestId("repair-next").textContent).toBe("Visit: Wed 25 Nov 2026, 9:00\u00a0AM – 11:00\u00a0AM");
    expect(screen.getByRole("link", { name: "All repairs" }).getAttribute("href")).toBe("#/repair");
    // The one left out is counted, with a way to it.
    expect(screen.getByTestId("more-repairs").textContent).toBe("See all open repairs (1 more)");
    expect(calls.find((c) => c.path === "issue/issues")?.params.get("status")).toBe("open");
    // Report a problem stays first; needs-you comes before active repairs, and both before the properties.
    const order = [...container.querySelectorAll('[data-testid="report-problem"], [data-testid="needs-you"], [data-testid="active-repairs"], #places-title')];
    expect(order.map((e) => e.getAttribute("data-testid") ?? e.id)).toEqual(["report-problem", "needs-you", "active-repairs", "places-title"]);
    expect(await screen.findByTestId("property-row")).toBeTruthy();
  });

  it("keeps a booked visit and an emergency on Home ahead of newer reports; counts the open repairs of later pages", async () => {
    as(3);
    fakeRepairApi({
      "GET property/properties": properties,
      "GET issue/issues": () =>
        json(200, {
          status: 1,
          total: 14,
          data: [
            repair({ issue_id: 9, title: "New report A", stage: "reported" }),
            repair({ issue_id: 8, title: "New report B", stage: "reported" }),
            repair({ issue_id: 7, title: "New report C", stage: "reported" }),
            repair({ issue_id: 6, title: "Visit later", stage: "scheduled", visit: { ...visit, date: "2026-11-30" } }),
            repair({ issue_id: 5, title: "Visit soon", stage: "scheduled", visit }),
            repair({ issue_id: 4, title: "Burst pipe", stage: "accepted", emergency: true }),
          ],
        }),
    });
    render(<HomeView title="titles.home" />);
    expect(titles(await screen.findByTestId("active-repairs"))).toEqual(["Burst pipe", "Visit soon", "Visit later"]);
    expect(screen.getByTestId("more-repairs").textContent).toBe("See all open repairs (11 more)");
  });

  it("shows only the active part when nothing needs the user, and only the needs-you part when all do", async () => {
    as(3);
    fakeRepairApi({
      "GET property/properties": () => json(200, { status: 1, total: 0, data: [] }),
      "GET issue/issues": open([repair({ issue_id: 2, title: "AC not cooling", stage: "proposed", actions: ["pick_slot"] })]),
    });
    render(<HomeView title="titles.home" />);
    expect(titles(await screen.findByTestId("needs-you"))).toEqual(["AC not cooling"]);
    expect(screen.queryByTestId("active-repairs")).toBeNull();
  });

  it("says 'No open repairs' in a friendly way when there is none, without a second report link", async () => {
    as(3);
    fakeRepairApi({
      "GET property/properties": () => json(200, { status: 1, total: 0, data: [] }),
      "GET issue/issues": open([]),
    });
    render(<HomeView title="titles.home" />);
    const empty = await screen.findByTestId("home-repairs-empty");
    expect(empty.textContent).toContain("No open repairs");
    expect(screen.queryByTestId("needs-you")).toBeNull();
    expect(screen.getAllByRole("link", { name: /Report a problem/ })).toHaveLength(1);
  });

  it("says when the repairs could not load, and its own retry asks again", async () => {
    as(0);
    let fail = true;
    const calls = fakeRepairApi({
      "GET property/properties": properties,
      "GET issue/issues": () => (fail ? json(500, { detail: "down" }) : open([repair({ issue_id: 4, title: "Window cracked" })])()),
    });
    render(<HomeView title="titles.home" />);
    expect((await screen.findByTestId("home-repairs-error")).textContent).toContain("Could not load your repairs.");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Load repairs again" }));
    await waitFor(() => expect(titles(screen.getByTestId("active-repairs"))).toEqual(["Window cracked"]));
    expect(calls.filter((c) => c.path === "issue/issues")).toHaveLength(2);
  });
});
