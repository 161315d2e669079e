import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toasts } from "../../src/signals/toasts";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { persistSession, signOut, user } from "../../src/signals/session";
import { answer, clearToasts, json, manager, owner, settle, showProfile, technician, toastText, writes } from "./account-helpers";

persistSession();
afterEach(() => {
  lang.value = "en";
  signOut();
  clearToasts();
  setApi(createApi());
});

// Typed with `input` events, as browsers fire them (preact/compat's onChange listens to `input`): this file also runs on Preact.
const type = (label: string, value: string, root: HTMLElement = document.body) => fireEvent.input(within(root).getByLabelText(label), { target: { value } });
const save = (root: HTMLElement) => fireEvent.click(within(root).getByRole("button", { name: "Save" }));

describe("your details", () => {
  it("saves a new name with PUT /user/profile, only what changed, and toasts the server's message", async () => {
    const calls = showProfile(owner(), { "PUT user/profile": answer(owner({ name: "Maryam Said" }), "Your profile has been saved.") });
    const section = await screen.findByTestId("details-section");
    const button = within(section).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    type("Full name", "Maryam Said", section);
    save(section);
    await waitFor(() => expect(toastText("success")).toEqual(["Your profile has been saved."]));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ name: "Maryam Said" });
    // The card and the stored user follow the answer; nothing is left unsaved.
    expect(within(screen.getByTestId("profile-card")).getByText("Maryam Said")).toBeTruthy();
    await waitFor(() => expect(user.value?.name).toBe("Maryam Said"));
    expect(button.disabled).toBe(true);
  });

  it("keeps the typed name and shows the server's field error under it on a 422", async () => {
    const detail = "Please check the highlighted fields.";
    showProfile(owner(), { "PUT user/profile": () => json(422, { detail, errors: { name: "This name cannot be used." } }) });
    const section = await screen.findByTestId("details-section");
    type("Full name", "Admin", section);
    save(section);
    expect(await within(section).findByText("This name cannot be used.")).toBeTruthy();
    expect((within(section).getByLabelText("Full name") as HTMLInputElement).value).toBe("Admin");
    expect(toastText("error")).toEqual([detail]);
    expect(user.value?.name).toBe("Maryam Al Balushi");
  });

  it("refuses an empty name on the phone, sending nothing", async () => {
    const calls = showProfile(owner());
    const section = await screen.findByTestId("details-section");
    type("Full name", "   ", section);
    save(section);
    expect(await within(section).findByText("Please enter your name.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("re-words its errors when the language changes (they stayed in the old language)", async () => {
    showProfile(owner());
    const section = await screen.findByTestId("details-section");
    type("Full name", "   ", section);
    save(section);
    expect(await within(section).findByText("Please enter your name.")).toBeTruthy();
    act(() => void (lang.value = "ar"));
    expect(await within(section).findByText("يُرجى إدخال اسمك.")).toBeTruthy();
    expect(within(section).queryByText("Please enter your name.")).toBeNull();
  });

  it("sends the WhatsApp choice", async () => {
    const calls = showProfile(owner(), { "PUT user/profile": answer(owner({ include_whatsapp: false })) });
    const section = await screen.findByTestId("details-section");
    fireEvent.click(within(section).getByLabelText("I use WhatsApp on this mobile number"));
    save(section);
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ include_whatsapp: false }));
  });
});

describe("a technician's work", () => {
  it("refuses a range that is not a number on the phone, and sends a good one as a number", async () => {
    const calls = showProfile(technician(), { "PUT user/profile": answer(technician({ area_range: 40, respond_time: 3 })) }, "titles.you");
    const work = await screen.findByTestId("work-section");
    type("Area range (km)", "far", work);
    save(work);
    expect(await within(work).findByText("Please enter an area range greater than 0 km.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type("Area range (km)", "40", work);
    type("You answer within (days)", "3", work);
    fireEvent.click(within(work).getByRole("button", { name: /HVAC/ }));
    save(work);
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ skills: [1, 2, 3], area_range: 40, respond_time: 3 }));
  });

  it("switches 'Taking jobs now' off at once", async () => {
    const calls = showProfile(technician(), { "PUT user/profile": answer(technician({ taking_jobs: false })) }, "titles.you");
    const toggle = (await screen.findByRole("switch", { name: "Taking jobs now" })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(toastText("success")).toEqual(["No new jobs will reach you for now."]));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ taking_jobs: false });
    await waitFor(() => expect((screen.getByRole("switch", { name: "Taking jobs now" }) as HTMLInputElement).checked).toBe(false));
  });
});

describe("a manager's company", () => {
  it("sends the hourly rate in minor units of the company's currency", async () => {
    const saved = manager({ company: { ...manager().company!, hourly_rate: 15250 } });
    const calls = showProfile(manager(), { "PUT user/profile": answer(saved) }, "titles.yourProfile");
    const company = await screen.findByTestId("company-section");
    type("Hourly rate (OMR)", "15.25", company);
    save(company);
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ company: { hourly_rate: 15250 } }));
    await waitFor(() => expect((within(company).getByLabelText("Hourly rate (OMR)") as HTMLInputElement).value).toBe("15.250"));
    // Walked: it said "Your profile has been saved." for the company's details.
    expect(toasts.value.at(-1)?.message).toBe("Your company's details have been saved.");
  });

  it("refuses more decimals than the currency has", async () => {
    const calls = showProfile(manager(), {}, "titles.yourProfile");
    const company = await screen.findByTestId("company-section");
    type("Hourly rate (OMR)", "1.2345", company);
    save(company);
    expect(await within(company).findByText("Please enter an amount like the example.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("says a negative or far too large rate is that, not a matter of format", async () => {
    const calls = showProfile(manager(), {}, "titles.yourProfile");
    const company = await screen.findByTestId("company-section");
    type("Hourly rate (OMR)", "-5", company);
    save(company);
    expect(await within(company).findByText("Please enter an hourly rate of 0 or more.")).toBeTruthy();
    type("Hourly rate (OMR)", "99999999999999", company);
    save(company);
    expect(await within(company).findByText("This hourly rate is too high. Please check it.")).toBeTruthy();
    expect((within(company).getByLabelText("Hourly rate (OMR)") as HTMLInputElement).value).toBe("99999999999999");
    expect(writes(calls)).toEqual([]);
  });
});

describe("unsaved edits", () => {
  it("asks before a link takes the user away, and stays with what was typed", async () => {
    navigate("/profile");
    showProfile(owner());
    const section = await screen.findByTestId("details-section");
    type("Full name", "Maryam S", section);
    await settle();
    fireEvent.click(screen.getByRole("link", { name: "About" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(location.hash).toBe("#/profile");
    expect((within(section).getByLabelText("Full name") as HTMLInputElement).value).toBe("Maryam S");
  });
});
