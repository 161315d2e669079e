import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { paths } from "../../src/paths";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { ApartmentView } from "../../src/views/property/apartment";
import { detail, fakeApi, json, tenantDetail } from "./property-helpers";

afterEach(() => {
  signOut();
  setApi(createApi());
  lang.value = "en";
});

const as = (role: number) => signIn({ access_token: "t", role, got_email_mob: 1, user_id: 501 });
const serve = (body = detail()) => fakeApi({ "GET property/property": () => json(200, { status: 1, data: body }) });
/** Opens unit `unitId` of Al Noor Tower as the router would. */
function open(unitId: number) {
  navigate(paths.apartment("Al Noor Tower", unitId));
  return render(<ApartmentView title="titles.apartmentView" params={{ propertyName: "Al Noor Tower" }} />);
}
const contactLinks = () => screen.queryAllByRole("link").filter((a) => /^(tel:|https:\/\/wa\.me)/.test(a.getAttribute("href") ?? ""));

describe("the apartment view", () => {
  it("shows the tenant with call and WhatsApp ('Hello there'), the tenancy dates, access notes and only this unit's issues", async () => {
    as(0);
    serve();
    open(11);
    expect(await screen.findByRole("heading", { level: 1, name: "Unit 101" })).toBeTruthy();
    const tenant = screen.getByTestId("tenant");
    expect(within(tenant).getByText("Salim Al Harthy")).toBeTruthy();
    expect(
      within(tenant)
        .getByRole("link", { name: /WhatsApp/ })
        .getAttribute("href"),
    ).toBe("https://wa.me/96891000001?text=Hello%20there");
    expect(within(tenant).getByRole("link", { name: /Call/ }).getAttribute("href")).toBe("tel:+96891000001");
    expect(screen.getByTestId("tenancy-dates").textContent).toBe("From1 Jan 2026UntilOngoing");
    expect(screen.getByText("Gate code 4521. Parking behind the building.")).toBeTruthy();
    const history = screen.getByTestId("issue-history");
    expect(
      within(history)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["#/property/issues-view?issue_id=31"]);
    expect(screen.getByRole("link", { name: "Al Noor Tower" }).getAttribute("href")).toBe("#/property/Al%20Noor%20Tower");
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("calls a unit without a tenant vacant and offers Add a tenant for that unit when `actions` allows it", async () => {
    as(0);
    serve();
    open(13);
    expect((await screen.findByTestId("tenant")).textContent).toContain("Vacant: no tenant lives here now.");
    expect(contactLinks()).toEqual([]);
    expect(screen.getByRole("link", { name: "Add a tenant" }).getAttribute("href")).toBe("#/property/assign-role?property_id=1&unit_id=13");
    expect(screen.getByText("No issues reported for this unit yet.")).toBeTruthy();
  });

  it("leads from a let unit to its tenancy (end it, or a new invitation) when `actions` has end_tenancy", async () => {
    as(0);
    serve(detail({ actions: ["report", "add_tenant", "end_tenancy"] }));
    const view = open(11);
    await screen.findByTestId("tenant");
    expect(screen.getByRole("link", { name: "Manage tenants" }).getAttribute("href")).toBe("#/property/assign-role?property_id=1&unit_id=11");
    expect(screen.queryByRole("link", { name: "Add a tenant" })).toBeNull();
    view.unmount();
    serve(detail({ actions: ["report"] }));
    open(11);
    await screen.findByTestId("tenant");
    expect(screen.queryByRole("link", { name: "Manage tenants" })).toBeNull();
  });

  it("shows a tenant no other tenant's contact, and no call buttons for themselves", async () => {
    as(3);
    serve(tenantDetail());
    const other = open(12);
    const tenant = await screen.findByTestId("tenant");
    expect(tenant.textContent).toContain("Nobody you can see lives here.");
    expect(tenant.textContent).not.toContain("Maryam");
    expect(tenant.textContent).not.toContain("Vacant");
    expect(contactLinks()).toEqual([]);
    expect(screen.queryByRole("link", { name: "Add a tenant" })).toBeNull();
    other.unmount();
    // Their own unit: their name and dates, but nobody needs to call themselves.
    serve(tenantDetail());
    open(11);
    const own = await screen.findByTestId("tenant");
    expect(within(own).getByRole("heading", { name: "Your tenancy" })).toBeTruthy();
    expect(contactLinks()).toEqual([]);
    expect(screen.getByRole("link", { name: "Report an issue" })).toBeTruthy();
  });

  it("says so when the unit is not in the property", async () => {
    as(0);
    serve();
    open(99);
    expect((await screen.findByRole("alert")).textContent).toContain("This unit is not part of the property any more.");
  });

  it("renders in Arabic with Western digits in the tenancy dates", async () => {
    as(0);
    lang.value = "ar";
    serve();
    open(11);
    const dates = await screen.findByTestId("tenancy-dates");
    expect(dates.textContent).toBe("من1 يناير 2026حتىمستمر");
    expect(screen.getByRole("heading", { level: 1, name: "الوحدة 101" })).toBeTruthy();
  });
});
