import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { Toasts } from "../../src/components/Toasts";
import type { Issue } from "../../src/contract/issues";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { HomeView } from "../../src/views/home/home";
import { summary as property } from "./property-helpers";
import { type RepairCall, fakeRepairApi, json, repair } from "./repair-helpers";

afterEach(() => {
  setApi(createApi());
  signOut();
  lang.value = "en";
  toasts.value = [];
});

const asManager = () => signIn({ access_token: "t", role: 2, got_email_mob: 1, user_id: 601 });
const properties =
  (total = 4) =>
  () =>
    json(200, { status: 1, total, data: [property(1, { name: "Al Noor Tower" })] });
const counts = (c: { unassigned?: number; waiting_acceptance?: number; today_visits?: number; overdue?: number; staff?: number }) => () =>
  json(200, { status: 1, data: { unassigned: 0, waiting_acceptance: 0, today_visits: 0, overdue: 0, ...c } });
const page =
  (items: Issue[], total = items.length) =>
  () =>
    json(200, { status: 1, total, data: items });

const reported = (id: number, title: string, over: Partial<Issue> = {}) =>
  repair({ issue_id: id, title, stage: "reported", actions: ["assign", "comment", "cancel"], name: "Al Noor Tower", unit_name: "101", ...over });

const home = () =>
  render(
    <>
      <HomeView title="titles.home" />
      <Toasts />
    </>,
  );
const figure = (key: string) => screen.getByTestId(`count-${key}`).querySelector(".n")?.textContent;
const cardTitles = () =>
  within(screen.getByTestId("unassigned-list"))
    .getAllByTestId("repair-card")
    .map((c) => c.querySelector(".title")?.textContent);
const issuesCalls = (calls: RepairCall[]) => calls.filter((c) => c.method === "GET" && c.path === "issue/issues");

describe("/home for a manager", () => {
  it("shows the four counts, the properties, staff and dashboard tiles, and the unassigned repairs with Assign", async () => {
    asManager();
    const calls = fakeRepairApi({
      "GET property/properties": properties(7),
      "GET company/summary": counts({ unassigned: 2, waiting_acceptance: 1, today_visits: 3, overdue: 1, staff: 6 }),
      "GET issue/issues": page([reported(11, "Kitchen tap leaking"), reported(12, "AC not cooling", { actions: ["comment"] })]),
    });
    home();
    await waitFor(() => expect(figure("unassigned")).toBe("2"));
    // The staff tile has its number as the others have theirs (it had none, a blank where the others' stood).
    expect(screen.getByTestId("staff-tile").querySelector(".n")?.textContent).toBe("6");
    expect(figure("waiting_acceptance")).toBe("1");
    expect(figure("today_visits")).toBe("3");
    expect(figure("overdue")).toBe("1");
    const labels = within(screen.getByTestId("counts"))
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".l")?.textContent);
    expect(labels).toEqual(["Unassigned", "Waiting for acceptance", "Today's visits", "Overdue"]);
    expect(calls.filter((c) => c.path === "company/summary")).toHaveLength(1);
    // Each count opens the repairs it counts.
    const opens = ["unassigned", "waiting_acceptance", "today_visits", "overdue"].map((k) => screen.getByTestId(`count-${k}`).getAttribute("href"));
    expect(opens).toEqual(["#/repair?show=unassigned", "#/repair?show=waiting", "#/repair?show=today", "#/repair?show=overdue"]);
    // Overdue visits are bad news: that tile, and only it, is marked.
    expect(screen.getByTestId("count-overdue").className).not.toBe(screen.getByTestId("count-today_visits").className);

    await waitFor(() => expect(screen.getByTestId("properties-tile").textContent).toContain("7"));
    expect(screen.getByTestId("properties-tile").getAttribute("href")).toBe("#/properties");
    expect(screen.getByRole("link", { name: /Staff/ }).getAttribute("href")).toBe("#/resources");
    expect(screen.getByRole("link", { name: /Dashboard/ }).getAttribute("href")).toBe("#/dashboard");

    const section = screen.getByRole("region", { name: "Waiting for assignment" });
    await waitFor(() => expect(cardTitles()).toEqual(["Kitchen tap leaking", "AC not cooling"]));
    const asked = issuesCalls(calls)[0].params;
    expect(Object.fromEntries(asked)).toEqual({ status: "open", page_num: "1", scope: "company", stage: "reported" });
    // Assign where the server allows it, only there; each button names its repair for a screen reader.
    const buttons = within(section).getAllByTestId("assign-button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent).toBe("Assign");
    expect(buttons[0].getAttribute("aria-label")).toBe("Assign a technician to “Kitchen tap leaking”");
    // The button is not inside the card's link (no control inside a link).
    expect(buttons[0].closest("a")).toBeNull();
    expect(screen.queryByTestId("report-problem")).toBeNull();
  });

  it("assigns from the list: the sheet's choice is posted, a toast says so, the repair leaves the list and the counts refresh", async () => {
    asManager();
    let unassigned = 2;
    const calls = fakeRepairApi({
      "GET property/properties": properties(),
      "GET company/summary": () => counts({ unassigned, waiting_acceptance: 2 - unassigned })(),
      "GET issue/issues": page([reported(11, "Kitchen tap leaking"), reported(12, "AC not cooling")]),
      "GET issue/candidates": () =>
        json(200, {
          status: 1,
          data: [
            { user_id: 21, name: "Salim Al Harthy", job_title: "Plumber", skills: [1], distance_km: 2.4, open_jobs: 1, current: false, profile_path: null },
          ],
        }),
      "POST issue/assign": (call) => {
        unassigned = 1;
        return json(200, {
          message: "Technician assigned.",
          data: reported(Number(call.params.get("issue_id")), "AC not cooling", { stage: "assigned", tech_name: "Salim Al Harthy", actions: [] }),
        });
      },
    });
    home();
    await waitFor(() => expect(cardTitles()).toEqual(["Kitchen tap leaking", "AC not cooling"]));
    await waitFor(() => expect(figure("unassigned")).toBe("2"));
    fireEvent.click(screen.getByRole("button", { name: "Assign a technician to “AC not cooling”" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign a technician" });
    const salim = await within(dialog).findByRole("button", { name: /Salim Al Harthy/ });
    expect(calls.find((c) => c.path === "issue/candidates")?.params.get("issue_id")).toBe("12");
    fireEvent.click(salim);

    await waitFor(() => expect(cardTitles()).toEqual(["Kitchen tap leaking"]));
    const post = calls.find((c) => c.path === "issue/assign");
    expect(post?.params.get("issue_id")).toBe("12");
    expect(post?.body).toEqual({ tech_id: 21 });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(toasts.value.map((t) => [t.type, t.message])).toEqual([["success", "Assigned to Salim Al Harthy."]]);
    await waitFor(() => expect(figure("unassigned")).toBe("1"));
    expect(figure("waiting_acceptance")).toBe("1");
    expect(calls.filter((c) => c.path === "company/summary")).toHaveLength(2);
    // The whole list was in (2 of 2): no second page was asked for, the card simply left.
    expect(issuesCalls(calls)).toHaveLength(1);
    // The keyboard is not left on a button that no longer exists.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Waiting for assignment" })));
  });

  it("loads the list again from the start after an assignment when more pages were left on the server", async () => {
    asManager();
    const first = Array.from({ length: 10 }, (_, i) => reported(100 + i, `Repair ${i + 1}`));
    let served = first;
    const calls = fakeRepairApi({
      "GET property/properties": properties(),
      "GET company/summary": counts({ unassigned: 11 }),
      "GET issue/issues": () => page(served, 11)(),
      "GET issue/candidates": () => json(200, { status: 1, data: [{ user_id: 21, name: "Salim Al Harthy" }] }),
      "POST issue/assign": () => {
        served = [...first.slice(1), reported(200, "Repair 11")];
        return json(200, { message: "", data: reported(100, "Repair 1", { stage: "assigned" }) });
      },
    });
    home();
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    fireEvent.click(screen.getByRole("button", { name: "Assign a technician to “Repair 1”" }));
    fireEvent.click(await within(await screen.findByRole("dialog")).findByRole("button", { name: /Salim/ }));
    await waitFor(() => expect(cardTitles()).toEqual([...first.slice(1).map((i) => i.title), "Repair 11"]));
    expect(issuesCalls(calls).map((c) => c.params.get("page_num"))).toEqual(["1", "1"]);
  });

  it("says plainly when nothing waits for assignment, and the overdue count stands out only when there are any", async () => {
    asManager();
    fakeRepairApi({
      "GET property/properties": properties(),
      "GET company/summary": counts({ overdue: 0, today_visits: 2 }),
      "GET issue/issues": page([]),
    });
    home();
    expect((await screen.findByTestId("unassigned-empty")).textContent).toContain("Nothing waiting for assignment");
    expect(screen.queryByTestId("unassigned-list")).toBeNull();
    await waitFor(() => expect(figure("today_visits")).toBe("2"));
    expect(figure("overdue")).toBe("0");
    // No overdue visit: the tile looks like the others.
    expect(screen.getByTestId("count-overdue").className).toBe(screen.getByTestId("count-today_visits").className);
  });

  it("says when the counts or the list could not load, and each retry asks again", async () => {
    asManager();
    let fail = true;
    const calls = fakeRepairApi({
      "GET property/properties": properties(),
      "GET company/summary": () => (fail ? json(500, { detail: "down" }) : counts({ unassigned: 1 })()),
      "GET issue/issues": () => (fail ? json(500, { detail: "down" }) : page([reported(11, "Kitchen tap leaking")])()),
    });
    home();
    expect((await screen.findByTestId("counts-error")).textContent).toContain("Could not load the counts.");
    expect(await screen.findByText("Could not load the repairs waiting for assignment.")).toBeTruthy();
    expect(figure("unassigned")).toBe("…");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Load the counts again" }));
    await waitFor(() => expect(figure("unassigned")).toBe("1"));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cardTitles()).toEqual(["Kitchen tap leaking"]));
    expect(calls.filter((c) => c.path === "company/summary")).toHaveLength(2);
    expect(issuesCalls(calls)).toHaveLength(2);
  });

  it("reads in Arabic", async () => {
    asManager();
    lang.value = "ar";
    fakeRepairApi({
      "GET property/properties": properties(),
      "GET company/summary": counts({ unassigned: 1, overdue: 2 }),
      "GET issue/issues": page([reported(11, "تسرب في المطبخ")]),
    });
    home();
    await waitFor(() => expect(figure("unassigned")).toBe("1"));
    const labels = within(screen.getByTestId("counts"))
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".l")?.textContent);
    expect(labels).toEqual(["غير مُسنَدة", "بانتظار القبول", "زيارات اليوم", "متأخرة"]);
    expect(screen.getByRole("link", { name: /لوحة التحكم/ })).toBeTruthy();
    const button = await screen.findByTestId("assign-button");
    expect(button.textContent).toBe("إسناد");
    expect(button.getAttribute("aria-label")).toBe("إسناد «تسرب في المطبخ» إلى فني");
  });
});
