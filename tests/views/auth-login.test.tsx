import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { Toasts } from "../../src/components/Toasts";
import { resetAuthState } from "../../src/signals/auth";
import { lang } from "../../src/signals/language";
import { isAuthenticated, persistSession, role, signOut, user } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { LoginView } from "../../src/views/auth/login";
import { fakeServer, json } from "./auth-helpers";

const stopPersist = persistSession();
afterEach(() => {
  signOut();
  resetAuthState();
  toasts.value = [];
  lang.value = "en";
  setApi(createApi());
});
void stopPersist;

const account = (r: number) => ({
  message: "Login successful!",
  access_token: `tok-${r}`,
  role: r,
  got_email_mob: 1,
  user_id: 7,
  name: "Demo",
  email: "d@demo.om",
  mob_no: "91234567",
  cntry_code: "+968",
  company_id: null,
});

function signInThroughForm(identifier = "tech@demo.om", password = "Demo@1234") {
  render(
    <>
      <LoginView title="titles.login" />
      <Toasts />
    </>,
  );
  fireEvent.change(screen.getByLabelText("Email or mobile number"), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("the login screen", () => {
  it("has the identifier and password fields with the right types and autocomplete", () => {
    render(<LoginView title="titles.login" />);
    const id = screen.getByLabelText("Email or mobile number") as HTMLInputElement;
    expect(id.type).toBe("text");
    expect(id.autocomplete).toBe("username");
    // The contract's limit, so a long paste stops there rather than being refused as "empty".
    expect(id.maxLength).toBe(254);
    const pw = screen.getByLabelText("Password") as HTMLInputElement;
    expect(pw.type).toBe("password");
    expect(pw.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("#/forgetpassword");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("#/getrole");
    expect(screen.getByTestId("language-switch")).toBeTruthy();
  });

  it("an empty press names each missing field in the screen's language, sends nothing, and the message goes as it is typed in", async () => {
    const calls = fakeServer({ "POST user/login": () => json(200, {}) });
    lang.value = "ar";
    render(<LoginView title="titles.login" />);
    const form = document.querySelector("form") as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    fireEvent.submit(form);
    expect(await screen.findByText("يرجى إدخال بريدك الإلكتروني أو رقم جوالك.")).toBeTruthy();
    expect(screen.getByText("يرجى إدخال كلمة المرور.")).toBeTruthy();
    expect(document.activeElement?.id).toBe("login-identifier");
    fireEvent.change(document.getElementById("login-identifier") as HTMLInputElement, { target: { value: "tech@demo.om" } });
    expect(screen.queryByText("يرجى إدخال بريدك الإلكتروني أو رقم جوالك.")).toBeNull();
    fireEvent.submit(form);
    expect(document.activeElement?.id).toBe("login-password");
    expect(calls).toHaveLength(0);
  });

  it("a technician's sign-in stores the session and lands on /jobs", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = fakeServer({ "POST user/login": () => new Promise<Response>((r) => (answer = r)) });
    signInThroughForm();
    expect(await screen.findByRole("button", { name: "Signing in..." })).toHaveProperty("disabled", true);
    answer(json(200, account(1)));
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
    expect(calls.find((c) => c.path === "user/login")?.body).toEqual({ identifier: "tech@demo.om", password: "Demo@1234" });
    expect(isAuthenticated.value).toBe(true);
    expect(role.value).toBe(1);
    expect(user.value?.name).toBe("Demo");
    expect(localStorage.getItem("access_token")).toBe("tok-1");
    expect(localStorage.getItem("role")).toBe("1");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").access_token).toBeUndefined();
    expect(await screen.findByText("Login successful!")).toBeTruthy();
  });

  it("signs in with an answer that holds only access_token, role and got_email_mob (it showed 'Login failed' for this 200)", async () => {
    fakeServer({ "POST user/login": () => json(200, { access_token: "tok-bare", role: 1, got_email_mob: 1 }) });
    signInThroughForm();
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
    expect(isAuthenticated.value).toBe(true);
    expect(localStorage.getItem("access_token")).toBe("tok-bare");
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(screen.queryByText("Login failed")).toBeNull();
  });

  it.each([
    [0, "#/home"],
    [2, "#/home"],
    [3, "#/home"],
  ])("role %i lands on its home (D3), not /jobs", async (r, hash) => {
    fakeServer({ "POST user/login": () => json(200, account(r)) });
    signInThroughForm("someone@demo.om");
    await waitFor(() => expect(location.hash).toBe(hash));
  });

  it("a wrong password shows the server's detail as the failure toast and stores nothing", async () => {
    fakeServer({ "POST user/login": () => json(401, { detail: "Invalid identifier or password" }) });
    signInThroughForm("tech@demo.om", "nope-nope");
    const toast = await screen.findByText("Invalid identifier or password");
    expect(toast.closest("[data-toast]")?.getAttribute("data-toast")).toBe("error");
    expect(toasts.value[0].placement).toBe("auth");
    expect(isAuthenticated.value).toBe(false);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).toHaveProperty("disabled", false);
  });

  it("a new attempt takes the last failure's toast away", async () => {
    let calls = 0;
    let answer: (r: Response) => void = () => undefined;
    fakeServer({
      "POST user/login": () => (++calls === 1 ? json(401, { detail: "Invalid identifier or password" }) : new Promise<Response>((r) => (answer = r))),
    });
    signInThroughForm("tech@demo.om", "wrong-one");
    expect(await screen.findByText("Invalid identifier or password")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.queryByText("Invalid identifier or password")).toBeNull());
    answer(json(200, account(1)));
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
  });

  it("in Arabic an English server detail is isolated so it reads correctly right to left", async () => {
    lang.value = "ar";
    fakeServer({ "POST user/login": () => json(401, { detail: "Invalid identifier or password" }) });
    render(
      <>
        <LoginView title="titles.login" />
        <Toasts />
      </>,
    );
    fireEvent.change(screen.getByLabelText("البريد الإلكتروني أو رقم الجوال"), { target: { value: "x@y.om" } });
    fireEvent.change(screen.getByLabelText("كلمة المرور"), { target: { value: "whatever1" } });
    fireEvent.click(screen.getByRole("button", { name: "تسجيل الدخول" }));
    await waitFor(() => expect(toasts.value[0]?.message).toBe("\u2068Invalid identifier or password\u2069"));
  });

  it("without a server detail the failure toast says 'Login failed'", async () => {
    fakeServer({ "POST user/login": () => new Response("oops", { status: 500 }) });
    signInThroughForm();
    expect(await screen.findByText("Login failed")).toBeTruthy();
  });

  it("a malformed success answer is a failure, not a half sign-in", async () => {
    fakeServer({ "POST user/login": () => json(200, { role: 1 }) });
    signInThroughForm();
    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(isAuthenticated.value).toBe(false);
  });

  it("renders in Arabic", () => {
    lang.value = "ar";
    render(<LoginView title="titles.login" />);
    expect(screen.getByLabelText("البريد الإلكتروني أو رقم الجوال")).toBeTruthy();
    expect(screen.getByRole("button", { name: "تسجيل الدخول" })).toBeTruthy();
  });
});
