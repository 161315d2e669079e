import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onFakeClock } from "../fake-clock";
import { lang } from "../../src/signals/language";

const pwa = vi.hoisted(() => ({ register: vi.fn(), link: vi.fn() }));
vi.mock("../../src/lib/pwa", () => ({ registerServiceWorker: pwa.register, linkManifest: pwa.link }));
const { UpdatePrompt } = await import("../../src/components/UpdatePrompt");

describe("the update bar", () => {
  let offer: ((update: () => Promise<void>) => void) | undefined;
  beforeEach(() => {
    // Registering happens only in a production build, where the browser has service workers.
    vi.stubEnv("PROD", true);
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: {} });
    pwa.register.mockImplementation(async (onNeedRefresh: typeof offer) => void (offer = onNeedRefresh));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, "serviceWorker");
    pwa.register.mockReset();
    pwa.link.mockReset();
    lang.value = "en";
    offer = undefined;
  });

  it("registers the worker after load and shows nothing until a new version waits", async () => {
    render(<UpdatePrompt />);
    await waitFor(() => expect(pwa.register).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId("update-prompt")).toBeNull();
  });

  it("'Reload to update' lets the waiting version in, once; the close button hides the bar", async () => {
    const update = vi.fn(async () => undefined);
    render(<UpdatePrompt />);
    await waitFor(() => expect(offer).toBeTypeOf("function"));
    act(() => offer?.(update));
    const bar = screen.getByTestId("update-prompt");
    expect(bar.textContent).toContain("A new version is ready.");
    const reload = screen.getByRole("button", { name: "Reload to update" });
    fireEvent.click(reload);
    expect(update).toHaveBeenCalledTimes(1);
    expect((reload as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByTestId("update-prompt")).toBeNull();
  });

  it("reads in Arabic and links the Arabic manifest while the app is in Arabic", async () => {
    render(<UpdatePrompt />);
    expect(pwa.link).toHaveBeenLastCalledWith("en");
    await waitFor(() => expect(offer).toBeTypeOf("function"));
    act(() => {
      lang.value = "ar";
      offer?.(async () => undefined);
    });
    expect(pwa.link).toHaveBeenLastCalledWith("ar");
    expect(screen.getByTestId("update-prompt").textContent).toContain("إصدار جديد جاهز.");
    expect(screen.getByRole("button", { name: "أعد التحميل للتحديث" })).toBeTruthy();
  });

  it("registers nothing in the dev server and the tests (no production build)", async () => {
    vi.stubEnv("PROD", false);
    // Past the moment the first screen counts as up at the latest, on a fake clock.
    await onFakeClock(async () => {
      render(<UpdatePrompt />);
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(pwa.register).not.toHaveBeenCalled();
  });
});
