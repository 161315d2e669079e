import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Overlay } from "../../src/components/Overlay";
import { createApi, setApi } from "../../src/api/client";
import { LanguageSwitch } from "../../src/components/LanguageSwitch";
import { Toasts } from "../../src/components/Toasts";
import { login, reset } from "../../src/signals/auth";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { authToast, showToast, toasts } from "../../src/signals/toasts";
import { fakeApi, json } from "./fake-api";

afterEach(() => {
  act(() => {
    toasts.value = [];
    signOut();
    lang.value = "en";
  });
  setApi(createApi());
});

const px = (v: string) => Number.parseFloat(v);

describe("toasts cover nothing that must be pressed", () => {
  it("gives the toast's close button a 44 by 44 px touch target (it was 24 by 20)", () => {
    render(<Toasts />);
    act(() => void showToast("Saved", "success"));
    const close = within(screen.getByRole("status")).getByRole("button", { name: "Close" });
    const style = getComputedStyle(close);
    expect(px(style.width)).toBeGreaterThanOrEqual(44);
    expect(px(style.height)).toBeGreaterThanOrEqual(44);
  });

  // Walked: for its 5 seconds 'Login successful!' sat over the job's Accept button, and the tap went to its text.
  it("lets taps through the toast stack and the toast's text: only its close button takes them", () => {
    render(<Toasts />);
    act(() => void showToast("Saved", "success"));
    const toast = screen.getByRole("status");
    const stack = toast.parentElement!;
    expect(getComputedStyle(stack).pointerEvents).toBe("none");
    expect(getComputedStyle(toast).pointerEvents).toBe("none");
    expect(getComputedStyle(within(toast).getByRole("button", { name: "Close" })).pointerEvents).toBe("auto");
  });

  it("puts auth toasts below the sign-in screens' top row (back arrow, language switch), not at the very top", () => {
    render(<Toasts />);
    act(() => void authToast("Login failed", "error"));
    const stack = screen.getByRole("alert").closest("[data-toasts]") as HTMLElement;
    expect(stack.dataset.toasts).toBe("top");
    expect(getComputedStyle(stack).top).toMatch(/68px/);
  });

  it("moves an auth toast to the bottom once signed in, where it used to cover the next screen's back arrow and heading", () => {
    render(<Toasts />);
    act(() => void authToast("Login successful!", "success"));
    expect((screen.getByRole("status").closest("[data-toasts]") as HTMLElement).dataset.toasts).toBe("top");
    act(() => void signIn({ access_token: "t", role: 1, got_email_mob: 1 }));
    const stack = screen.getByRole("status").closest("[data-toasts]") as HTMLElement;
    expect(stack.dataset.toasts).toBe("bottom");
    expect(getComputedStyle(stack).bottom).toMatch(/90px/);
  });

  it("moves app toasts above an open bottom sheet, where they covered the sheet's fields (the add-employee email)", () => {
    function Sheet({ open }: { open: boolean }) {
      return (
        <Overlay open={open} title="Add employee" kind="sheet" onClose={() => undefined}>
          <input aria-label="Email" />
        </Overlay>
      );
    }
    const { rerender } = render(
      <>
        <Toasts />
        <Sheet open={false} />
      </>,
    );
    act(() => void showToast("Saved", "success"));
    const where = () => (screen.getByRole("status").closest("[data-toasts]") as HTMLElement).dataset.toasts;
    expect(where()).toBe("bottom");
    rerender(
      <>
        <Toasts />
        <Sheet open />
      </>,
    );
    expect(where()).toBe("top");
    rerender(
      <>
        <Toasts />
        <Sheet open={false} />
      </>,
    );
    expect(where()).toBe("bottom");
  });
});

// Bug: the toasts were raised as sentences already translated, so one on screen while the user switched language
// stayed in the old language (a 'Passwords do not match!' over a page now in Arabic).
describe("a toast on screen follows a language switch", () => {
  const toastText = () => screen.getByRole("alert").querySelector("span")?.textContent;

  it("says 'Passwords do not match!' in Arabic once the user switches to Arabic, and in English again after", async () => {
    render(
      <>
        <LanguageSwitch />
        <Toasts />
      </>,
    );
    await act(() => reset("a@b.om", "Secret@123", "Secret@124"));
    expect(toastText()).toBe("Passwords do not match!");
    act(() => screen.getByTestId("language-switch").click());
    await waitFor(() => expect(toastText()).toBe("كلمتا المرور غير متطابقتين!"));
    act(() => screen.getByTestId("language-switch").click());
    await waitFor(() => expect(toastText()).toBe("Passwords do not match!"));
  });

  it("keeps the server's sentence in its language, and says the app's own words for it after a switch", async () => {
    fakeApi({ "POST user/login": () => json(401, { detail: "Invalid identifier or password" }) });
    render(
      <>
        <LanguageSwitch />
        <Toasts />
      </>,
    );
    await act(() => login("a@b.om", "wrong-pass"));
    expect(toastText()).toBe("Invalid identifier or password");
    act(() => screen.getByTestId("language-switch").click());
    await waitFor(() => expect(toastText()).toBe("فشل تسجيل الدخول"));
  });

  it("translates a toast's names into the new language too", () => {
    render(<Toasts />);
    act(() => void showToast({ key: "assign.done", params: { name: "Salim" } }, "success"));
    expect(screen.getByRole("status").textContent).toContain("Assigned to Salim.");
    act(() => void (lang.value = "ar"));
    expect(screen.getByRole("status").textContent).not.toContain("Assigned");
    expect(screen.getByRole("status").textContent).toContain("Salim");
  });
});
