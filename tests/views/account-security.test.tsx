import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { isAuthenticated, persistSession, signOut } from "../../src/signals/session";
import { clearToasts, json, owner, showProfile, toastText, writes } from "./account-helpers";

persistSession();
afterEach(() => {
  signOut();
  clearToasts();
  setApi(createApi());
});

const type = (root: HTMLElement, label: string, value: string) => fireEvent.input(within(root).getByLabelText(label), { target: { value } });

describe("changing the password", () => {
  it("blocks a confirmation that does not match on the phone, sending nothing", async () => {
    const calls = showProfile(owner());
    const section = await screen.findByTestId("password-section");
    type(section, "Current password", "Demo@1234");
    type(section, "New password", "Better@5678");
    type(section, "Confirm new password", "Better@567");
    fireEvent.click(within(section).getByRole("button", { name: "Change password" }));
    expect(await within(section).findByText("Passwords do not match!")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("sends the current and new password, toasts the server's message and clears the fields", async () => {
    const message = "Your password has been changed. Other devices have been signed out.";
    const calls = showProfile(owner(), { "PUT user/password": () => json(200, { message }) });
    const section = await screen.findByTestId("password-section");
    type(section, "Current password", "Demo@1234");
    type(section, "New password", "Better@5678");
    type(section, "Confirm new password", "Better@5678");
    fireEvent.click(within(section).getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(toastText("success")).toEqual([message]));
    expect(calls.find((c) => c.path === "user/password")?.body).toEqual({
      current_password: "Demo@1234",
      new_password: "Better@5678",
      confirm_password: "Better@5678",
    });
    expect((within(section).getByLabelText("Current password") as HTMLInputElement).value).toBe("");
  });

  it("shows a wrong current password under its field and keeps what was typed", async () => {
    const detail = "Your current password is not correct.";
    showProfile(owner(), { "PUT user/password": () => json(400, { detail, errors: { current_password: detail } }) });
    const section = await screen.findByTestId("password-section");
    type(section, "Current password", "wrong-one");
    type(section, "New password", "Better@5678");
    type(section, "Confirm new password", "Better@5678");
    fireEvent.click(within(section).getByRole("button", { name: "Change password" }));
    expect(await within(section).findByText(detail)).toBeTruthy();
    expect((within(section).getByLabelText("New password") as HTMLInputElement).value).toBe("Better@5678");
  });

  it("asks an account without a password (Google sign-in) only for the new one", async () => {
    const calls = showProfile(owner({ has_password: false }), { "PUT user/password": () => json(200, { message: "Done." }) });
    const section = await screen.findByTestId("password-section");
    expect(within(section).queryByLabelText("Current password")).toBeNull();
    type(section, "New password", "Better@5678");
    type(section, "Confirm new password", "Better@5678");
    fireEvent.click(within(section).getByRole("button", { name: "Set password" }));
    await waitFor(() => expect(calls.find((c) => c.path === "user/password")?.body).toEqual({ new_password: "Better@5678", confirm_password: "Better@5678" }));
  });
});

describe("deleting the account", () => {
  it("needs the confirmation and the password, then calls DELETE, clears the session and lands on sign-in", async () => {
    const calls = showProfile(owner(), { "DELETE user/account": () => json(200, { message: "Your account has been deleted." }) });
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    expect(await within(dialog).findByText("Please enter your password.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    type(dialog, "Your password", "Demo@1234");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    await waitFor(() => expect(isAuthenticated.value).toBe(false));
    const call = calls.find((c) => c.method === "DELETE");
    expect(call?.path).toBe("user/account");
    expect(call?.body).toEqual({ password: "Demo@1234" });
    expect(location.hash).toBe("#/login");
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(await screen.findByText("Your account has been deleted.")).toBeTruthy();
  });

  it("keeps the dialog open with the server's reason when the password is wrong", async () => {
    const detail = "Your password is not correct.";
    showProfile(owner(), { "DELETE user/account": () => json(400, { detail, errors: { password: detail } }) });
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    type(dialog, "Your password", "nope");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(isAuthenticated.value).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Delete account" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks an account without a password for a code it requests first", async () => {
    const calls = showProfile(owner({ has_password: false }), {
      "POST user/delete_code": () => json(200, { message: "We sent a code to confirm deleting your account." }),
      "DELETE user/account": () => json(200, { message: "Your account has been deleted." }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(within(dialog).queryByLabelText("Your password")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send me a code" }));
    await within(dialog).findByRole("button", { name: "Send the code again" });
    fireEvent.input(within(dialog).getByLabelText("Digit 1 of 6"), { target: { value: "654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    await waitFor(() => expect(isAuthenticated.value).toBe(false));
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ otp: "654321" });
  });
});
