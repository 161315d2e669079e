import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { Toasts } from "../../src/components/Toasts";
import { resetAuthState } from "../../src/signals/auth";
import { canResend, pauseCountdown, remaining, restoreCountdown } from "../../src/signals/countdown";
import { lang } from "../../src/signals/language";
import { toasts } from "../../src/signals/toasts";
import { ForgotPasswordView } from "../../src/views/recovery/forgot";
import { ResetPasswordView } from "../../src/views/recovery/reset";
import { VerifyCodeView } from "../../src/views/recovery/verify-code";
import { fakeServer, json } from "./auth-helpers";

afterEach(() => {
  pauseCountdown();
  vi.useRealTimers();
  resetAuthState();
  toasts.value = [];
  lang.value = "en";
  sessionStorage.clear();
  localStorage.clear();
  restoreCountdown();
  setApi(createApi());
});

const withToasts = (view: React.ReactNode) =>
  render(
    <>
      {view}
      <Toasts />
    </>,
  );
const typeCode = (code: string) => fireEvent.paste(screen.getByLabelText("Digit 1 of 6"), { clipboardData: { getData: () => code } });

describe("forgot password", () => {
  it("sends the email as a query, toasts, starts the countdown and opens /verify-code?email=", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = fakeServer({ "POST auth/forgotpassword": () => new Promise<Response>((r) => (answer = r)) });
    withToasts(<ForgotPasswordView title="titles.forgot" />);
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(email.required).toBe(true);
    fireEvent.change(email, { target: { value: "a.b@demo.om" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty("disabled", true);
    answer(json(200, { message: "If the email is registered, a code has been sent." }));
    await waitFor(() => expect(location.hash).toBe("#/verify-code?email=a.b%40demo.om"));
    expect(calls[0].search).toBe("?email=a.b%40demo.om");
    expect(calls[0].body).toBeUndefined();
    expect(screen.getByText("Password reset link sent to your email.")).toBeTruthy();
    expect(remaining.value).toBe(300);
    expect(canResend.value).toBe(false);
    expect(localStorage.getItem("timer")).toBe("300");
  });

  it("an empty or malformed email is named on the field in the screen's language, and nothing is sent", async () => {
    const calls = fakeServer({ "POST auth/forgotpassword": () => json(200, {}) });
    lang.value = "ar";
    withToasts(<ForgotPasswordView title="titles.forgot" />);
    fireEvent.submit(document.querySelector("form") as HTMLFormElement);
    expect(await screen.findByText("يرجى إدخال بريدك الإلكتروني.")).toBeTruthy();
    fireEvent.change(document.getElementById("forgot-email") as HTMLInputElement, { target: { value: "notanemail" } });
    fireEvent.submit(document.querySelector("form") as HTMLFormElement);
    expect(await screen.findByText("يرجى إدخال بريد إلكتروني صالح.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("a failure shows 'Failed to send password reset link' and stays", async () => {
    fakeServer({ "POST auth/forgotpassword": () => new Response("", { status: 500 }) });
    location.hash = "#/forgetpassword";
    withToasts(<ForgotPasswordView title="titles.forgot" />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.om" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Failed to send password reset link")).toBeTruthy();
    expect(location.hash).toBe("#/forgetpassword");
  });

  // The browser's own type=email check already stops a@b..com here; a@b passes it but not the server's rule.
  it.each(["a@b"])("names %s as invalid and sends nothing, the server's email rule", (typed) => {
    const calls = fakeServer({ "POST auth/forgotpassword": () => json(200, { message: "sent" }) });
    withToasts(<ForgotPasswordView title="titles.forgot" />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("a rate limit shows the server's detail", async () => {
    fakeServer({ "POST auth/forgotpassword": () => json(429, { detail: "Please wait a minute before asking for another code." }) });
    withToasts(<ForgotPasswordView title="titles.forgot" />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.om" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Please wait a minute before asking for another code.")).toBeTruthy();
  });
});

describe("verify code", () => {
  const open = (email = "a@b.om") => {
    location.hash = `#/verify-code?email=${encodeURIComponent(email)}`;
    return withToasts(<VerifyCodeView title="titles.verifyCode" />);
  };

  it("Verify is enabled only when all six boxes are filled", () => {
    open();
    const verify = screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    typeCode("12345");
    expect(verify.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Digit 6 of 6"), { target: { value: "6" } });
    expect(verify.disabled).toBe(false);
  });

  it("success keeps the reset_token in sessionStorage, toasts and opens /reset-password?email=", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = fakeServer({ "POST auth/verifyotp": () => new Promise<Response>((r) => (answer = r)) });
    open("a@b.om");
    typeCode("123456");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("button", { name: "Verifying..." })).toHaveProperty("disabled", true);
    answer(json(200, { message: "Code verified.", reset_token: "rt-abc" }));
    await waitFor(() => expect(location.hash).toBe("#/reset-password?email=a%40b.om"));
    expect(calls[0].body).toEqual({ email: "a@b.om", otp: "123456" });
    expect(sessionStorage.getItem("reset_token")).toBe("rt-abc");
    expect(screen.getByText("Otp verified successfully")).toBeTruthy();
  });

  it("a wrong code shows the server's message, or 'Verification failed' without one", async () => {
    fakeServer({ "POST auth/verifyotp": () => json(400, { detail: "The code is wrong or has expired." }) });
    open();
    typeCode("000000");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("The code is wrong or has expired.")).toBeTruthy();
    expect(sessionStorage.getItem("reset_token")).toBeNull();

    fakeServer({ "POST auth/verifyotp": () => new Response("", { status: 500 }) });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Verification failed")).toBeTruthy();
  });

  it("with no stored countdown resend is enabled at once", () => {
    open();
    expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", false);
  });

  it("shows the countdown as m:ss, keeps it across a reload, and enables resend at zero", () => {
    vi.useFakeTimers();
    localStorage.setItem("timer", "65");
    localStorage.setItem("canResend", "false");
    restoreCountdown();
    const first = open();
    const resend = () => screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
    expect(screen.getByTestId("countdown").textContent).toBe("You can request a new code in 1:05");
    expect(resend().disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId("countdown").textContent).toContain("1:00");
    expect(localStorage.getItem("timer")).toBe("60");

    // A reload: the screen goes away, the signals start over from storage, the screen comes back.
    first.unmount();
    act(() => {
      remaining.value = 0;
      canResend.value = true;
      restoreCountdown();
    });
    open();
    expect(screen.getByTestId("countdown").textContent).toContain("1:00");
    expect(resend().disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(resend().disabled).toBe(false);
    expect(localStorage.getItem("canResend")).toBe("true");
  });

  it("resend asks for a new code, toasts 'OTP resent successfully.' and restarts 300 s", async () => {
    const calls = fakeServer({ "POST auth/forgotpassword": () => json(200, { message: "Password reset link sent to your email." }) });
    open("a@b.om");
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("OTP resent successfully.")).toBeTruthy();
    expect(calls[0].search).toBe("?email=a%40b.om");
    expect(remaining.value).toBe(300);
    expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", true);
    expect(screen.getByTestId("countdown").textContent).toContain("5:00");
  });

  it("resend toasts 'OTP resent successfully.' and a failure 'Failed to resend OTP'", async () => {
    fakeServer({ "POST auth/forgotpassword": () => json(200, { message: "Password reset link sent to your email." }) });
    open();
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("OTP resent successfully.")).toBeTruthy();

    localStorage.clear();
    act(() => restoreCountdown());
    fakeServer({ "POST auth/forgotpassword": () => new Response("", { status: 500 }) });
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("Failed to resend OTP")).toBeTruthy();
  });
});

describe("reset password", () => {
  const open = (email = "a@b.om") => {
    location.hash = `#/reset-password?email=${encodeURIComponent(email)}`;
    return withToasts(<ResetPasswordView title="titles.resetPassword" />);
  };
  const fill = (a: string, b: string) => {
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: a } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: b } });
  };

  it("mismatching passwords toast 'Passwords do not match!' and send nothing", async () => {
    sessionStorage.setItem("reset_token", "rt");
    const calls = fakeServer({ "POST auth/resetpassword": () => json(200, {}) });
    open();
    fill("NewPass#2026", "NewPass#2027");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Passwords do not match!")).toBeTruthy();
    // A matching pair must be sent; that it is the first call shows the mismatching one sent nothing.
    fill("NewPass#2026", "NewPass#2026");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ new_password: "NewPass#2026", confirm_password: "NewPass#2026" });
  });

  it("an empty or short new password is named on its field, and nothing is sent", async () => {
    sessionStorage.setItem("reset_token", "rt");
    const calls = fakeServer({ "POST auth/resetpassword": () => json(200, {}) });
    open();
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findAllByText("Please enter a new password.")).toHaveLength(2);
    fill("short", "short");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("The password must be at least 8 characters.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("sends the kept reset_token, toasts and goes to /login", async () => {
    sessionStorage.setItem("reset_token", "rt-xyz");
    let answer: (r: Response) => void = () => undefined;
    const calls = fakeServer({ "POST auth/resetpassword": () => new Promise<Response>((r) => (answer = r)) });
    open("a@b.om");
    expect(screen.queryByText(/has not been verified/)).toBeNull();
    fill("NewPass#2026", "NewPass#2026");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("button", { name: "Resetting..." })).toHaveProperty("disabled", true);
    answer(json(200, { message: "Password reset." }));
    await waitFor(() => expect(location.hash).toBe("#/login"));
    expect(calls[0].body).toEqual({ email: "a@b.om", new_password: "NewPass#2026", confirm_password: "NewPass#2026", reset_token: "rt-xyz" });
    expect(sessionStorage.getItem("reset_token")).toBeNull();
    expect(screen.getByText("Password has been successfully reset.")).toBeTruthy();
  });

  it("a failure shows 'Failed to reset password' and keeps the user on the screen", async () => {
    sessionStorage.setItem("reset_token", "rt");
    fakeServer({ "POST auth/resetpassword": () => new Response("", { status: 500 }) });
    open();
    fill("NewPass#2026", "NewPass#2026");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Failed to reset password")).toBeTruthy();
    expect(location.hash).toBe("#/reset-password?email=a%40b.om");
  });

  it("without a verified code in this browser it says so and links to a new code", () => {
    open();
    expect(screen.getByText(/has not been verified/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new code" }).getAttribute("href")).toBe("#/forgetpassword");
  });

  it("the password fields use new-password autocomplete and have show/hide toggles", () => {
    open();
    expect(screen.getByLabelText("New password").getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getAllByRole("button", { name: "Show password" })).toHaveLength(2);
  });
});
