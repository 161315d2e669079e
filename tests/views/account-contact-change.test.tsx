import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { persistSession, signOut, user } from "../../src/signals/session";
import { resendAfter } from "../../src/views/account/contact-sheet";
import { answer, clearToasts, json, owner, showProfile, toastText, writes } from "./account-helpers";

persistSession();
afterEach(() => {
  resendAfter.value = {};
  signOut();
  clearToasts();
  setApi(createApi());
});

const emailRow = () => screen.getByTestId("contact-email");
const mobileRow = () => screen.getByTestId("contact-mobile");
const enterCode = (dialog: HTMLElement, code: string) => fireEvent.input(within(dialog).getByLabelText("Digit 1 of 6"), { target: { value: code } });

describe("changing the email", () => {
  it("sends a code to the new email, and shows it only once the code is verified", async () => {
    const pending = owner({ pending: [{ kind: "email", value: "new@demo.om", expires_at: "2026-11-25T10:00:00Z" }] });
    const changed = owner({ email: "new@demo.om", pending: [] });
    const calls = showProfile(owner(), {
      "POST user/change_contact": answer(pending, "We sent a code to new@demo.om. Enter it to confirm the change."),
      "POST user/verify_contact": answer(changed, "Your contact details have been changed."),
    });
    fireEvent.click(await within(await screen.findByTestId("contact-email")).findByRole("button", { name: "Change" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your email" });
    fireEvent.input(within(sheet).getByLabelText("New email"), { target: { value: " New@Demo.om " } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));

    expect(await within(sheet).findByText("Enter the 6-digit code we sent to")).toBeTruthy();
    expect(calls.find((c) => c.path === "user/change_contact")?.body).toEqual({ kind: "email", email: "new@demo.om" });
    expect(toastText("success")).toEqual(["We sent a code to new@demo.om. Enter it to confirm the change."]);
    // The old email stays until the code is verified; the pending change says where the code went.
    expect(within(emailRow()).getByText("maryam@demo.om")).toBeTruthy();
    expect(within(emailRow()).getByText("Waiting for the code sent to")).toBeTruthy();

    enterCode(sheet, "123456");
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Change your email" })).toBeNull());
    expect(calls.find((c) => c.path === "user/verify_contact")?.body).toEqual({ kind: "email", otp: "123456" });
    expect(within(emailRow()).getByText("new@demo.om")).toBeTruthy();
    expect(within(emailRow()).queryByText("Waiting for the code sent to")).toBeNull();
    expect(toastText("success")).toContain("Your contact details have been changed.");
    await waitFor(() => expect(user.value?.email).toBe("new@demo.om"));
  });

  it("waits out the minute before the code may be sent again, counting it down, then sends it again", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    try {
      const pending = owner({ pending: [{ kind: "email", value: "new@demo.om", expires_at: "2026-11-25T10:00:00Z" }] });
      const calls = showProfile(owner(), { "POST user/change_contact": answer(pending, "We sent a code to new@demo.om.") });
      fireEvent.click(await within(await screen.findByTestId("contact-email")).findByRole("button", { name: "Change" }));
      const sheet = await screen.findByRole("dialog", { name: "Change your email" });
      fireEvent.input(within(sheet).getByLabelText("New email"), { target: { value: "new@demo.om" } });
      fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));
      await within(sheet).findByText("Enter the 6-digit code we sent to");
      const again = within(sheet).getByRole("button", { name: "Send the code again" }) as HTMLButtonElement;
      expect(again.disabled).toBe(true);
      expect(within(sheet).getByText("You can request a new code in 1:00")).toBeTruthy();
      act(() => void vi.advanceTimersByTime(5_000));
      expect(within(sheet).getByText("You can request a new code in 0:55")).toBeTruthy();
      act(() => void vi.advanceTimersByTime(55_000));
      expect(within(sheet).queryByText(/You can request a new code in/)).toBeNull();
      expect(again.disabled).toBe(false);
      fireEvent.click(again);
      await waitFor(() => expect(calls.filter((c) => c.path === "user/change_contact")).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it("a code to another address waits out the same minute (no send the server would refuse)", async () => {
    const pending = owner({ pending: [{ kind: "email", value: "new@demo.om", expires_at: "2026-11-25T10:00:00Z" }] });
    showProfile(owner(), { "POST user/change_contact": answer(pending, "We sent a code to new@demo.om.") });
    fireEvent.click(await within(await screen.findByTestId("contact-email")).findByRole("button", { name: "Change" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your email" });
    fireEvent.input(within(sheet).getByLabelText("New email"), { target: { value: "new@demo.om" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));
    await within(sheet).findByText("Enter the 6-digit code we sent to");
    fireEvent.click(within(sheet).getByRole("button", { name: "Use another email" }));
    expect((within(sheet).getByRole("button", { name: "Send code" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(sheet).getByText(/^You can request a new code in (0:59|1:00)$/)).toBeTruthy();
  });

  it("refuses a malformed email on the phone, sending nothing", async () => {
    const calls = showProfile(owner());
    fireEvent.click(await within(await screen.findByTestId("contact-email")).findByRole("button", { name: "Change" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your email" });
    fireEvent.input(within(sheet).getByLabelText("New email"), { target: { value: "a@b" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));
    expect(await within(sheet).findByText("Please enter a valid email address.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("keeps the code and says why when the server refuses it", async () => {
    const detail = "The code is not correct.";
    showProfile(owner({ pending: [{ kind: "email", value: "new@demo.om", expires_at: "" }] }), {
      "POST user/verify_contact": () => json(400, { detail, errors: { otp: detail } }),
    });
    const pending = await within(await screen.findByTestId("contact-email")).findByRole("status");
    fireEvent.click(within(pending).getByRole("button", { name: "Enter code" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your email" });
    enterCode(sheet, "999999");
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    expect(await within(sheet).findByText(detail)).toBeTruthy();
    expect((within(sheet).getByLabelText("Digit 6 of 6") as HTMLInputElement).value).toBe("9");
    expect(within(emailRow()).getByText("maryam@demo.om")).toBeTruthy();
  });
});

describe("changing the mobile number", () => {
  it("sends the dial code and national number, and resends from the pending notice", async () => {
    // As the server answers: the waiting changes, the mobile's parts beside its E.164 value, and no sentence here.
    const pending = [{ kind: "mobile", value: "+96892345678", cntry_code: "+968", mob_no: "92345678", expires_at: "2026-11-25T10:00:00Z" }];
    const calls = showProfile(owner(), { "POST user/change_contact": () => json(200, { pending }) });
    fireEvent.click(await within(await screen.findByTestId("contact-mobile")).findByRole("button", { name: "Change" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your mobile number" });
    fireEvent.input(within(sheet).getByLabelText("New mobile number"), { target: { value: "9234 5678" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));
    await within(sheet).findByText("Enter the 6-digit code we sent to");
    // The way back says what it changes.
    expect(within(sheet).getByRole("button", { name: "Use another number" })).toBeTruthy();
    expect(calls.find((c) => c.path === "user/change_contact")?.body).toEqual({ kind: "mobile", cntry_code: "+968", mob_no: "92345678" });
    // The toast names the number when the server sends no sentence of its own.
    expect(toastText("success")).toEqual(["We sent a code to +968 92345678. Enter it to confirm the change."]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Close" }));

    expect(within(mobileRow()).getByText("+968 91234567")).toBeTruthy();
    const notice = within(mobileRow()).getByRole("status");
    expect(within(notice).getByText("+968 92345678")).toBeTruthy();
    // The code just went: the notice waits out the same minute as the sheet (the server would refuse it sooner).
    const again = within(notice).getByRole("button", { name: "Send the code again" }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    expect(within(notice).getByText(/^You can request a new code in (0:59|1:00)$/)).toBeTruthy();
    // A minute later.
    act(() => void (resendAfter.value = {}));
    expect(again.disabled).toBe(false);
    fireEvent.click(again);
    await waitFor(() => expect(calls.filter((c) => c.path === "user/change_contact")).toHaveLength(2));
    expect(calls.filter((c) => c.path === "user/change_contact")[1].body).toEqual({ kind: "mobile", cntry_code: "+968", mob_no: "92345678" });
  });

  it("reads a waiting change named only in E.164 to show and resend it", async () => {
    const calls = showProfile(owner({ pending: [{ kind: "mobile", value: "+97150123456", expires_at: "" }] }), {
      "POST user/change_contact": () => json(200, { message: "Sent." }),
    });
    const notice = await within(await screen.findByTestId("contact-mobile")).findByRole("status");
    expect(within(notice).getByText("+971 50123456")).toBeTruthy();
    fireEvent.click(within(notice).getByRole("button", { name: "Send the code again" }));
    await waitFor(() => expect(calls.find((c) => c.path === "user/change_contact")?.body).toEqual({ kind: "mobile", cntry_code: "+971", mob_no: "50123456" }));
  });

  it("waits as long as the server says when it refuses a code asked for too soon (429, Retry-After)", async () => {
    const detail = "Please wait 40 seconds before requesting a new code.";
    showProfile(owner({ pending: [{ kind: "mobile", value: "+97150123456", expires_at: "" }] }), {
      "POST user/change_contact": () =>
        new Response(JSON.stringify({ detail }), { status: 429, headers: { "content-type": "application/json", "retry-after": "40" } }),
    });
    const notice = await within(await screen.findByTestId("contact-mobile")).findByRole("status");
    fireEvent.click(within(notice).getByRole("button", { name: "Send the code again" }));
    expect(await within(notice).findByText(/^You can request a new code in 0:(39|40)$/)).toBeTruthy();
    await waitFor(() => expect((within(notice).getByRole("button", { name: "Send the code again" }) as HTMLButtonElement).disabled).toBe(true));
    expect(toastText("error")).toEqual([detail]);
  });

  it("refuses a number that is not a mobile of the chosen country", async () => {
    const calls = showProfile(owner());
    fireEvent.click(await within(await screen.findByTestId("contact-mobile")).findByRole("button", { name: "Change" }));
    const sheet = await screen.findByRole("dialog", { name: "Change your mobile number" });
    fireEvent.input(within(sheet).getByLabelText("New mobile number"), { target: { value: "1234" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send code" }));
    expect(await within(sheet).findByText("Please enter a valid mobile number for the chosen country.")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });
});
