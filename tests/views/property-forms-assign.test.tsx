import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { signOut } from "../../src/signals/session";
import { AssignRoleView } from "../../src/views/property/assign-role";
import { asOwner, clearToasts, fakeServer, json, property, tenancy, toastText } from "./property-forms-helpers";

const type = (label: string | RegExp | HTMLElement, value: string) =>
  fireEvent.change(label instanceof HTMLElement ? label : screen.getByLabelText(label), { target: { value } });
const answer =
  (over = {}) =>
  () =>
    json(200, { status: 1, data: property(over) });
const INVITE = "https://fixit.example/#/invite?token=abcdefghijklmnop1234";

beforeEach(() => {
  asOwner();
  navigate("/home");
  navigate("/property/assign-role?property_id=5&unit_id=13");
});
afterEach(() => {
  clearToasts();
  signOut();
  lang.value = "en";
  setApi(createApi());
});

describe("tenant invitation form", () => {
  it("preselects the unit of the link, sends the national number, and shows the WhatsApp invitation", async () => {
    const calls = fakeServer({
      "GET property/property": answer(),
      "POST property/assign_role": () => json(201, { message: "Tenant added.", tenancy_id: 91, user_id: 40, invite_url: INVITE }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    const unit = (await screen.findByLabelText("Unit")) as HTMLSelectElement;
    expect(unit.value).toBe("13");
    type("Tenant's name", "Khalid Al Balushi");
    type("Mobile number", "+968 9123 4567");
    type("Email (optional)", "khalid@example.om");
    type("Start date", "2026-12-01");
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    const box = await screen.findByTestId("invite-box");
    const post = calls.find((c) => c.path === "property/assign_role");
    expect(post?.body).toEqual({
      unit_id: 13,
      name: "Khalid Al Balushi",
      cntry_code: "+968",
      mob_no: "91234567",
      email: "khalid@example.om",
      start_date: "2026-12-01",
      end_date: null,
    });
    const wa = within(box).getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href") ?? "";
    expect(wa.startsWith("https://wa.me/96891234567?text=")).toBe(true);
    const text = decodeURIComponent(wa.split("text=")[1]);
    expect(text).toContain(INVITE);
    expect(text).toContain("Khalid Al Balushi");
    expect(text).toContain("unit 103");
    expect(within(box).getByRole("button", { name: "Copy message" })).toBeTruthy();
    expect((within(box).getByLabelText("Message to send") as HTMLTextAreaElement).value).toBe(text);
    // The second tap of a double tap, once the form emptied: nothing checked, nothing sent.
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    expect(screen.queryByText("Please enter the tenant's name.")).toBeNull();
    expect(calls.filter((c) => c.path === "property/assign_role")).toHaveLength(1);
  });

  it("writes the WhatsApp message in Arabic for an Arabic reader", async () => {
    lang.value = "ar";
    fakeServer({
      "GET property/property": answer(),
      "POST property/assign_role": () => json(201, { message: "ok", tenancy_id: 91, user_id: 40, invite_url: INVITE }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    type(await screen.findByLabelText("اسم المستأجر"), "خالد");
    type("رقم الجوال", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "أضف المستأجر" }));
    const link = await screen.findByRole("link", { name: "أرسل عبر واتساب" });
    const text = decodeURIComponent((link.getAttribute("href") ?? "").split("text=")[1]);
    expect(text).toContain("مرحبًا خالد");
    expect(text).toContain("فيكسِت الخليج");
    // The link ends the message as it came, with no direction mark after its token (that link was refused).
    expect(text.endsWith(`: ${INVITE}`)).toBe(true);
  });

  it("names each missing field and sends nothing", async () => {
    navigate("/property/assign-role?property_id=5");
    const calls = fakeServer({ "GET property/property": answer() });
    render(<AssignRoleView title="titles.assignRole" />);
    fireEvent.click(await screen.findByRole("button", { name: "Add tenant" }));
    expect(await screen.findByText("Please choose a unit.")).toBeTruthy();
    expect(screen.getByText("Please enter the tenant's name.")).toBeTruthy();
    expect(screen.getByText("Mobile number is required.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("refuses a number that is not a mobile of the chosen country", async () => {
    const calls = fakeServer({ "GET property/property": answer() });
    render(<AssignRoleView title="titles.assignRole" />);
    type(await screen.findByLabelText("Tenant's name"), "Khalid");
    type("Mobile number", "1234");
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    expect(await screen.findByText("Please enter a valid mobile number for the chosen country.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("says a known account was linked when no invitation link comes back", async () => {
    fakeServer({
      "GET property/property": answer(),
      "POST property/assign_role": () => json(201, { message: "Linked.", tenancy_id: 91, user_id: 40 }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    type(await screen.findByLabelText("Tenant's name"), "Khalid");
    type("Mobile number", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    expect(await screen.findByText(/already has an account/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Send on WhatsApp" })).toBeNull();
    expect(screen.queryByTestId("other-name")).toBeNull();
  });

  // Walked: a number that was another account's linked that account, and the screen named the person typed.
  it("names the account the number or email linked, and says so when it is not the name typed", async () => {
    fakeServer({
      "GET property/property": answer(),
      "POST property/assign_role": () => json(200, { message: "Linked.", tenancy_id: 91, user_id: 40, name: "Maryam Al Said", invite_url: null }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    type(await screen.findByLabelText("Tenant's name"), "Khalid");
    type("Mobile number", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    expect((await screen.findByTestId("invite-box")).querySelector("h2")?.textContent).toMatch(/^Maryam Al Said is the tenant of /);
    expect(screen.getByTestId("other-name").textContent).toBe(
      "The mobile number or email you gave belongs to the account “Maryam Al Said”, not “Khalid”: that account now has the unit. If it is not your tenant, end this tenancy below.",
    );
    expect(toastText("success")).toEqual(["Maryam Al Said was added."]);
  });

  it("ends a tenancy after confirmation", async () => {
    const calls = fakeServer({ "GET property/property": answer(), "PUT property/end_tenancy": () => json(200, { message: "Ended." }) });
    render(<AssignRoleView title="titles.assignRole" />);
    fireEvent.click(await screen.findByRole("button", { name: "End the tenancy of 102" }));
    const dialog = await screen.findByRole("dialog", { name: "End this tenancy?" });
    expect(within(dialog).getByText(/Aisha Tenant leaves 102 today/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "End tenancy" }));
    await waitFor(() => expect(calls.some((c) => c.path === "property/end_tenancy")).toBe(true));
    expect(calls.find((c) => c.path === "property/end_tenancy")?.params.get("tenancy_id")).toBe("90");
  });

  it("offers a tenant who never opened the invitation a new one, and shows it to send by WhatsApp", async () => {
    const pending = (over = {}) =>
      answer({
        units: [
          {
            unit_id: 12,
            name: "102",
            tenant: { ...tenancy, ...over },
            open_issues: 0,
          },
        ],
      });
    const joined = fakeServer({ "GET property/property": pending() });
    const view = render(<AssignRoleView title="titles.assignRole" />);
    await screen.findByRole("button", { name: "End the tenancy of 102" });
    // A tenant who joined (no invite_pending from the server) is offered nothing of the kind.
    expect(screen.queryByRole("button", { name: "Send the tenant of 102 a new invitation" })).toBeNull();
    expect(joined.some((c) => c.path === "property/reinvite")).toBe(false);
    view.unmount();

    const calls = fakeServer({
      "GET property/property": pending({ invite_pending: true }),
      "POST property/reinvite": () => json(200, { message: "A new invitation is ready.", tenancy_id: 90, user_id: 40, invite_url: INVITE }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    expect(await screen.findByText("Has not opened the invitation yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send the tenant of 102 a new invitation" }));
    const box = await screen.findByTestId("invite-box");
    expect(calls.find((c) => c.path === "property/reinvite")?.params.get("tenancy_id")).toBe("90");
    expect(within(box).getByRole("heading", { name: "A new invitation for Aisha Tenant" })).toBeTruthy();
    const wa = within(box).getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href") ?? "";
    expect(wa.startsWith("https://wa.me/96891000003?text=")).toBe(true);
    expect(decodeURIComponent(wa.split("text=")[1])).toContain(INVITE);
  });

  it("takes the invitation away once its tenancy is ended (its link no longer works)", async () => {
    const units = [
      {
        unit_id: 12,
        name: "102",
        tenant: { ...tenancy, invite_pending: true },
        open_issues: 0,
      },
      {
        unit_id: 13,
        name: "103",
        tenant: { tenancy_id: 92, name: "Salim Said", cntry_code: "+968", mob_no: "91000005", email: null, start_date: "2026-01-01", end_date: null },
        open_issues: 0,
      },
    ];
    fakeServer({
      "GET property/property": answer({ units }),
      "POST property/reinvite": () => json(200, { message: "A new invitation is ready.", tenancy_id: 90, user_id: 40, invite_url: INVITE }),
      "PUT property/end_tenancy": () => json(200, { message: "Ended." }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    fireEvent.click(await screen.findByRole("button", { name: "Send the tenant of 102 a new invitation" }));
    await screen.findByTestId("invite-box");
    const endOf = async (unit: string) => {
      fireEvent.click(screen.getByRole("button", { name: `End the tenancy of ${unit}` }));
      const dialog = await screen.findByRole("dialog", { name: "End this tenancy?" });
      fireEvent.click(within(dialog).getByRole("button", { name: "End tenancy" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "End this tenancy?" })).toBeNull());
    };
    // Another unit's tenancy: the invitation stays.
    await endOf("103");
    expect(screen.getByTestId("invite-box")).toBeTruthy();
    await endOf("102");
    expect(screen.queryByTestId("invite-box")).toBeNull();
  });

  it("once a company runs the property, says who adds its tenants instead of a bare refusal", async () => {
    fakeServer({ "GET property/property": answer({ company: { company_id: 3, name: "Gulf Fix LLC" }, actions: ["hand_over", "report", "prev_tenants"] }) });
    render(<AssignRoleView title="titles.assignRole" />);
    expect(await screen.findByText("Gulf Fix LLC runs this property: its managers add and end tenancies. Ask them to add a tenant.")).toBeTruthy();
    expect(screen.queryByText("You cannot add tenants to this property.")).toBeNull();
    // The owner came for the hand-over (the property screen's "Hand to another company"): the screen is named for it.
    expect(screen.getByRole("heading", { level: 1, name: "Hand to a company" })).toBeTruthy();
  });

  // Walked: one tap handed the property over, and the owner could no longer edit it nor take it back.
  it("hands the property to a company when the server allows it, once the owner confirms what it means", async () => {
    const calls = fakeServer({ "GET property/property": answer(), "POST property/hand_over": () => json(200, { message: "Handed over." }) });
    render(<AssignRoleView title="titles.assignRole" />);
    type(await screen.findByLabelText("Company registration number or email"), "ops@gulffix.om");
    fireEvent.click(screen.getByRole("button", { name: "Hand over" }));
    const dialog = await screen.findByRole("dialog", { name: "Hand this property to the company?" });
    expect(dialog.textContent).toContain("“ops@gulffix.om”");
    expect(calls.some((c) => c.path === "property/hand_over")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.path === "property/hand_over")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Hand over" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Hand over" }));
    await waitFor(() => expect(calls.some((c) => c.path === "property/hand_over")).toBe(true));
    expect(calls.find((c) => c.path === "property/hand_over")?.body).toEqual({ company: "ops@gulffix.om" });
  });

  it("lets the owner of a property a company runs run it again, after confirming", async () => {
    const calls = fakeServer({
      "GET property/property": answer({ actions: ["hand_over", "take_back", "report", "prev_tenants"], company: { company_id: 4, name: "Gulf Fix" } }),
      "POST property/take_back": () => json(200, { message: "You run this property again." }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    const section = await screen.findByTestId("take-back");
    fireEvent.click(within(section).getByRole("button", { name: "Run it myself" }));
    const dialog = await screen.findByRole("dialog", { name: "Run this property yourself again?" });
    expect(dialog.textContent).toContain("Gulf Fix stops running");
    fireEvent.click(within(dialog).getByRole("button", { name: "Run it myself" }));
    await waitFor(() => expect(calls.some((c) => c.path === "property/take_back")).toBe(true));
    expect(calls.find((c) => c.path === "property/take_back")?.params.get("property_id")).toBe("5");
  });

  it("hides hand-over and tenant ending without those actions", async () => {
    fakeServer({ "GET property/property": answer({ actions: ["add_tenant"] }) });
    render(<AssignRoleView title="titles.assignRole" />);
    await screen.findByLabelText("Tenant's name");
    expect(screen.queryByLabelText("Company registration number or email")).toBeNull();
    expect(screen.queryByRole("button", { name: /End the tenancy/ })).toBeNull();
  });
});
