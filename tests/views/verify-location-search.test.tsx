import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { DEBOUNCE_MS, LocationSearch } from "../../src/components/LocationSearch";
import type { Place } from "../../src/contract/profile";
import { fakeApi, json } from "./verify-helpers";

const place = (formatted_address: string, lat = 1, lng = 2): Place => ({ formatted_address, geometry: { location: { lat, lng } } });
const MUSCAT = place("Muscat, Oman", 23.58413, 58.40778);
const MUSCATINE = place("Muscatine, United States", 41.42, -91.04);

/** The search box with its text held the way the modal holds it. */
function Harness({
  search,
  onSelect = () => undefined,
  onClear = () => undefined,
}: {
  search?: (k: string, s: AbortSignal) => Promise<Place[]>;
  onSelect?: (p: Place) => void;
  onClear?: () => void;
}) {
  const [text, setText] = useState("");
  return (
    <div>
      <p>outside</p>
      <LocationSearch
        id="loc"
        label="Your location"
        value={text}
        onInput={setText}
        onSelect={(p) => {
          setText(p.formatted_address);
          onSelect(p);
        }}
        onClear={() => {
          setText("");
          onClear();
        }}
        search={search}
      />
    </div>
  );
}
const box = () => screen.getByRole("combobox", { name: "Your location" }) as HTMLInputElement;
const typeText = (value: string) => fireEvent.change(box(), { target: { value } });
/**
 * The person stops typing for the debounce. The clock is fake in this file (beforeEach), so no test waits 300 ms of real
 * time for it; what the search answers is then on the screen, and the tests read it at once: findBy and waitFor would
 * hang on the fake clock (@testing-library/react waits on a setTimeout after them).
 */
const pause = () => act(async () => void vi.advanceTimersByTime(DEBOUNCE_MS));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  errors.mockRestore();
  setApi(createApi());
});

describe("the location search", () => {
  it("is a labelled combobox with a hint-free, closed start", () => {
    render(<Harness search={async () => []} />);
    expect(box().getAttribute("aria-autocomplete")).toBe("list");
    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Clear location" })).toBeNull();
  });

  it("does not search below 3 characters", async () => {
    const search = vi.fn(async (_keyword: string, _signal: AbortSignal) => [MUSCAT]);
    render(<Harness search={search} />);
    typeText("m");
    typeText("mu");
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
    // The third character must start a search; that it is the only one shows "m" and "mu" started none.
    typeText("mus");
    await pause();
    expect(search).toHaveBeenCalled();
    expect(search.mock.calls.map((c) => c[0])).toEqual(["mus"]);
  });

  it("waits about 300 ms after the last keystroke and searches once", async () => {
    // Fake timers: a loaded CI machine must not be able to stretch the gaps between keystrokes.
    vi.useFakeTimers();
    try {
      const search = vi.fn(async (_keyword: string, _signal: AbortSignal) => [MUSCAT]);
      render(<Harness search={search} />);
      typeText("mus");
      act(() => void vi.advanceTimersByTime(100));
      typeText("musc");
      act(() => void vi.advanceTimersByTime(DEBOUNCE_MS - 1));
      expect(search).not.toHaveBeenCalled();
      await act(async () => void vi.advanceTimersByTime(1));
      expect(search).toHaveBeenCalledTimes(1);
      expect(search.mock.calls[0][0]).toBe("musc");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Loading...' while searching, then the places as options in a listbox at most 15rem high", async () => {
    let answer: ((places: Place[]) => void) | undefined;
    render(<Harness search={() => new Promise((r) => (answer = r))} />);
    typeText("musc");
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(box().getAttribute("aria-expanded")).toBe("true");
    await pause();
    expect(answer).toBeDefined();
    expect(screen.getByText("Loading...")).toBeTruthy();
    await act(async () => answer?.([MUSCAT, MUSCATINE]));
    expect(screen.queryByText("Loading...")).toBeNull();
    const listbox = screen.getByRole("listbox", { name: "Places" });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Muscat, Oman", "Muscatine, United States"]);
    expect(box().getAttribute("aria-controls")).toBe(listbox.id);
    expect(["15rem", "240px"]).toContain(getComputedStyle(listbox).maxHeight);
    expect(getComputedStyle(listbox).overflowY).toBe("auto");
    expect(listbox.tabIndex).toBe(0);
  });

  it("choosing a place fills the box, reports its coordinates and closes the dropdown", async () => {
    const onSelect = vi.fn();
    render(<Harness search={async () => [MUSCAT, MUSCATINE]} onSelect={onSelect} />);
    typeText("musc");
    await pause();
    fireEvent.click(screen.getByRole("option", { name: "Muscat, Oman" }));
    expect(onSelect).toHaveBeenCalledWith(MUSCAT);
    expect(box().value).toBe("Muscat, Oman");
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
    expect(box().getAttribute("aria-expanded")).toBe("false");
  });

  it("chooses with the arrow keys and Enter, and Escape closes only the dropdown", async () => {
    const onSelect = vi.fn();
    const outerEscape = vi.fn();
    const listen = (e: KeyboardEvent) => e.key === "Escape" && outerEscape();
    document.addEventListener("keydown", listen);
    render(<Harness search={async () => [MUSCAT, MUSCATINE]} onSelect={onSelect} />);
    typeText("musc");
    await pause();
    screen.getByRole("listbox");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(box().getAttribute("aria-activedescendant")).toBe("loc-option-1");
    expect(screen.getByRole("option", { name: "Muscatine, United States" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(MUSCATINE);

    typeText("musca");
    await pause();
    screen.getByRole("listbox");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(outerEscape).not.toHaveBeenCalled();
    document.removeEventListener("keydown", listen);
  });

  it("closes when the person clicks outside", async () => {
    render(<Harness search={async () => [MUSCAT]} />);
    typeText("musc");
    await pause();
    screen.getByRole("listbox");
    fireEvent.mouseDown(screen.getByText("outside"));
    expect(screen.queryByRole("listbox")).toBeNull();
    // A click inside (on the box itself) does not close it.
    typeText("muscat");
    await pause();
    screen.getByRole("listbox");
    fireEvent.mouseDown(box());
    expect(screen.getByRole("listbox")).toBeTruthy();
  });

  it("going back below 3 characters clears the suggestions and closes", async () => {
    render(<Harness search={async () => [MUSCAT]} />);
    typeText("musc");
    await pause();
    screen.getByRole("listbox");
    typeText("mu");
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
    fireEvent.focus(box());
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
  });

  it("the clear button (named 'Clear location') empties the box and closes the dropdown", async () => {
    const onClear = vi.fn();
    render(<Harness search={async () => [MUSCAT]} onClear={onClear} />);
    typeText("musc");
    await pause();
    screen.getByRole("listbox");
    fireEvent.click(screen.getByRole("button", { name: "Clear location" }));
    expect(onClear).toHaveBeenCalled();
    expect(box().value).toBe("");
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it("says 'No places found' for an empty answer", async () => {
    render(<Harness search={async () => []} />);
    typeText("qxzq");
    await pause();
    expect(screen.getByText("No places found")).toBeTruthy();
  });

  it("only logs a failed search and closes the dropdown", async () => {
    render(<Harness search={async () => Promise.reject(new Error("offline"))} />);
    typeText("musc");
    await pause();
    expect(errors).toHaveBeenCalledWith("place search failed", expect.any(Error));
    expect(screen.queryByTestId("place-dropdown")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("ignores an answer that arrives after newer typing", async () => {
    const answers: Array<(p: Place[]) => void> = [];
    render(<Harness search={() => new Promise((r) => answers.push(r))} />);
    typeText("musc");
    await pause();
    expect(answers).toHaveLength(1);
    typeText("muscati");
    await pause();
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]([MUSCATINE]));
    await act(async () => answers[0]([MUSCAT]));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Muscatine, United States"]);
  });

  it("calls GET place/search?keyword= through the API client by default", async () => {
    const calls = fakeApi({ "GET place/search": () => json(200, [MUSCAT]) });
    render(<Harness />);
    typeText("Muscat, Om");
    await pause();
    screen.getByRole("option", { name: "Muscat, Oman" });
    expect(calls).toHaveLength(1);
    expect(calls[0].params.get("keyword")).toBe("Muscat, Om");
  });
});
