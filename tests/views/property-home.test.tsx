import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { HomeView } from "../../src/views/home/home";
import { type Call, fakeApi, json, summary, tenantDetail } from "./property-helpers";

afterEach(() => {
  signOut();
  setApi(createApi());
  lang.value = "en";
});

const as = (role: number) => signIn({ access_token: "t", role, got_email_mob: 1, user_id: 501 });
const home = () => render(<HomeView title="titles.home" />);
const list =
  (rows: ReturnType<typeof summary>[], total = rows.length) =>
  () =>
    json(200, { status: 1, total, data: rows });

describe("/home for an owner", () => {
  it("puts Report a problem first, then the owner's properties with their open counts and Add property", async () => {
    as(0);
    fakeApi({
      "GET property/properties": list([
        summary(1, { name: "Al Noor Tower", open_issues: 2 }),
        summary(2, { name: "Villa Qurum", type: "villa", open_issues: 0, units_count: 1 }),
      ]),
    });
    const { container } = home();
    const rows = await screen.findAllByTestId("property-row");
    expect(rows).toHaveLength(2);
    // Report a problem comes before everything else on the screen, and links to the report form.
    const links = [...container.querySelectorAll("a")];
    expect(links[0].getAttribute("href")).toBe("#/property/addissues");
    expect(links[0].textContent).toContain("Report a problem");
    expect(rows[0].getAttribute("href")).toBe("#/property/Al%20Noor%20Tower");
    expect(within(rows[0]).getByText("2 open")).toBeTruthy();
    expect(within(rows[0]).getByText("Building")).toBeTruthy();
    expect(within(rows[1]).getByText("0 open")).toBeTruthy();
    expect(within(rows[1]).getByText("Villa")).toBeTruthy();
    expect(within(rows[1]).getByText("Units (1)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add property" }).getAttribute("href")).toBe("#/property/add-property");
  });

  it("shows an uploaded photo through its signed link, and a seeded one by its path", async () => {
    as(0);
    fakeApi({
      "GET property/properties": list([
        summary(1, { prop_images: [{ path: "property-files/1/a1b2.jpg", url: "api/property/file/7?u=501&exp=9&sig=abc" }] }),
        summary(2, { prop_images: [{ path: "demo/villa.svg" }] }),
      ]),
    });
    home();
    const rows = await screen.findAllByTestId("property-row");
    expect(rows.map((r) => r.querySelector("img")?.getAttribute("src"))).toEqual([
      "api/property/file/7?u=501&exp=9&sig=abc",
      "files/properties/demo/villa.svg",
    ]);
  });

  it("with no property yet says to add the first one", async () => {
    as(0);
    fakeApi({ "GET property/properties": list([]) });
    home();
    const empty = await screen.findByTestId("empty-state");
    expect(empty.textContent).toContain("You have not added a property yet.");
    expect(within(empty).getByRole("link", { name: "Add your first property" }).getAttribute("href")).toBe("#/property/add-property");
    expect(screen.getByRole("link", { name: /Report a problem/ })).toBeTruthy();
  });

  it("shows the load error with a retry that asks again", async () => {
    as(0);
    let n = 0;
    fakeApi({ "GET property/properties": () => (n++ === 0 ? json(500, { detail: "boom" }) : json(200, { status: 1, total: 1, data: [summary(1)] })) });
    home();
    (await screen.findByRole("button", { name: "Try again" })).click();
    expect(await screen.findByTestId("property-row")).toBeTruthy();
  });
});

describe("/home for a tenant", () => {
  it("shows their home and a link straight to their own unit", async () => {
    as(3);
    const calls = fakeApi({
      "GET property/properties": list([summary(1, { name: "Al Noor Tower", relation: "tenant" })]),
      "GET property/property": () => json(200, { status: 1, data: tenantDetail() }),
    });
    home();
    expect(await screen.findByRole("heading", { name: "Your home" })).toBeTruthy();
    const unit = await screen.findByRole("link", { name: "Your unit: 101" });
    expect(unit.getAttribute("href")).toBe("#/property/apartment-view/Al%20Noor%20Tower?unit_id=11");
    // Unit 102 carries no tenant for this tenant: it is not theirs, so no link to it.
    expect(screen.queryByRole("link", { name: "Your unit: 102" })).toBeNull();
    expect(calls.find((c: Call) => c.path === "property/property")?.params.get("property_id")).toBe("1");
    expect(screen.queryByRole("link", { name: "Add property" })).toBeNull();
  });

  it("does not offer a unit whose tenancy has ended as their unit", async () => {
    as(3);
    const past = tenantDetail();
    past.units[0] = { ...past.units[0], tenant: past.units[0].tenant && { ...past.units[0].tenant, end_date: "2025-01-31" } };
    const calls = fakeApi({
      "GET property/properties": list([summary(1, { name: "Al Noor Tower", relation: "tenant" })]),
      "GET property/property": () => json(200, { status: 1, data: past }),
    });
    home();
    await screen.findByTestId("property-row");
    await waitFor(() => expect(calls.some((c) => c.path === "property/property")).toBe(true));
    // The answer is in once it has been parsed and rendered: give it a moment, then there is still no unit link.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryAllByRole("link", { name: /Your unit/ })).toEqual([]);
    expect(screen.getByRole("link", { name: "Your earlier homes" }).getAttribute("href")).toBe("#/property/prev-tenant");
  });

  it("without a home says the landlord has not added them yet", async () => {
    as(3);
    fakeApi({ "GET property/properties": list([]) });
    home();
    expect((await screen.findByTestId("empty-state")).textContent).toContain("Your landlord has not added you to a home yet");
    expect(screen.queryByRole("link", { name: /Add/ })).toBeNull();
  });
});

describe("/home for a manager", () => {
  it("shows the company's count of properties, links to them and to staff, and an honest empty unassigned list", async () => {
    as(2);
    fakeApi({
      "GET property/properties": list([summary(1)], 7),
      // The counts and the unassigned list of issue 12 (tests/views/manager-home.test.tsx): none here.
      "GET company/summary": () => json(200, { status: 1, data: {} }),
      "GET issue/issues": () => json(200, { status: 1, total: 0, data: [] }),
    });
    home();
    const tile = await screen.findByTestId("properties-tile");
    await waitFor(() => expect(tile.textContent).toContain("7"));
    expect(tile.getAttribute("href")).toBe("#/properties");
    expect(screen.getByRole("link", { name: /Staff/ }).getAttribute("href")).toBe("#/resources");
    expect(screen.getByRole("heading", { name: "Waiting for assignment" })).toBeTruthy();
    expect(await screen.findByText(/Nothing waiting for assignment/)).toBeTruthy();
    expect(screen.queryByTestId("report-problem")).toBeNull();
  });

  it("for a company with no property says how to get one", async () => {
    as(2);
    fakeApi({ "GET property/properties": list([]) });
    home();
    const empty = await screen.findByTestId("company-empty");
    expect(within(empty).getByRole("link", { name: "Add property" }).getAttribute("href")).toBe("#/property/add-property");
  });
});

describe("/home in Arabic", () => {
  it("shows the owner's home in Arabic", async () => {
    as(0);
    lang.value = "ar";
    fakeApi({ "GET property/properties": list([summary(1, { name: "برج النور", open_issues: 3 })]) });
    home();
    const row = await screen.findByTestId("property-row");
    expect(within(row).getByText("3 مفتوحة")).toBeTruthy();
    expect(screen.getByRole("link", { name: /الإبلاغ عن مشكلة/ })).toBeTruthy();
    expect(row.getAttribute("href")).toBe(`#/property/${encodeURIComponent("برج النور")}`);
  });
});
