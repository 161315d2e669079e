// Google sign-in in the app (issue 14): the login button asks the server whether a provider is set up; the callback
// trades its ticket for a session or a registration ticket; a new person picks a role and registers with the name and
// email Google gave and no password, and is signed in at once.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { readGoogleSignup, writeGoogleSignup } from "../../src/lib/google-signup";
import { lang } from "../../src/signals/language";
import { isAuthenticated, role, signOut, token } from "../../src/signals/session";
import { dismissToast, toasts } from "../../src/signals/toasts";
import { GetRoleView } from "../../src/views/auth/get-role";
import { LoginView } from "../../src/views/auth/login";
import { OAuthCallbackView } from "../../src/views/auth/oauth-callback";
import { CustomerRegisterView } from "../../src/views/register/customer";
import { TechnicianRegisterView } from "../../src/views/register/technician";
import { fakeApi, json } from "./fake-api";

const signedIn = (r: number) => ({
  kind: "signed_in",
  message: "Login successful!",
  access_token: `tok-${r}`,
  role: r,
  got_email_mob: 1,
  user_id: 9,
  name: "Noor Example",
  email: "noor@example.com",
});

beforeEach(() => {
  location.hash = "";
  writeGoogleSignup(null);
});
afterEach(() => {
  for (const x of toasts.value) dismissToast(x.id);
  signOut();
  lang.value = "en";
  setApi(createApi());
});

describe("the Google button on the login screen", () => {
  it("says Google sign-in is not set up when the server has no provider", async () => {
    fakeApi({ "GET oauth/config": () => json(200, { status: 1, data: { google: false } }) });
    render(<LoginView title="titles.login" />);
    expect(await screen.findByText(/Google sign-in is not set up on this server/)).toBeTruthy();
    const button = screen.getByRole("button", { name: /Continue with Google/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("google-unavailable");
  });

  it("says so too when the server cannot be asked", async () => {
    fakeApi({ "GET oauth/config": () => json(503, { detail: "down" }) });
    render(<LoginView title="titles.login" />);
    expect(await screen.findByText(/Google sign-in is not set up/)).toBeTruthy();
  });

  it("is a link to the server's start of the flow, in the user's language, when a provider is set up", async () => {
    fakeApi({ "GET oauth/config": () => json(200, { status: 1, data: { google: true } }) });
    lang.value = "ar";
    writeGoogleSignup({ name: "Old", email: "old@example.com", register_ticket: "old" });
    render(<LoginView title="titles.login" />);
    const link = await screen.findByRole("link", { name: /Google/ });
    expect(link.getAttribute("href")).toBe("api/oauth/google/start?lang=ar");
    expect(screen.queryByText(/غير مُعدّ/)).toBeNull();
    fireEvent.click(link);
    // An unfinished sign-up of an earlier visit is forgotten before a new one starts.
    expect(readGoogleSignup()).toBeNull();
  });
});

describe("the /oauth/callback screen", () => {
  it("signs a known person in with the ticket and goes to their home", async () => {
    const calls = fakeApi({ "POST oauth/session": () => json(200, signedIn(1)) });
    location.hash = "#/oauth/callback?ticket=abc123";
    render(<OAuthCallbackView title="titles.oauth" />);
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
    expect(calls.map((c) => [c.path, c.body])).toEqual([["oauth/session", { ticket: "abc123" }]]);
    expect(isAuthenticated.value).toBe(true);
    expect(token.value).toBe("tok-1");
    expect(role.value).toBe(1);
  });

  it("sends a new person to the role picker with the name and email kept for registration", async () => {
    fakeApi({ "POST oauth/session": () => json(200, { kind: "register", name: "Noor Example", email: "noor@example.com", register_ticket: "reg-1" }) });
    location.hash = "#/oauth/callback?ticket=t1";
    render(<OAuthCallbackView title="titles.oauth" />);
    await waitFor(() => expect(location.hash).toBe("#/getrole"));
    expect(readGoogleSignup()).toEqual({ name: "Noor Example", email: "noor@example.com", register_ticket: "reg-1" });
    expect(isAuthenticated.value).toBe(false);
  });

  it("shows why the provider's answer failed, with a way back", async () => {
    const calls = fakeApi(() => json(500, {}));
    location.hash = "#/oauth/callback?error=unverified";
    render(<OAuthCallbackView title="titles.oauth" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Google sign-in did not work");
    expect(screen.getByRole("alert").textContent).toMatch(/email is not verified/);
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("#/login");
    expect(calls).toHaveLength(0);
  });

  it("shows the server's detail when the ticket is refused", async () => {
    fakeApi({ "POST oauth/session": () => json(410, { detail: "This sign-in link has expired. Please try again." }) });
    location.hash = "#/oauth/callback?ticket=used";
    render(<OAuthCallbackView title="titles.oauth" />);
    expect((await screen.findByRole("alert")).textContent).toBe("This sign-in link has expired. Please try again.");
    expect(isAuthenticated.value).toBe(false);
  });
});

describe("registering after Google", () => {
  const google = { name: "Noor Example", email: "noor@example.com", register_ticket: "reg-1" };

  it("the role picker says who is signing up, and the person can drop it for a password", () => {
    writeGoogleSignup(google);
    render(<GetRoleView title="titles.getrole" />);
    const note = screen.getByTestId("google-signup");
    expect(note.textContent).toContain("Noor Example");
    expect(note.textContent).toContain("noor@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Use a password instead" }));
    expect(screen.queryByTestId("google-signup")).toBeNull();
    expect(readGoogleSignup()).toBeNull();
  });

  it("the owner form is filled in, asks no password, sends the ticket and signs the person in", async () => {
    writeGoogleSignup(google);
    const calls = fakeApi({ "POST user/register": () => json(201, { ...signedIn(0), message: "Registration successful!" }) });
    render(<CustomerRegisterView title="titles.register" />);
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Noor Example");
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe("noor@example.com");
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText("Password")).toBeNull();
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "9123 4567" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(location.hash).toBe("#/home"));
    expect(calls[0].body).toEqual({
      name: "Noor Example",
      email: "noor@example.com",
      cntry_code: "+968",
      mob_no: "91234567",
      terms_service: true,
      oauth_ticket: "reg-1",
    });
    expect(isAuthenticated.value).toBe(true);
    expect(role.value).toBe(0);
    // The ticket is used up: another visit to the forms starts an ordinary sign-up.
    expect(readGoogleSignup()).toBeNull();
  });

  it("a technician who drops Google on the form types a password again, and the ticket is not sent", async () => {
    writeGoogleSignup(google);
    const calls = fakeApi(() => json(201, { message: "Registration successful!" }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    fireEvent.click(screen.getByRole("button", { name: "Use a password instead" }));
    const password = screen.getByLabelText("Password");
    fireEvent.change(password, { target: { value: "Secret123" } });
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "9123 4567" } });
    fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
    const input = screen.getByRole("combobox", { name: "Languages you speak" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "Arabic" } });
    fireEvent.click(await screen.findByRole("option", { name: /^Arabic/ }));
    fireEvent.keyDown(input, { key: "Escape" });
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign up" })));
    await waitFor(() => expect(location.hash).toBe("#/login"));
    const body = calls[0].body as Record<string, unknown>;
    expect(body.password).toBe("Secret123");
    expect(body.oauth_ticket).toBeUndefined();
    expect(isAuthenticated.value).toBe(false);
  });
});
