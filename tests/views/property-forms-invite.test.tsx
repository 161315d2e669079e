import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { isAuthenticated, role, signIn, signOut, token } from "../../src/signals/session";
import { InviteView } from "../../src/views/auth/invite";
import { clearToasts, fakeServer, json } from "./property-forms-helpers";

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz";
const info = () =>
  json(200, { status: 1, data: { name: "Khalid Al Balushi", inviter_name: "Maryam Owner", property_name: "Al Khuwair Residence", unit_name: "102", role: 3 } });

beforeEach(() => {
  signOut();
  navigate(`/invite?token=${TOKEN}`);
});
afterEach(() => {
  lang.value = "en";
  clearToasts();
  signOut();
  setApi(createApi());
});

describe("invitation screen", () => {
  it("shows who invited the person and to what", async () => {
    const calls = fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    const who = await screen.findByTestId("invite-who");
    expect(who.textContent).toContain("Hello Khalid Al Balushi");
    expect(who.textContent).toContain("Maryam Owner invited you to");
    expect(who.textContent).toContain("Al Khuwair Residence · 102");
    expect(calls[0].params.get("token")).toBe(TOKEN);
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("new-password");
  });

  it("reads the token without the direction marks an Arabic message once put after it", async () => {
    navigate(`/invite?token=${TOKEN}%E2%81%A9`);
    const calls = fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    await screen.findByTestId("invite-who");
    expect(calls[0].params.get("token")).toBe(TOKEN);
  });

  it("says an expired link has expired and offers Forgot password", async () => {
    fakeServer({ "GET invite/info": () => json(410, { detail: "This invitation has expired." }) });
    render(<InviteView title="titles.invite" />);
    expect(await screen.findByText("This invitation has expired.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("#/forgetpassword");
    // Someone who already set a password signs in from here; the page no longer asks to set one.
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("#/login");
    expect(screen.queryByText("Set a password to start using the app.")).toBeNull();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("sends someone signed in already, back on their used link, to their home rather than to sign in", async () => {
    signIn({ access_token: "t", role: 3, got_email_mob: 1, name: "Khalid Al Balushi" });
    fakeServer({ "GET invite/info": () => json(410, { detail: "This invitation has already been used. Sign in, or use Forgot password." }) });
    render(<InviteView title="titles.invite" />);
    expect(await screen.findByText("This invitation link has expired or has already been used.")).toBeTruthy();
    expect(screen.getByText("You are signed in as Khalid Al Balushi: nothing more to do with this link.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your home" }).getAttribute("href")).toBe("#/home");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect(screen.queryByText(/Sign in, or use Forgot password/)).toBeNull();
  });

  it("opens in the language the invitation was written in (the link's lang=ar)", async () => {
    navigate(`/invite?token=${TOKEN}&lang=ar`);
    fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    await waitFor(() => expect(lang.value).toBe("ar"));
    expect(await screen.findByLabelText("كلمة المرور")).toBeTruthy();
  });

  it("words a dead link's sentence in the language the screen turned to, and in the one the user switches to", async () => {
    navigate(`/invite?token=${TOKEN}&lang=ar`);
    const said = { en: "This invitation has already been used.", ar: "تم استخدام هذه الدعوة من قبل." };
    fakeServer({ "GET invite/info": (call) => json(410, { detail: said[call.headers.get("accept-language") === "ar" ? "ar" : "en"] }) });
    render(<InviteView title="titles.invite" />);
    expect(await screen.findByText(said.ar)).toBeTruthy();
    act(() => void (lang.value = "en"));
    expect(await screen.findByText(said.en)).toBeTruthy();
  });

  it("keeps a live invitation's form as typed when the user switches language (nothing is read again)", async () => {
    const calls = fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "NewPass@2026" } });
    act(() => void (lang.value = "ar"));
    expect((screen.getByLabelText("كلمة المرور") as HTMLInputElement).value).toBe("NewPass@2026");
    expect(calls).toHaveLength(1);
  });

  it("says an unknown link cannot be used (422)", async () => {
    fakeServer({ "GET invite/info": () => json(422, { detail: "This invitation link is not valid." }) });
    render(<InviteView title="titles.invite" />);
    expect(await screen.findByText("This invitation link is not valid.")).toBeTruthy();
  });

  it("asks for 8 characters and the terms before sending", async () => {
    const calls = fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(await screen.findByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(screen.getByText("You must accept the terms of service to proceed.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("accepts the invitation, signs in and goes to the role's home", async () => {
    const calls = fakeServer({
      "GET invite/info": info,
      "POST invite/accept": () => json(200, { access_token: "new-token", role: 3, got_email_mob: 1, name: "Khalid Al Balushi", user_id: 40 }),
    });
    render(<InviteView title="titles.invite" />);
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "NewPass@2026" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ token: TOKEN, password: "NewPass@2026", terms_service: true });
    expect(isAuthenticated.value).toBe(true);
    expect(token.value).toBe("new-token");
    expect(role.value).toBe(3);
  });

  it("says so when the link was used in the meantime", async () => {
    fakeServer({ "GET invite/info": info, "POST invite/accept": () => json(410, { detail: "This invitation has already been used." }) });
    render(<InviteView title="titles.invite" />);
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "NewPass@2026" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(await screen.findByText("This invitation has already been used.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toBeTruthy();
    expect(isAuthenticated.value).toBe(false);
  });

  it("says who is signed in when the phone already has a session", async () => {
    const { signIn } = await import("../../src/signals/session");
    signIn({ access_token: "t", role: 0, got_email_mob: 1, name: "Maryam Owner" });
    fakeServer({ "GET invite/info": info });
    render(<InviteView title="titles.invite" />);
    expect(await screen.findByText(/You are signed in as Maryam Owner/)).toBeTruthy();
  });
});
