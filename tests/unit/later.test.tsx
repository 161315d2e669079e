import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeClockAndFrames } from "../fake-clock";

// Each test takes the component and the first screen's module afresh, on a fake clock and fake frames (set before the
// module loads, whose latest moment is then fake too).
const fresh = async () => {
  fakeClockAndFrames();
  vi.resetModules();
  const firstScreen = await import("../../src/lib/first-screen");
  const { Later } = await import("../../src/components/Later");
  return { ...firstScreen, Later };
};
const frames = (ms = 400) => act(() => vi.advanceTimersByTimeAsync(ms));
const below = () => screen.queryByText("Below the fold");

afterEach(() => {
  vi.useRealTimers();
});

describe("Later: what a screen shows below its fold (src/components/Later.tsx)", () => {
  it("renders with the rest when the page did not split its first screen (a screen mounted by itself)", async () => {
    const m = await fresh();
    render(
      <m.Later>
        <p>Below the fold</p>
      </m.Later>,
    );
    expect(below()).not.toBeNull();
  });

  it("on the page's first screen, comes a frame and a task after the rest, and the first screen waits for it", async () => {
    const m = await fresh();
    m.splitFirstScreen();
    const shownWhenUp: boolean[] = [];
    m.whenFirstScreen(() => shownWhenUp.push(below() !== null));
    const { container } = render(
      <main>
        <h1>Above</h1>
        <m.Later>
          <p>Below the fold</p>
        </m.Later>
      </main>,
    );
    m.appStarted();
    expect(screen.getByText("Above")).not.toBeNull();
    expect(below()).toBeNull();
    // Its room keeps what follows off the screen, and is no content to a screen reader.
    expect(container.querySelector("main > div[aria-hidden='true']")).not.toBeNull();
    await frames(1);
    expect(below()).toBeNull();
    // The frame that paints the rest, then a task: it comes; the first screen is up a few frames after that.
    await frames(20);
    expect(below()).not.toBeNull();
    expect(container.querySelector("main > div[aria-hidden='true']")).toBeNull();
    expect(m.firstScreenUp()).toBe(false);
    await frames();
    expect(m.firstScreenUp()).toBe(true);
    expect(shownWhenUp).toEqual([true]);
    // Once the first screen is up, a screen shows whole at once.
    render(
      <m.Later>
        <p>Next screen</p>
      </m.Later>,
    );
    expect(screen.getByText("Next screen")).not.toBeNull();
  });

  it("inside a list, holds the fold with a list item and then gives the rest of the items", async () => {
    const m = await fresh();
    m.splitFirstScreen();
    const { container } = render(
      <ul>
        <li>First</li>
        <m.Later as="li">
          <li>Second</li>
          <li>Third</li>
        </m.Later>
      </ul>,
    );
    m.appStarted();
    expect(container.querySelector("ul > li[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByText("Third")).toBeNull();
    await frames(20);
    expect([...container.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["First", "Second", "Third"]);
  });

  it("leaves nothing waiting when the screen goes before it came", async () => {
    const m = await fresh();
    m.splitFirstScreen();
    const { unmount } = render(
      <m.Later>
        <p>Below the fold</p>
      </m.Later>,
    );
    m.appStarted();
    unmount();
    await frames();
    expect(m.firstScreenUp()).toBe(true);
  });
});
