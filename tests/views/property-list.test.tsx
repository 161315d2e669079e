import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { paths } from "../../src/paths";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { PrevTenantsView } from "../../src/views/property/prev-tenants";
import { PropertiesView, SEARCH_DEBOUNCE_MS } from "../../src/views/property/properties";
import { FakeObserver } from "./staff-helpers";
import { typeThenPause } from "../fake-clock";
import { type Call, fakeApi, json, summary } from "./property-helpers";

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
  setApi(createApi());
  lang.value = "en";
});

/** A company running `total` properties named Property 1..total, served in pages of 10 and searched by name. */
function company(total: number) {
  return fakeApi((call: Call) => {
    const q = (call.params.get("q") ?? "").toLowerCase();
    const all = Array.from({ length: total }, (_, i) => summary(i + 1, { name: i % 2 ? `Villa ${i + 1}` : `Tower ${i + 1}` }));
    const found = all.filter((p) => p.name.toLowerCase().includes(q));
    const n = Number(call.params.get("page_num"));
    return json(200, { status: 1, total: found.length, data: found.slice((n - 1) * 10, n * 10) });
  });
}
const rows = () => screen.queryAllByTestId("property-row");

describe("/properties", () => {
  it("lists the company's properties with type, address, units and open issues, and loads more near the end", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1 });
    const calls = company(12);
    render(<PropertiesView title="titles.properties" />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByRole("heading", { name: "Properties (12)" })).toBeTruthy();
    const first = rows()[0];
    expect(within(first).getByText("Tower 1")).toBeTruthy();
    expect(within(first).getByText("Building")).toBeTruthy();
    expect(within(first).getByText("Block 215 Building 1 Way 2734 Muscat")).toBeTruthy();
    expect(within(first).getByText("Units (4)")).toBeTruthy();
    expect(within(first).getByText("1 open")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add property" }).getAttribute("href")).toBe("#/property/add-property");
    await waitFor(() => expect(FakeObserver.live()).toHaveLength(1));
    act(() => FakeObserver.reachEnd());
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(calls.map((c) => c.params.get("page_num"))).toEqual(["1", "2"]);
  });

  it("sends what is typed as q once typing pauses, and says when nothing matches", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1 });
    const calls = company(12);
    render(<PropertiesView title="titles.properties" />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const box = screen.getByRole("searchbox", { name: "Search properties" });
    const search = (...values: string[]) => {
      const before = calls.length;
      return typeThenPause(
        SEARCH_DEBOUNCE_MS,
        () => {
          for (const value of values) fireEvent.change(box, { target: { value } });
        },
        () => expect(calls).toHaveLength(before),
      );
    };
    await search("vil", "villa");
    await waitFor(() => expect(rows()).toHaveLength(6));
    // One call for the pause, not one per keystroke.
    expect(calls.map((c) => c.params.get("q"))).toEqual([null, "villa"]);
    expect(rows().every((r) => r.textContent?.includes("Villa"))).toBe(true);
    await search("qurum");
    expect((await screen.findByTestId("empty-state")).textContent).toContain("No property matches “qurum”");
  });

  it("with no property says how to get one", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1 });
    company(0);
    render(<PropertiesView title="titles.properties" />);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("Your company runs no properties yet.");
  });

  // A tile of the manager's Home opens it, not the bottom bar: the back arrow returns there.
  it("goes back to the manager's Home with its back arrow", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1 });
    company(3);
    navigate(paths.home);
    navigate(paths.properties);
    render(<PropertiesView title="titles.properties" />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
  });
});

describe("/property/prev-tenant", () => {
  const ended = (id: number) => ({
    tenancy_id: id,
    property_id: 1,
    property_name: "Al Noor Tower",
    unit_name: `10${id}`,
    tenant_name: `Former tenant ${id}`,
    start_date: "2024-02-01",
    end_date: "2025-01-31",
    issues_count: id,
  });

  it("lists the ended tenancies of the property in the address: name, unit, property, dates and issues", async () => {
    signIn({ access_token: "t", role: 0, got_email_mob: 1 });
    const calls = fakeApi({ "GET property/prev_tenants": () => json(200, { status: 1, total: 2, data: [ended(1), ended(2)] }) });
    navigate(paths.prevTenant(1));
    render(<PrevTenantsView title="titles.prevTenant" />);
    const items = await screen.findAllByTestId("prev-tenant");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toBe("Former tenant 1Unit 101, Al Noor Tower1 Feb 2024 – 31 Jan 2025Issues: 1");
    expect(calls[0].params.get("property_id")).toBe("1");
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("without a property asks for all the caller may see, and says when there are none", async () => {
    signIn({ access_token: "t", role: 0, got_email_mob: 1 });
    const calls = fakeApi({ "GET property/prev_tenants": () => json(200, { status: 1, total: 0, data: [] }) });
    navigate(paths.prevTenant());
    render(<PrevTenantsView title="titles.prevTenant" />);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("No previous tenants yet.");
    expect(screen.getByRole("heading", { level: 1, name: "Previous tenants" })).toBeTruthy();
    expect(calls[0].params.has("property_id")).toBe(false);
  });

  it("is a tenant's own earlier homes when opened from their Home, in English and Arabic", async () => {
    signIn({ access_token: "t", role: 3, got_email_mob: 1 });
    const calls = fakeApi({ "GET property/prev_tenants": () => json(200, { status: 1, total: 0, data: [] }) });
    navigate(paths.prevTenant());
    render(<PrevTenantsView title="titles.prevTenant" />);
    expect((await screen.findByTestId("empty-state")).textContent).toBe(
      "No earlier homes yet. When a tenancy of yours ends, the home shows here with its repairs.",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Your earlier homes" })).toBeTruthy();
    expect(calls[0].params.has("property_id")).toBe(false);
    act(() => void (lang.value = "ar"));
    expect(screen.getByRole("heading", { level: 1, name: "منازلك السابقة" })).toBeTruthy();
    expect(screen.getByTestId("empty-state").textContent).toContain("لا توجد منازل سابقة بعد.");
  });

  it("renders in Arabic with Western digits", async () => {
    signIn({ access_token: "t", role: 0, got_email_mob: 1 });
    lang.value = "ar";
    fakeApi({ "GET property/prev_tenants": () => json(200, { status: 1, total: 1, data: [ended(1)] }) });
    navigate(paths.prevTenant(1));
    render(<PrevTenantsView title="titles.prevTenant" />);
    const item = await screen.findByTestId("prev-tenant");
    expect(item.textContent).toBe("Former tenant 1الوحدة 101، \u2068Al Noor Tower\u20691 فبراير 2024 – 31 يناير 2025المشكلات: 1");
    expect(screen.getByRole("heading", { level: 1 }).textContent).not.toBe("titles.prevTenant");
  });
});
