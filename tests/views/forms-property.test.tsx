// The property forms once more with `input` events, so `npm run test:preact` runs them on preact/compat too (D14: the
// production build's React); the full cases are in property-forms-*.test.tsx.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { signOut, token } from "../../src/signals/session";
import { InviteView } from "../../src/views/auth/invite";
import { AddPropertyView } from "../../src/views/property/add-property";
import { AssignRoleView } from "../../src/views/property/assign-role";
import { asOwner, clearToasts, fakeServer, json, property } from "./property-forms-helpers";

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  clearToasts();
  signOut();
  setApi(createApi());
});

describe("property forms on either React", () => {
  beforeEach(() => {
    asOwner();
    navigate("/home");
  });

  it("sends units 101 to 104 from the generated range", async () => {
    navigate("/property/add-property");
    const calls = fakeServer({ "POST property/add_property": () => json(201, { message: "ok", property_id: 5, name: "Tower" }) });
    render(<AddPropertyView title="titles.addProperty" />);
    type("Property name", "Tower");
    fireEvent.click(screen.getByRole("radio", { name: "Apartment building" }));
    type("First number", "101");
    type("Last number", "104");
    fireEvent.click(screen.getByRole("button", { name: "Add property" }));
    await waitFor(() => expect(location.hash).toBe("#/property/Tower"));
    expect((calls[0].body as { units: string[] }).units).toEqual(["101", "102", "103", "104"]);
  });

  it("says, once floors are on, that the range is one floor's numbers (101 to 104 on floors 1 to 3 made 1101 to 3104)", () => {
    navigate("/property/add-property");
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    fireEvent.click(screen.getByRole("radio", { name: "Apartment building" }));
    expect(screen.queryByTestId("floors-hint")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Repeat on several floors" }));
    expect(screen.getByTestId("floors-hint").textContent).toBe(
      "The range is then the numbers on one floor, for example 1 to 4: on floors 1 to 3 that makes 101 to 304.",
    );
    expect(screen.queryByText(/for example 101 and 110/)).toBeNull();
    type("First number", "1");
    type("Last number", "4");
    type("First floor", "1");
    type("Last floor", "3");
    expect(screen.getByTestId("unit-preview").textContent).toContain("101");
    expect(screen.getByTestId("unit-preview").textContent).toContain("304");
  });

  it("asks before the back arrow loses typed text", async () => {
    navigate("/property/add-property");
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    type("Property name", "Half");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
  });

  it("adds a tenant and offers the WhatsApp invitation", async () => {
    navigate("/property/assign-role?property_id=5&unit_id=11");
    fakeServer({
      "GET property/property": () => json(200, { status: 1, data: property() }),
      "POST property/assign_role": () =>
        json(201, { message: "ok", tenancy_id: 1, user_id: 2, invite_url: "https://x.example/#/invite?token=abcdefghijklmnopq" }),
    });
    render(<AssignRoleView title="titles.assignRole" />);
    await screen.findByLabelText("Tenant's name");
    type("Tenant's name", "Khalid");
    type("Mobile number", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "Add tenant" }));
    const link = await screen.findByRole("link", { name: "Send on WhatsApp" });
    expect(link.getAttribute("href")).toContain("https://wa.me/96891234567?text=");
  });
});

describe("invitation on either React", () => {
  it("sets the password and signs in", async () => {
    signOut();
    navigate("/invite?token=abcdefghijklmnopqrstu");
    fakeServer({
      "GET invite/info": () => json(200, { status: 1, data: { name: "Khalid", inviter_name: null, property_name: "Tower", unit_name: "102", role: 3 } }),
      "POST invite/accept": () => json(200, { access_token: "fresh", role: 3, got_email_mob: 1 }),
    });
    render(<InviteView title="titles.invite" />);
    await screen.findByTestId("invite-who");
    type("Password", "Tenant@2026");
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
    expect(token.value).toBe("fresh");
  });
});
