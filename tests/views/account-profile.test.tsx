import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { lang } from "../../src/signals/language";
import { isAuthenticated, persistSession, signOut, token, user } from "../../src/signals/session";
import { answer, clearToasts, json, manager, owner, showProfile, technician } from "./account-helpers";

persistSession();
afterEach(() => {
  lang.value = "en";
  signOut();
  clearToasts();
  setApi(createApi());
});

describe("logging out", () => {
  /** Shows the profile, presses Log out and waits until the browser is cleared. */
  async function logOutWith(logoutAnswer: () => Response | Promise<Response>) {
    const tokens: (string | null)[] = [];
    const calls = showProfile(owner(), {
      "POST user/logout": () => {
        tokens.push(token.value);
        return logoutAnswer();
      },
    });
    await screen.findByRole("heading", { name: "Your details" });
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(isAuthenticated.value).toBe(false));
    // A 401 first sends the app to the root (SPEC.md section 8); the sign-out then lands on sign-in.
    await waitFor(() => expect(location.hash).toBe("#/login"));
    return { calls: calls.filter((c) => c.path === "user/logout"), tokens };
  }

  // Bug: Log out only cleared the browser; the session stayed valid on the server.
  it("ends the session on the server with POST /user/logout and the bearer token, then clears the browser", async () => {
    const { calls, tokens } = await logOutWith(() => json(200, { message: "Logged out" }));
    expect(calls).toHaveLength(1);
    // The token was still there when the call left (ky's bearer header reads it), and is gone after.
    expect(tokens).toEqual(["tok"]);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });

  it("clears the browser anyway when the server refuses with 401", async () => {
    const { calls } = await logOutWith(() => json(401, { detail: "Please sign in again." }));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });

  it("clears the browser anyway when offline, and sends the call once", async () => {
    const { calls } = await logOutWith(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem("isAuthenticated")).toBe("false");
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });

  it("can sign out even when the profile does not load", async () => {
    showProfile(owner(), { "GET user/profile": () => json(500, { detail: "down" }), "POST user/logout": () => json(200, {}) });
    expect(await screen.findByText(/Your profile could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(isAuthenticated.value).toBe(false));
  });
});

describe("the profile screen", () => {
  it("lets a signed-in user switch the language, and reads in Arabic", async () => {
    showProfile(technician(), {}, "titles.you");
    await screen.findByRole("heading", { name: "Your work" });
    fireEvent.click(screen.getByTestId("language-switch"));
    await waitFor(() => expect(lang.value).toBe("ar"));
    expect(await screen.findByRole("heading", { name: "اللغة" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "عملك" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "تسجيل الخروج" })).toBeTruthy();
  });

  it("shows an owner the photo initials, details, contact and password, and no technician or company section", async () => {
    showProfile(owner());
    await screen.findByRole("heading", { name: "Your details" });
    const card = screen.getByTestId("profile-card");
    expect(within(card).getByTestId("initials").textContent).toBe("MB");
    expect(within(card).getByText("Maryam Al Balushi")).toBeTruthy();
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Maryam Al Balushi");
    expect(within(screen.getByTestId("contact-email")).getByText("maryam@demo.om")).toBeTruthy();
    // A narrow row breaks the email after its "@", never mid-word.
    expect(within(screen.getByTestId("contact-email")).getByText("maryam@demo.om").innerHTML).toBe("maryam@<wbr>demo.om");
    expect(within(screen.getByTestId("contact-mobile")).getByText("+968 91234567")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Password" })).toBeTruthy();
    expect(screen.queryByTestId("work-section")).toBeNull();
    expect(screen.queryByTestId("company-section")).toBeNull();
    // Roles 0 and 1 reach About and Contact support only from here: the bottom bar does not list them.
    expect(screen.getByRole("link", { name: "About" }).getAttribute("href")).toBe("#/about");
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("#/contact");
  });

  it("shows a technician's work from the answer: skills, area, range, response time and the taking-jobs switch", async () => {
    showProfile(technician(), {}, "titles.you");
    const work = await screen.findByTestId("work-section");
    expect(
      within(work)
        .getByRole("button", { name: /Plumbing/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(within(work).getByRole("button", { name: /HVAC/ }).getAttribute("aria-pressed")).toBe("false");
    expect((within(work).getByLabelText("Service area") as HTMLInputElement).value).toBe("Muscat, Oman");
    expect((within(work).getByLabelText("Area range (km)") as HTMLInputElement).value).toBe("25");
    expect((within(work).getByLabelText("You answer within (days)") as HTMLInputElement).value).toBe("2");
    expect((within(work).getByRole("switch", { name: "Taking jobs now" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId("company-section")).toBeNull();
    expect(screen.getByRole("link", { name: "About" })).toBeTruthy();
  });

  it("shows a manager the company card with the hourly rate in the currency's decimals, and no support links", async () => {
    showProfile(manager(), {}, "titles.yourProfile");
    const company = await screen.findByTestId("company-section");
    expect((within(company).getByLabelText("Company name") as HTMLInputElement).value).toBe("Gulf Fix LLC");
    expect((within(company).getByLabelText("Commercial registration number") as HTMLInputElement).value).toBe("CR-1234");
    expect((within(company).getByLabelText("Hourly rate (OMR)") as HTMLInputElement).value).toBe("12.500");
    expect(within(company).getByText("Up to 3 decimals, for example 12.500.")).toBeTruthy();
    expect(within(company).getByRole("button", { name: "Add logo" })).toBeTruthy();
    expect(screen.queryByTestId("work-section")).toBeNull();
    expect(screen.queryByRole("link", { name: "About" })).toBeNull();
    // In Arabic the rate is in the currency's sign, as every amount is.
    act(() => void (lang.value = "ar"));
    expect(within(company).getByLabelText("أجر الساعة (ر.ع.)")).toBeTruthy();
    expect(company.textContent).not.toContain("OMR");
  });

  it("shows the initials when the photo fails to load, not a broken-image icon", async () => {
    showProfile(owner({ profile: "/files/users/7/face.jpg" }));
    await screen.findByRole("heading", { name: "Your details" });
    const card = screen.getByTestId("profile-card");
    fireEvent.error(within(card).getByTestId("person-picture"));
    expect(within(card).queryByTestId("person-picture")).toBeNull();
    expect(within(card).getByTestId("initials")).toBeTruthy();
  });

  it("shows a photo from the answer, with Change and Remove; removing goes back to the initials", async () => {
    const calls = showProfile(owner({ profile: "/files/users/7/face.jpg" }), {
      "DELETE user/photo": answer(owner(), "Your photo has been removed."),
    });
    await screen.findByRole("heading", { name: "Your details" });
    const card = screen.getByTestId("profile-card");
    expect(within(card).getByTestId("person-picture").getAttribute("src")).toBe("files/users/7/face.jpg");
    fireEvent.click(within(card).getByRole("button", { name: "Remove photo" }));
    expect(await screen.findByText("Your photo has been removed.")).toBeTruthy();
    expect(within(card).getByTestId("initials")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "user/photo")).toBe(true);
  });

  it("offers Try again when the profile fails to load, and shows it once it loads", async () => {
    let n = 0;
    showProfile(owner(), { "GET user/profile": () => (++n === 1 ? json(503, { detail: "busy" }) : answer(owner())()) });
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Your details" })).toBeTruthy();
  });

  it("keeps the stored user in step with the profile answer", async () => {
    showProfile(owner({ name: "Maryam B." }));
    await screen.findByRole("heading", { name: "Your details" });
    await waitFor(() => expect(user.value?.name).toBe("Maryam B."));
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").name).toBe("Maryam B.");
  });
});
