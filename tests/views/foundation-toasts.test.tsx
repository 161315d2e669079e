import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Overlay } from "../../src/components/Overlay";
import { Toasts } from "../../src/components/Toasts";
import { signIn, signOut } from "../../src/signals/session";
import { authToast, showToast, toasts } from "../../src/signals/toasts";

afterEach(() => {
  act(() => {
    toasts.value = [];
    signOut();
  });
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

  it("lets taps through the toast stack: only the toast itself takes pointer events", () => {
    render(<Toasts />);
    act(() => void showToast("Saved", "success"));
    const toast = screen.getByRole("status");
    const stack = toast.parentElement!;
    expect(getComputedStyle(stack).pointerEvents).toBe("none");
    expect(getComputedStyle(toast).pointerEvents).toBe("auto");
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
