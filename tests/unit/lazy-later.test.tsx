import { act, fireEvent, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { onFakeClock } from "../fake-clock";

// A fresh first-screen module per test: whether the first screen is up is module state (src/lib/first-screen.ts).
const fresh = async () => {
  vi.resetModules();
  const first = await import("../../src/lib/first-screen");
  const later = await import("../../src/lib/lazy-later");
  return { ...first, ...later };
};

describe("a component loaded later (src/lib/lazy-later.ts)", () => {
  it("is fetched once the first screen is up, not before, and not by the screen's own load", async () => {
    // On a fake clock and fake frames, from before the modules load: the first screen's frames and settling moment
    // pass as the test lets them, not in real time.
    await onFakeClock(async () => {
      const m = await fresh();
      const load = vi.fn(async () => (props: { label: string }) => <p>{props.label}</p>);
      m.lazyLater(load);
      await vi.advanceTimersByTimeAsync(1000);
      expect(load).not.toHaveBeenCalled();
      expect(m.firstScreenUp()).toBe(false);
      m.appStarted();
      await vi.advanceTimersByTimeAsync(m.UP_SETTLE_MS - 1);
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(load).toHaveBeenCalledTimes(1);
    });
  });

  it("mounts from its first opening on and stays mounted once closed; what it renders comes when its code has", async () => {
    const m = await fresh();
    let mounts = 0;
    const Sheet = m.lazyLater(async () => ({ open }: { open: boolean }) => {
      useState(() => mounts++);
      return open ? <div role="dialog" aria-label="Sheet" /> : null;
    });
    function Screen() {
      const [open, setOpen] = useState(false);
      const shown = m.useOpenedOnce(open);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle
          </button>
          {shown && (
            <Suspense fallback={<span>loading</span>}>
              <Sheet open={open} />
            </Suspense>
          )}
        </>
      );
    }
    render(<Screen />);
    expect(screen.queryByText("loading")).toBeNull();
    expect(mounts).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    expect(await screen.findByRole("dialog", { name: "Sheet" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "toggle" })));
    expect(screen.getByRole("dialog", { name: "Sheet" })).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
