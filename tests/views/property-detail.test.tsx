import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../src/app";
import { createApi, setApi } from "../../src/api/client";
import { nameParam } from "../../src/components/property/parts";
import { paths } from "../../src/paths";
import { dir, lang, watchLanguage } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { viewportWidth } from "../../src/signals/viewport";
import { PropertyDetailView } from "../../src/views/property/property";
import { type Call, detail, fakeApi, json, tenantDetail } from "./property-helpers";

// The app shows itself only on a phone-sized screen.
beforeEach(() => void (viewportWidth.value = 375));
afterEach(() => {
  signOut();
  setApi(createApi());
  lang.value = "en";
});

const as = (role: number) => signIn({ access_token: "t", role, got_email_mob: 1, user_id: 501 });
const serve = (body = detail()) => fakeApi({ "GET property/property": () => json(200, { status: 1, data: body }) });
const open = (name = "Al Noor Tower") => render(<PropertyDetailView title="titles.property" params={{ propertyName: name }} />);
const action = (name: string) => screen.queryByRole("link", { name });

describe("the property page", () => {
  it("shows the seeded pictures before the uploaded photos, each once", async () => {
    as(0);
    const front = { path: "p/1/front.jpg", url: "/files/properties/p/1/front.jpg?sig=abc" };
    serve(detail({ prop_images: [{ path: "demo/qurum-heights.svg" }, front] }));
    open();
    const photos = await screen.findByTestId("property-photos");
    expect([...photos.querySelectorAll("img")].map((i) => i.getAttribute("src"))).toEqual(["files/properties/demo/qurum-heights.svg", front.url]);
  });

  it("loads the property by its name and shows photos, address, type, units, documents, access notes and issue history", async () => {
    as(0);
    const calls = serve();
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Al Noor Tower" })).toBeTruthy();
    expect(calls[0].params.get("name")).toBe("Al Noor Tower");
    // Photos come from the server's url (it may carry a signature).
    const photos = await screen.findByTestId("property-photos");
    expect(photos.querySelector("img")?.getAttribute("src")).toBe("/files/properties/p/1/front.jpg?sig=abc");
    fireEvent.click(within(photos).getByRole("button", { name: /Photo 1/ }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(screen.getByTestId("property-address").textContent).toBe("Way 2734, Al Khuwair, Muscat");
    expect(screen.getAllByTestId("type-badge")[0].textContent).toBe("Building");
    expect(screen.getByTestId("issue-map")).toBeTruthy();
    // Units as a grid: tenant or Vacant, open issues; each opens the apartment view.
    const units = screen.getAllByTestId("unit");
    expect(units.map((u) => u.textContent)).toEqual(["101Salim Al Harthy1 open", "102Maryam Al Said1 open", "103Vacant0 open", "104Vacant0 open"]);
    expect(units[0].getAttribute("href")).toBe("#/property/apartment-view/Al%20Noor%20Tower?unit_id=11");
    const doc = within(screen.getByTestId("documents")).getByRole("link", { name: "Lease 2026.pdf" });
    expect(doc.getAttribute("href")).toBe("/files/properties/p/1/lease.pdf?sig=def");
    expect(doc.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("Gate code 4521. Parking behind the building.")).toBeTruthy();
    const history = within(screen.getByTestId("issue-history")).getAllByRole("link");
    expect(history).toHaveLength(3);
    expect(history[0].getAttribute("href")).toBe("#/property/issues-view?issue_id=31");
    expect(history[0].textContent).toContain("Kitchen sink leaking");
    expect(history[0].textContent).toContain("20 Nov 2026");
    expect(history[0].textContent).toContain("Open");
    expect(history[1].textContent).toContain("Closed");
    // The stage when the server sends it: work on hold says so.
    expect(history[2].textContent).toContain("On hold");
  });

  it("shows exactly the buttons that `actions` allows, each linking to its screen", async () => {
    as(0);
    serve();
    open();
    await screen.findByTestId("property-actions");
    expect(action("Edit property")?.getAttribute("href")).toBe("#/property/edit-property?property_id=1");
    expect(action("Add a tenant")?.getAttribute("href")).toBe("#/property/assign-role?property_id=1");
    expect(action("Previous tenants")?.getAttribute("href")).toBe("#/property/prev-tenant?property_id=1");
    expect(action("Report an issue")?.getAttribute("href")).toBe("#/property/addissues?property_id=1");
  });

  it("without 'edit' shows no edit button, and with no actions no action buttons at all", async () => {
    as(0);
    serve(detail({ actions: ["report", "prev_tenants"] }));
    const first = open();
    await screen.findByTestId("property-actions");
    expect(action("Edit property")).toBeNull();
    expect(action("Add a tenant")).toBeNull();
    expect(action("Report an issue")).toBeTruthy();
    expect(action("Previous tenants")).toBeTruthy();
    first.unmount();
    // The same for a manager: the role does not add buttons, the server's list does.
    as(2);
    serve(detail({ actions: [] }));
    open();
    await screen.findByRole("heading", { level: 1, name: "Al Noor Tower" });
    expect(screen.queryByTestId("property-actions")).toBeNull();
    expect(action("Edit property")).toBeNull();
  });

  it("leads an owner whose property a company runs to the hand-over (no tenants to add there)", async () => {
    as(0);
    serve(detail({ actions: ["hand_over", "report", "prev_tenants"] }));
    const first = open();
    await screen.findByTestId("property-actions");
    expect(action("Add a tenant")).toBeNull();
    expect(action("Hand to another company")?.getAttribute("href")).toBe("#/property/assign-role?property_id=1");
    first.unmount();
    // With "add_tenant", the hand-over is on that screen: one link, not two to the same place.
    serve(detail({ actions: ["add_tenant", "hand_over"] }));
    open();
    await screen.findByTestId("property-actions");
    expect(action("Add a tenant")).toBeTruthy();
    expect(action("Hand to another company")).toBeNull();
  });

  it("for a tenant does not call other units vacant, and shows no map without a location", async () => {
    as(3);
    serve({ ...tenantDetail(), location: null, photos: [] });
    open();
    await screen.findAllByTestId("unit");
    expect(screen.getAllByTestId("unit").map((u) => u.textContent)).toEqual(["101Salim Al Harthy1 open", "1021 open"]);
    expect(screen.queryByText("Vacant")).toBeNull();
    expect(screen.queryByTestId("issue-map")).toBeNull();
    expect(screen.queryByTestId("property-photos")).toBeNull();
    expect(screen.getByText("No documents yet.")).toBeTruthy();
  });

  it("renders in Arabic, right to left, with Western digits in dates", async () => {
    as(0);
    const stop = watchLanguage();
    try {
      lang.value = "ar";
      serve();
      open();
      await screen.findAllByTestId("unit");
      expect(dir.value).toBe("rtl");
      expect(document.documentElement.dir).toBe("rtl");
      expect(screen.getAllByTestId("type-badge")[0].textContent).toBe("مبنى");
      expect(screen.getByRole("link", { name: "تعديل العقار" })).toBeTruthy();
      expect(screen.getAllByText("شاغرة")).toHaveLength(2);
      const first = within(screen.getByTestId("issue-history")).getAllByRole("link")[0];
      expect(first.textContent).toContain("20 نوفمبر 2026");
      expect(first.textContent).not.toMatch(/[\u0660-\u0669]/);
    } finally {
      lang.value = "en";
      stop();
    }
  });
});

describe("the property route", () => {
  it("decodes the name from the address, reserved characters too", async () => {
    as(0);
    const calls: Call[] = serve(detail({ name: "Villa 5/B & Co" }));
    location.hash = `#${paths.property("Villa 5/B & Co")}`;
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: "Villa 5/B & Co" })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "property/property")).toBe(true));
    expect(calls.find((c) => c.path === "property/property")?.params.get("name")).toBe("Villa 5/B & Co");
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("decodes what the router leaves encoded", () => {
    expect(nameParam("Villa 5%2FB %26 Co")).toBe("Villa 5/B & Co");
    expect(nameParam("Al Noor 100%")).toBe("Al Noor 100%");
    expect(nameParam(undefined)).toBe("");
  });

  it("goes to /404 when the server answers 404", async () => {
    as(0);
    fakeApi({ "GET property/property": () => json(404, { detail: "Not found" }) });
    location.hash = `#${paths.property("Someone Else's")}`;
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(location.hash).toBe("#/404");
  });
});
