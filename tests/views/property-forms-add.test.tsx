import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { clearKept } from "../../src/lib/kept";
import { signIn, signOut } from "../../src/signals/session";
import { AddPropertyView } from "../../src/views/property/add-property";
import { asOwner, clearToasts, draftWritten, fakeServer, json, settle, tinyJpeg, toastText } from "./property-forms-helpers";

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Add property" }));
const added =
  (name = "Al Khuwair Residence") =>
  () =>
    json(201, { message: "Property added.", property_id: 5, name });

beforeEach(() => {
  asOwner();
  navigate("/home");
  navigate("/property/add-property");
});
afterEach(() => {
  clearToasts();
  signOut();
  lang.value = "en";
  setApi(createApi());
});

function fillBuilding(name = "Al Khuwair Residence") {
  type("Property name", name);
  fireEvent.click(screen.getByRole("radio", { name: "Apartment building" }));
  type("First number", "101");
  type("Last number", "104");
}

describe("add property", () => {
  it("names each missing field on an empty submit, focuses the first and sends nothing", async () => {
    const calls = fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    submit();
    expect(await screen.findByText("Please give the property a name.")).toBeTruthy();
    expect(screen.getByText("Please choose the type of property.")).toBeTruthy();
    // The range's two numbers, each on its own field.
    expect(screen.getAllByText("Enter a number.")).toHaveLength(2);
    expect(screen.getByLabelText("Property name").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Property name")));
    expect(calls).toHaveLength(0);
  });

  it("shows the field messages in Arabic for an Arabic reader", async () => {
    lang.value = "ar";
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    fireEvent.click(screen.getByRole("button", { name: "أضف العقار" }));
    expect(await screen.findByText("يُرجى إعطاء العقار اسمًا.")).toBeTruthy();
    expect(screen.getByText("يُرجى اختيار نوع العقار.")).toBeTruthy();
  });

  // Walked: street, city and country typed, and the property then read "Address not added" (SPEC.md's rule: two of
  // block, building number and street, or a place) without a word on the form.
  it("says when the typed address will not show on the property, until two of block, number and street are there", async () => {
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    await screen.findByLabelText("Street");
    expect(screen.queryByTestId("address-not-shown")).toBeNull();
    type("Street", "Way 1");
    type("City", "Muscat");
    expect(screen.getByTestId("address-not-shown").textContent).toBe(
      "The address shows on the property once two of block, building no. and street are filled, or a place is picked above.",
    );
    type("Building no.", "12");
    expect(screen.queryByTestId("address-not-shown")).toBeNull();
  });

  it("generates units 101 to 104 in the form, shows their count, and sends the four units", async () => {
    const calls = fakeServer({ "POST property/add_property": added() });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    expect(screen.getByTestId("unit-preview").textContent).toBe("Units (4): 101, 102, 103, 104");
    type("Access notes (optional)", "Gate code 1234");
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/Al%20Khuwair%20Residence"));
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      name: "Al Khuwair Residence",
      type: "building",
      units: ["101", "102", "103", "104"],
      access_notes: "Gate code 1234",
      addrs: { country: "OM" },
      location: null,
    });
    expect(toastText("success")).toEqual(["Property added."]);
  });

  it("offers one unit for a villa, named for it, and sends the name the owner gives", async () => {
    const calls = fakeServer({ "POST property/add_property": added("Villa Qurum") });
    render(<AddPropertyView title="titles.addProperty" />);
    type("Property name", "Villa Qurum");
    fireEvent.click(screen.getByRole("radio", { name: "Villa" }));
    expect((screen.getByRole("radio", { name: "One unit" }) as HTMLInputElement).checked).toBe(true);
    // Its one unit is named already: nothing to type for a villa.
    expect((screen.getByLabelText("Unit name") as HTMLInputElement).value).toBe("Villa");
    // Emptied, the unit's name is asked for as such (the message spoke of a limit of 20 characters).
    type("Unit name", "");
    submit();
    expect(await screen.findByText("Please give the unit a name.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    type("Unit name", "Garden villa");
    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0].body as { units: string[] }).units).toEqual(["Garden villa"]);
  });

  it("names a villa's unit in the owner's language, and a building's units are a range again", async () => {
    lang.value = "ar";
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    fireEvent.click(screen.getByRole("radio", { name: "فيلا" }));
    expect((document.getElementById("units-single") as HTMLInputElement).value).toBe("فيلا");
    fireEvent.click(screen.getByRole("radio", { name: "مبنى شقق" }));
    expect(document.getElementById("units-single")).toBeNull();
  });

  it("takes the country of the place chosen in the search, and its town for an empty city", async () => {
    const dubai = { formatted_address: "Dubai, United Arab Emirates", geometry: { location: { lat: 25.07, lng: 55.17 } }, city: "Dubai", country_code: "AE" };
    const calls = fakeServer({ "GET place/search": () => json(200, [dubai]), "POST property/add_property": added("Villa Jumeirah") });
    render(<AddPropertyView title="titles.addProperty" />);
    type("Property name", "Villa Jumeirah");
    fireEvent.click(screen.getByRole("radio", { name: "Villa" }));
    type("Unit name", "Villa");
    fireEvent.input(screen.getByLabelText("Search for the place"), { target: { value: "Dub" } });
    fireEvent.click(await screen.findByRole("option", { name: "Dubai, United Arab Emirates" }, { timeout: 2000 }));
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Dubai");
    submit();
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    const body = calls.find((c) => c.method === "POST")?.body as { addres: string; addrs: { city: string; country: string } };
    expect(body.addres).toBe("Dubai, United Arab Emirates");
    expect(body.addrs).toMatchObject({ city: "Dubai", country: "AE" });
  });

  it("shows a 409 duplicate name on the name field and keeps what was typed", async () => {
    const detail = "You already have a property named Al Khuwair Residence.";
    fakeServer({ "POST property/add_property": () => json(409, { detail }) });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    submit();
    const name = screen.getByLabelText("Property name") as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(detail, { selector: "p" }).id).toBe("prop-name-error");
    expect(name.value).toBe("Al Khuwair Residence");
    expect((screen.getByLabelText("Last number") as HTMLInputElement).value).toBe("104");
    expect(location.hash).toBe("#/property/add-property");
  });

  it("shows the server's field errors by their fields", async () => {
    fakeServer({ "POST property/add_property": () => json(422, { detail: "Please check the form.", errors: { "addrs.city": "City is too long." } }) });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    type("City", "Muscat");
    submit();
    expect(await screen.findByText("City is too long.")).toBeTruthy();
    expect(screen.getByLabelText("City").getAttribute("aria-invalid")).toBe("true");
  });

  it("uploads each file in its own request with the raw bytes, then opens the property", async () => {
    const calls = fakeServer({
      "POST property/add_property": added(),
      "POST property/media": () => json(201, { message: "File added.", file_id: 1 }),
    });
    const { container } = render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], "lease ١.pdf", { type: "application/pdf" });
    fireEvent.change(container.querySelector("#files-documents") as HTMLInputElement, { target: { files: [pdf] } });
    fireEvent.change(container.querySelector("#files-photos") as HTMLInputElement, { target: { files: [tinyJpeg()] } });
    expect(screen.getByText("lease ١.pdf")).toBeTruthy();
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/Al%20Khuwair%20Residence"));
    const media = calls.filter((c) => c.path === "property/media");
    expect(media).toHaveLength(2);
    const photo = media.find((c) => c.params.get("kind") === "photo");
    const doc = media.find((c) => c.params.get("kind") === "document");
    expect(doc?.params.get("property_id")).toBe("5");
    expect(doc?.headers.get("content-type")).toBe("application/pdf");
    expect(doc?.headers.get("x-file-name")).toBe(encodeURIComponent("lease ١.pdf"));
    expect([...(doc?.bytes ?? [])]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    expect(photo?.headers.get("content-type")).toBe("image/jpeg");
    expect([...(photo?.bytes ?? []).slice(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it("keeps the property when a file fails, and sends that file again on its own", async () => {
    let fail = true;
    const calls = fakeServer({
      "POST property/add_property": added(),
      "POST property/media": () => (fail ? json(500, { detail: "Storage is unavailable." }) : json(201, { message: "ok" })),
    });
    const { container } = render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "plan.pdf", { type: "application/pdf" });
    fireEvent.change(container.querySelector("#files-documents") as HTMLInputElement, { target: { files: [pdf] } });
    submit();
    expect(await screen.findByText("Storage is unavailable.")).toBeTruthy();
    expect(screen.getByText("0 of 1 sent")).toBeTruthy();
    expect(location.hash).toBe("#/property/add-property");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try sending plan.pdf again" }));
    await waitFor(() => expect(screen.getByText("1 of 1 sent")).toBeTruthy());
    expect(calls.filter((c) => c.path === "property/add_property")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "property/media")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Open the property" }));
    expect(location.hash).toBe("#/property/Al%20Khuwair%20Residence");
  });

  it("hands the new property to the company the owner named", async () => {
    const calls = fakeServer({ "POST property/add_property": added(), "POST property/hand_over": () => json(200, { message: "Handed over." }) });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    type("Company registration number or email", "CR-1234567");
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/Al%20Khuwair%20Residence"));
    const hand = calls.find((c) => c.path === "property/hand_over");
    expect(hand?.params.get("property_id")).toBe("5");
    expect(hand?.body).toEqual({ company: "CR-1234567" });
  });

  it("a hand-over that fails keeps the company as typed, to correct and try again", async () => {
    const calls = fakeServer({
      "POST property/add_property": added(),
      "POST property/hand_over": (c) =>
        (c.body as { company: string }).company === "CR-1234567"
          ? json(200, { message: "Handed over." })
          : json(422, { detail: "No company has this registration number or email." }),
    });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    type("Company registration number or email", "CR-123456");
    submit();
    expect(await screen.findByText("No company has this registration number or email.")).toBeTruthy();
    const again = screen.getByLabelText("Company registration number or email") as HTMLInputElement;
    expect(again.value).toBe("CR-123456");
    fireEvent.input(again, { target: { value: "CR-1234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Try the hand-over again" }));
    await waitFor(() => expect(screen.queryByText("No company has this registration number or email.")).toBeNull());
    expect(calls.filter((c) => c.path === "property/hand_over").map((c) => c.body)).toEqual([{ company: "CR-123456" }, { company: "CR-1234567" }]);
  });

  it("sends the files before handing the property over (after the hand-over the owner's uploads were refused)", async () => {
    const calls = fakeServer({
      "POST property/add_property": added(),
      "POST property/media": () => json(201, { message: "ok" }),
      "POST property/hand_over": () => json(200, { message: "Handed over." }),
    });
    const { container } = render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "plan.pdf", { type: "application/pdf" });
    fireEvent.change(container.querySelector("#files-documents") as HTMLInputElement, { target: { files: [pdf] } });
    type("Company registration number or email", "CR-1234567");
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/Al%20Khuwair%20Residence"));
    expect(calls.map((c) => c.path).filter((p) => p !== "property/add_property")).toEqual(["property/media", "property/hand_over"]);
  });

  it("asks before the back arrow loses typed text; Keep editing keeps it", async () => {
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    type("Property name", "Half typed");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((screen.getByLabelText("Property name") as HTMLInputElement).value).toBe("Half typed");
    expect(location.hash).toBe("#/property/add-property");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
  });

  it("leaves at once when nothing was typed", async () => {
    fakeServer({});
    render(<AddPropertyView title="titles.addProperty" />);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("add property: the draft kept on the phone", () => {
  it("brings back what was typed, written a moment after the last change, with a note", async () => {
    signIn({ access_token: "tok", role: 0, got_email_mob: 1, name: "Maryam Owner", user_id: 77 });
    fakeServer({ "POST property/properties": added(), "POST property/property": added() });
    render(<AddPropertyView title="titles.addProperty" />);
    fillBuilding();
    await draftWritten({ afterPause: true });
    cleanup();
    render(<AddPropertyView title="titles.addProperty" />);
    await waitFor(() => expect((screen.getByLabelText("Property name") as HTMLInputElement).value).toBe("Al Khuwair Residence"));
    expect((screen.getByLabelText("Last number") as HTMLInputElement).value).toBe("104");
    expect(screen.getByTestId("draft-restored")).toBeTruthy();
    await clearKept();
  });
});
