import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { Toasts } from "../../src/components/Toasts";
import { DEBOUNCE_MS } from "../../src/components/LocationSearch";
import { VerifyInfoModal } from "../../src/components/VerifyInfoModal";
import { lang } from "../../src/signals/language";
import { gotEmailMob, persistSession, signIn, signOut, user } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { typeThenPause } from "../fake-clock";
import { type Call, fakeApi, json, stubGeolocation, stubPermission } from "./verify-helpers";

const stopPersist = persistSession();
void stopPersist;

const prefill =
  (data: Record<string, unknown> = { email: null, mob_no: null, cntry_code: "+968" }) =>
  () =>
    json(200, { status: 1, data });
const saved = () => json(200, { message: "Your details have been saved." });
const muscat = { formatted_address: "Muscat, Oman", geometry: { location: { lat: 23.58413, lng: 58.40778 } } };

function signInAs(role: number, fields: Record<string, unknown> = {}) {
  signIn({ access_token: "tok", role, got_email_mob: 0, user_id: 5, name: "New", email: null, mob_no: null, cntry_code: "+968", ...fields });
}

function open() {
  const onClose = vi.fn();
  render(
    <>
      <VerifyInfoModal onClose={onClose} />
      <Toasts />
    </>,
  );
  return onClose;
}
const submitButton = () => screen.getByRole("button", { name: /Continue to Dashboard|Loading\.\.\./ }) as HTMLButtonElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  stubGeolocation({ ok: true, lat: 23.6, lng: 58.5 });
  stubPermission("prompt");
});
afterEach(() => {
  errors.mockRestore();
  signOut();
  toasts.value = [];
  lang.value = "en";
  setApi(createApi());
});

describe("the verify-info modal for a customer (role 0)", () => {
  it("shows the title, email, dial code, mobile and WhatsApp, and none of the technician fields", async () => {
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(0);
    open();
    expect(screen.getByRole("dialog", { name: "Almost Done! We Need to Verify Your Info" })).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).type).toBe("email");
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).type).toBe("tel");
    expect(screen.getByRole("button", { name: /Country code/ })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Include Whatsapp?" })).toBeTruthy();
    expect(screen.queryByLabelText("Area range (km)")).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Use Current Location" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Your location" })).toBeNull();
    expect(submitButton().type).toBe("submit");
  });

  it("prefills email, mobile and dial code from GET get_email_mob", async () => {
    const calls = fakeApi({ "GET get_email_mob": prefill({ email: "salma@example.om", mob_no: "99123456", cntry_code: "+971" }) });
    signInAs(0);
    open();
    await waitFor(() => expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("salma@example.om"));
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("99123456");
    expect(screen.getByRole("button", { name: /Country code/ }).textContent).toContain("+971");
    expect(calls.filter((c) => c.path === "get_email_mob")).toHaveLength(1);
  });

  it("does not ask for the prefill once the account is verified", async () => {
    const calls = fakeApi({ "GET get_email_mob": prefill(), "PUT update_user_email_mob": () => json(200, { message: "Your details have been saved." }) });
    signInAs(0, { got_email_mob: 1 });
    open();
    // Saving must reach the server; by then a prefill request, made on opening, would be there before it.
    type("Email", "salma@example.om");
    type("Mobile number", "99123456");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("update_user_email_mob"));
    expect(calls.filter((c) => c.path === "get_email_mob")).toHaveLength(0);
  });

  it("only logs a failed prefill, and keeps what was typed", async () => {
    let fail: (() => void) | null = null;
    fakeApi({ "GET get_email_mob": () => new Promise<Response>((r) => (fail = () => r(json(500, { detail: "down" })))) });
    signInAs(0);
    open();
    type("Email", "typed@example.om");
    await waitFor(() => expect(fail).not.toBeNull());
    await act(async () => fail!());
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("typed@example.om");
    expect(toasts.value).toEqual([]);
  });

  it("enables 'Continue to Dashboard' only with an email and a mobile number of digits", async () => {
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(0);
    open();
    expect(submitButton().disabled).toBe(true);
    type("Email", "salma@example.om");
    expect(submitButton().disabled).toBe(true);
    type("Mobile number", "99a");
    expect(submitButton().disabled).toBe(true);
    type("Mobile number", "99123456");
    expect(submitButton().disabled).toBe(false);
    type("Email", "not-an-email");
    expect(submitButton().disabled).toBe(true);
    fireEvent.blur(screen.getByLabelText("Email"));
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    type("Email", "");
    expect(screen.getByText("Please enter your email.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it("refuses a@b..com and a 10-digit Omani number, the server's rules, and takes an 8-digit Omani mobile (D16)", async () => {
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(0);
    open();
    type("Email", "a@b..com");
    type("Mobile number", "9912345678");
    fireEvent.blur(screen.getByLabelText("Email"));
    fireEvent.blur(screen.getByLabelText("Mobile number"));
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Please enter a valid mobile number for the chosen country.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type("Email", "a@b.com");
    type("Mobile number", "9912 3456");
    expect(screen.queryByText("Please enter a valid mobile number for the chosen country.")).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it("saves with PUT update_user_email_mob, marks the session verified, shows the server message and closes", async () => {
    let answer: () => void = () => undefined;
    const calls = fakeApi({ "GET get_email_mob": prefill(), "PUT update_user_email_mob": () => new Promise<Response>((r) => (answer = () => r(saved()))) });
    signInAs(0);
    const onClose = open();
    type("Email", "salma@example.om");
    type("Mobile number", "99 123 456");
    fireEvent.click(screen.getByRole("checkbox", { name: "Include Whatsapp?" }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe("Loading..."));
    expect(submitButton().disabled).toBe(true);
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.path).toBe("update_user_email_mob");
    expect(put.body).toEqual({
      email: "salma@example.om",
      cntry_code: "+968",
      mob_no: "99123456",
      includeWhatsapp: true,
      area_range: null,
      respond_time: null,
      addres: "",
      addrs: { block: "", no: "", street: "", city: "", state: "", zipcode: "", country: "" },
      location: { lat: null, lng: null },
    });
    await act(async () => answer());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(gotEmailMob.value).toBe(1);
    expect(user.value?.got_email_mob).toBe(1);
    expect(JSON.parse(localStorage.getItem("user")!).got_email_mob).toBe(1);
    expect(localStorage.getItem("got_email_mob")).toBe("1");
    expect(toasts.value).toMatchObject([{ type: "success", message: "Your details have been saved." }]);
  });

  it("shows the server's detail as an error toast on failure, keeping the form", async () => {
    fakeApi({ "GET get_email_mob": prefill(), "PUT update_user_email_mob": () => json(409, { detail: "This mobile number is already registered." }) });
    signInAs(0);
    const onClose = open();
    type("Email", "salma@example.om");
    type("Mobile number", "99123456");
    fireEvent.click(submitButton());
    await waitFor(() => expect(toasts.value).toMatchObject([{ type: "error", message: "This mobile number is already registered." }]));
    expect(screen.getByRole("alert").textContent).toContain("This mobile number is already registered.");
    expect(onClose).not.toHaveBeenCalled();
    expect(gotEmailMob.value).toBe(0);
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("salma@example.om");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(submitButton().textContent).toBe("Continue to Dashboard");
  });

  // Walked: an email already taken showed only as a toast over the button, with the field scrolled away.
  it("shows the server's field error at the field, focused, until the field is changed", async () => {
    fakeApi({
      "GET get_email_mob": prefill(),
      "PUT update_user_email_mob": () => json(409, { detail: "This email is already registered.", errors: { email: "This email is already registered." } }),
    });
    signInAs(0);
    open();
    type("Email", "owner@demo.om");
    type("Mobile number", "99123456");
    fireEvent.click(submitButton());
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const id = email.getAttribute("aria-describedby");
    expect(id && document.getElementById(id)?.textContent).toBe("This email is already registered.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(toasts.value.filter((x) => x.type === "error")).toEqual([]);
    type("Email", "salma@example.om");
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  it("only logs an answer other than 200", async () => {
    fakeApi({ "GET get_email_mob": prefill(), "PUT update_user_email_mob": () => new Response(null, { status: 204 }) });
    signInAs(0);
    const onClose = open();
    type("Email", "salma@example.om");
    type("Mobile number", "99123456");
    fireEvent.click(submitButton());
    await waitFor(() => expect(errors).toHaveBeenCalledWith("verify-info save answered", 204));
    expect(toasts.value).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(gotEmailMob.value).toBe(0);
  });

  it("closes with the close button without saving", () => {
    const calls = fakeApi({ "GET get_email_mob": prefill() });
    signInAs(0);
    const onClose = open();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method !== "GET")).toHaveLength(0);
    expect(gotEmailMob.value).toBe(0);
  });

  it("does not ask a customer for the browser location", async () => {
    const requests = stubGeolocation({ ok: true, lat: 1, lng: 2 });
    fakeApi({ "GET get_email_mob": prefill({ email: "p@example.om", mob_no: "99123456", cntry_code: "+968" }) });
    signInAs(0);
    open();
    // The modal has done its opening work (the prefill arrived) without asking for the location.
    await waitFor(() => expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("p@example.om"));
    expect(requests).toHaveLength(0);
  });

  it("speaks Arabic", () => {
    lang.value = "ar";
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(0);
    open();
    expect(screen.getByRole("dialog", { name: "اقتربنا! نحتاج إلى التحقق من معلوماتك" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "المتابعة إلى لوحة التحكم" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "تضمين واتساب؟" })).toBeTruthy();
  });
});

describe("the verify-info modal for a technician (role 1)", () => {
  async function fillTechnician() {
    type(/Email/, "");
    type("Mobile number", "91234567");
    type("Area range (km)", "25");
    type("Frequency of response (days)", "2");
  }
  async function pickMuscat() {
    await typeThenPause(DEBOUNCE_MS, () => fireEvent.change(screen.getByRole("combobox", { name: "Your location" }), { target: { value: "musc" } }));
    fireEvent.click(await screen.findByRole("option", { name: "Muscat, Oman" }, { timeout: 2000 }));
  }

  it("enables saving only with mobile, area range > 0, frequency ≥ 1 and a chosen place; email is optional", async () => {
    fakeApi({ "GET get_email_mob": prefill(), "GET place/search": () => json(200, [muscat]) });
    signInAs(1);
    open();
    expect(screen.getByLabelText("Email (optional)")).toBeTruthy();
    await fillTechnician();
    expect(submitButton().disabled).toBe(true); // no place yet
    await pickMuscat();
    expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("Muscat, Oman");
    expect(submitButton().disabled).toBe(false);
    type("Area range (km)", "0");
    expect(submitButton().disabled).toBe(true);
    type("Area range (km)", "0.5");
    expect(submitButton().disabled).toBe(false);
    type("Frequency of response (days)", "0");
    expect(submitButton().disabled).toBe(true);
    fireEvent.blur(screen.getByLabelText("Frequency of response (days)"));
    expect(screen.getByText("Please enter a response frequency of at least 1 whole day.")).toBeTruthy();
    // Walked: a value over the maximum, or not whole, was told of the minimum.
    type("Frequency of response (days)", "366");
    expect(screen.getByText("The response frequency can be at most 365 days.")).toBeTruthy();
    type("Frequency of response (days)", "1.5");
    expect(screen.getByText("Please enter the response frequency in whole days.")).toBeTruthy();
    type("Area range (km)", "99999");
    fireEvent.blur(screen.getByLabelText("Area range (km)"));
    expect(screen.getByText("The area range can be at most 1000 km.")).toBeTruthy();
    type("Area range (km)", "12");
    type("Frequency of response (days)", "1");
    expect(submitButton().disabled).toBe(false);
    type("Mobile number", "");
    expect(submitButton().disabled).toBe(true);
    type("Mobile number", "91234567");
    // Typing over the chosen place drops its coordinates.
    fireEvent.change(screen.getByRole("combobox", { name: "Your location" }), { target: { value: "Muscat, Om" } });
    expect(submitButton().disabled).toBe(true);
  });

  it("saves with POST tech/update and the whole payload", async () => {
    const calls = fakeApi({ "GET get_email_mob": prefill(), "GET place/search": () => json(200, [muscat]), "POST tech/update": saved });
    signInAs(1);
    const onClose = open();
    await fillTechnician();
    await pickMuscat();
    fireEvent.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "tech/update",
      body: {
        email: "",
        cntry_code: "+968",
        mob_no: "91234567",
        includeWhatsapp: false,
        area_range: 25,
        respond_time: 2,
        addres: "Muscat, Oman",
        addrs: { block: "", no: "", street: "", city: "Muscat", state: "", zipcode: "", country: "Oman" },
        location: { lat: 23.58413, lng: 58.40778 },
      },
    });
    expect(gotEmailMob.value).toBe(1);
  });

  it("'Use Current Location' on fills the coordinates and 'Current Location'; off clears them", async () => {
    stubGeolocation({ ok: true, lat: 23.6, lng: 58.5 });
    const calls = fakeApi({ "GET get_email_mob": prefill(), "POST tech/update": saved });
    signInAs(1);
    open();
    await fillTechnician();
    const toggle = screen.getByRole("checkbox", { name: "Use Current Location" }) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("Current Location"));
    expect(toggle.checked).toBe(true);
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("");
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ addres: "Current Location", location: { lat: 23.6, lng: 58.5 } });
  });

  it("does not say 'Location access is denied' on entry before anyone asked (it did), nor ask the browser", async () => {
    const requests = stubGeolocation({ ok: false, code: 1 });
    const calls = fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByText("Location access is denied. Please enable location services.")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("asks for the location on entry only when the browser already allows it, silently, and the tick uses that answer", async () => {
    stubPermission("granted");
    const requests = stubGeolocation({ ok: true, lat: 23.6, lng: 58.5 });
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    await waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.click(screen.getByRole("checkbox", { name: "Use Current Location" }));
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("Current Location"));
    expect(requests).toHaveLength(1);
  });

  it("says nothing on entry when an allowed location still fails; the message answers the tick", async () => {
    stubPermission("granted");
    const requests = stubGeolocation({ ok: false, code: 3 });
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByText("Failed to get current location. Please enable location services.")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Use Current Location" }));
    expect(await screen.findByText("Failed to get current location. Please enable location services.")).toBeTruthy();
  });

  it("says 'Location access is denied…' when the person ticks 'Use Current Location' and the browser denies, and leaves the toggle off", async () => {
    stubPermission("denied");
    const requests = stubGeolocation({ ok: false, code: 1 });
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    const toggle = screen.getByRole("checkbox", { name: "Use Current Location" }) as HTMLInputElement;
    expect(screen.queryByText("Location access is denied. Please enable location services.")).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText("Location access is denied. Please enable location services.")).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(requests).toHaveLength(1);
    expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("");
  });

  it("says 'Geolocation is not supported by your browser.' without geolocation, once the toggle is ticked", async () => {
    stubGeolocation(undefined);
    stubPermission(undefined);
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    expect(screen.queryByText("Geolocation is not supported by your browser.")).toBeNull();
    const toggle = screen.getByRole("checkbox", { name: "Use Current Location" }) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText("Geolocation is not supported by your browser.")).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it("says 'Failed to get current location…' when the position cannot be found", async () => {
    stubGeolocation({ ok: false, code: 3 });
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    fireEvent.click(screen.getByRole("checkbox", { name: "Use Current Location" }));
    expect(await screen.findByText("Failed to get current location. Please enable location services.")).toBeTruthy();
  });

  it("uses the location once the person allows it after a first refusal", async () => {
    let allowed = false;
    stubGeolocation(() => (allowed ? { ok: true, lat: 10, lng: 20 } : { ok: false, code: 1 }));
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    const toggle = screen.getByRole("checkbox", { name: "Use Current Location" }) as HTMLInputElement;
    fireEvent.click(toggle);
    await screen.findByText("Location access is denied. Please enable location services.");
    await waitFor(() => expect(toggle.checked).toBe(false));
    allowed = true;
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement).value).toBe("Current Location"));
    expect(screen.queryByText("Location access is denied. Please enable location services.")).toBeNull();
  });

  it("shows 'الموقع الحالي' in Arabic but stores 'Current Location'", async () => {
    lang.value = "ar";
    stubGeolocation({ ok: true, lat: 1, lng: 2 });
    fakeApi({ "GET get_email_mob": prefill() });
    signInAs(1);
    open();
    fireEvent.click(screen.getByRole("checkbox", { name: "استخدام الموقع الحالي" }));
    await waitFor(() => expect((screen.getByRole("combobox", { name: "موقعك" }) as HTMLInputElement).value).toBe("الموقع الحالي"));
  });
});

export type { Call };
