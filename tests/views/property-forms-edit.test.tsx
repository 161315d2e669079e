import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate, useHashLocation } from "../../src/lib/hash-location";
import { clearKept } from "../../src/lib/kept";
import { signIn, signOut } from "../../src/signals/session";
import { EditPropertyView } from "../../src/views/property/edit-property";
import { asOwner, clearToasts, draftWritten, fakeServer, json, property, settle, toastText } from "./property-forms-helpers";

const type = (label: string | RegExp | HTMLElement, value: string) =>
  fireEvent.change(label instanceof HTMLElement ? label : screen.getByLabelText(label), { target: { value } });
const answer =
  (over = {}) =>
  () =>
    json(200, { status: 1, data: property(over) });

beforeEach(() => {
  asOwner();
  navigate("/home");
  navigate("/property/edit-property?property_id=5");
});
afterEach(() => {
  clearToasts();
  signOut();
  setApi(createApi());
});

describe("edit property", () => {
  it("loads the property by its id and fills the form in", async () => {
    const calls = fakeServer({ "GET property/property": answer() });
    render(<EditPropertyView title="titles.editProperty" />);
    const name = (await screen.findByLabelText("Property name")) as HTMLInputElement;
    expect(calls[0].params.get("property_id")).toBe("5");
    expect(name.value).toBe("Al Khuwair Residence");
    expect((screen.getByRole("radio", { name: "Apartment building" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Muscat");
    expect((screen.getByLabelText("Access notes (optional)") as HTMLInputElement).value).toBe("Gate code 1234");
    expect(screen.getByRole("button", { name: "Remove front.jpg" })).toBeTruthy();
  });

  it("shows the property's country whether stored as a code or, as the demo data has it, by name", async () => {
    const country = async (stored: string) => {
      fakeServer({ "GET property/property": answer({ addrs: { ...property().addrs, country: stored } }) });
      const view = render(<EditPropertyView title="titles.editProperty" />);
      const select = (await screen.findByLabelText("Country")) as HTMLSelectElement;
      const shown = [select.value, select.selectedOptions[0]?.textContent];
      view.unmount();
      return shown;
    };
    expect(await country("Oman")).toEqual(["OM", "Oman"]);
    expect(await country("سلطنة عمان")).toEqual(["OM", "Oman"]);
    expect(await country("ae")).toEqual(["AE", "United Arab Emirates"]);
    // A country the short list lacks is offered, not dropped.
    expect(await country("FR")).toEqual(["FR", "France"]);
    expect(await country("Atlantis")).toEqual(["", "Choose a country"]);
  });

  it("offers delete only when the server's actions include it", async () => {
    fakeServer({ "GET property/property": answer({ actions: ["edit"] }) });
    render(<EditPropertyView title="titles.editProperty" />);
    await screen.findByLabelText("Property name");
    expect(screen.queryByRole("button", { name: "Delete property" })).toBeNull();
  });

  it("says so honestly, with no form, when the server does not allow editing", async () => {
    fakeServer({ "GET property/property": answer({ actions: ["report"] }) });
    render(<EditPropertyView title="titles.editProperty" />);
    expect(await screen.findByText(/You cannot edit this property/)).toBeTruthy();
    expect(screen.queryByLabelText("Property name")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Al Khuwair Residence" }).getAttribute("href")).toBe("#/property/Al%20Khuwair%20Residence");
  });

  // Walked: the owner of a property a company runs read "Its owner, or the company that runs it, can."
  it("tells the owner of a property a company runs who edits it, and links to running it again", async () => {
    fakeServer({ "GET property/property": answer({ actions: ["hand_over", "take_back", "report"], company: { company_id: 4, name: "Gulf Fix" } }) });
    render(<EditPropertyView title="titles.editProperty" />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Gulf Fix runs this property: its managers edit it. To edit it yourself, run it yourself again.",
    );
    expect(screen.getByRole("link", { name: "Run it yourself again" }).getAttribute("href")).toMatch(/^#\/property\/assign-role\?property_id=\d+$/);
  });

  it("shows the server's 409 detail when a property with an open issue cannot be deleted", async () => {
    const detail = "This property has an open repair and cannot be deleted.";
    const calls = fakeServer({ "GET property/property": answer(), "DELETE property/property": () => json(409, { detail }) });
    render(<EditPropertyView title="titles.editProperty" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete property" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this property?" });
    expect(within(dialog).getByText("Al Khuwair Residence, its units (3), tenancies and files.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.params.get("property_id")).toBe("5");
    expect(location.hash).toBe("#/property/edit-property?property_id=5");
  });

  it("deletes after confirmation and goes home", async () => {
    fakeServer({ "GET property/property": answer(), "DELETE property/property": () => json(200, { message: "Deleted." }) });
    render(<EditPropertyView title="titles.editProperty" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete property" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
    expect(toastText("success")).toEqual(["Al Khuwair Residence was deleted."]);
  });

  it("saves the changed fields with PUT and opens the property under its new name", async () => {
    const calls = fakeServer({ "GET property/property": answer(), "PUT property/property": () => json(200, { message: "Saved." }) });
    render(<EditPropertyView title="titles.editProperty" />);
    await screen.findByLabelText("Property name");
    type("Property name", "Khuwair Towers");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(location.hash).toBe("#/property/Khuwair%20Towers"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.params.get("property_id")).toBe("5");
    expect(put?.body).toMatchObject({ name: "Khuwair Towers", type: "building", access_notes: "Gate code 1234" });
    expect(put?.body).not.toHaveProperty("units");
  });

  it("adds a range of units with its own call", async () => {
    const calls = fakeServer({ "GET property/property": answer(), "POST property/units": () => json(201, { message: "Added." }) });
    const { container } = render(<EditPropertyView title="titles.editProperty" />);
    await screen.findByLabelText("Property name");
    fireEvent.change(container.querySelector("#more-units-from") as HTMLInputElement, { target: { value: "104" } });
    fireEvent.change(container.querySelector("#more-units-to") as HTMLInputElement, { target: { value: "105" } });
    fireEvent.click(screen.getByRole("button", { name: "Add units" }));
    await waitFor(() => expect(calls.some((c) => c.path === "property/units")).toBe(true));
    const post = calls.find((c) => c.path === "property/units");
    expect(post?.params.get("property_id")).toBe("5");
    expect(post?.body).toEqual({ units: ["104", "105"] });
  });

  it("stays on 'One unit' after adding one, for the next (it went back to a range)", async () => {
    fakeServer({ "GET property/property": answer(), "POST property/units": () => json(201, { message: "Added." }) });
    const { container } = render(<EditPropertyView title="titles.editProperty" />);
    await screen.findByLabelText("Property name");
    fireEvent.click(screen.getByRole("radio", { name: "One unit" }));
    fireEvent.change(container.querySelector("#more-units-single") as HTMLInputElement, { target: { value: "Roof flat" } });
    fireEvent.click(screen.getByRole("button", { name: "Add units" }));
    await waitFor(() => expect((container.querySelector("#more-units-single") as HTMLInputElement | null)?.value).toBe(""));
    expect((screen.getByRole("radio", { name: "One unit" }) as HTMLInputElement).checked).toBe(true);
  });

  it("removes an existing photo", async () => {
    const calls = fakeServer({ "GET property/property": answer(), "DELETE property/media": () => json(200, { message: "Removed." }) });
    render(<EditPropertyView title="titles.editProperty" />);
    fireEvent.click(await screen.findByRole("button", { name: "Remove front.jpg" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove front.jpg" })).toBeNull());
    expect(calls.find((c) => c.path === "property/media")?.params.get("file_id")).toBe("301");
  });

  it("asks before the back arrow loses an edit", async () => {
    fakeServer({ "GET property/property": answer() });
    render(<EditPropertyView title="titles.editProperty" />);
    await screen.findByLabelText("Property name");
    type("Property name", "Changed");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    await settle();
    expect(location.hash).toBe("#/property/edit-property?property_id=5");
  });
});

describe("edit property: the changes kept on the phone", () => {
  it("keeps no draft of a saved edit when the form goes with the save, as the router takes it away (opened again: the server's)", async () => {
    signIn({ access_token: "tok", role: 0, got_email_mob: 1, name: "Maryam Owner", user_id: 77 });
    fakeServer({ "GET property/property": answer(), "PUT property/property": () => json(200, { message: "Property saved." }) });
    // As the app's routes do: the form is there only while the address is its.
    function Routed() {
      const [at] = useHashLocation();
      return at === "/property/edit-property" ? <EditPropertyView title="titles.editProperty" /> : <p>the property</p>;
    }
    render(<Routed />);
    type(await screen.findByLabelText("Access notes (optional)"), "CCC");
    // Saved before the draft's pause: its write is still waiting as the form goes.
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("the property");
    await draftWritten();
    cleanup();
    navigate("/property/edit-property?property_id=5");
    render(<EditPropertyView title="titles.editProperty" />);
    await waitFor(() => expect((screen.getByLabelText("Access notes (optional)") as HTMLTextAreaElement).value).toBe("Gate code 1234"));
    await settle();
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    await clearKept();
  });

  it("brings back the name typed over the property's after a reload, with a note, and not after a save", async () => {
    // Drafts are kept per person: a user with an id.
    signIn({ access_token: "tok", role: 0, got_email_mob: 1, name: "Maryam Owner", user_id: 77 });
    const calls = fakeServer({ "GET property/property": answer(), "PUT property/property": () => json(200, { message: "Property saved." }) });
    render(<EditPropertyView title="titles.editProperty" />);
    type(await screen.findByLabelText("Property name"), "Al Khuwair Residence Tower B");
    await draftWritten();
    cleanup();
    render(<EditPropertyView title="titles.editProperty" />);
    await waitFor(() => expect((screen.getByLabelText("Property name") as HTMLInputElement).value).toBe("Al Khuwair Residence Tower B"));
    expect(screen.getByTestId("draft-restored").textContent).toBe("What you typed before was kept: check it and save the changes.");
    // The rest is the property as the server has it.
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Muscat");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    await settle();
    cleanup();
    navigate("/property/edit-property?property_id=5");
    render(<EditPropertyView title="titles.editProperty" />);
    await waitFor(() => expect((screen.getByLabelText("Property name") as HTMLInputElement).value).toBe("Al Khuwair Residence"));
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    await clearKept();
  });
});
