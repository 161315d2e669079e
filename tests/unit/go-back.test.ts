import { afterEach, describe, expect, it, vi } from "vitest";
import { goBack } from "../../src/lib/go-back";
import { markOpened, navigate } from "../../src/lib/hash-location";

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("a nested screen's back arrow", () => {
  it("on the screen the tab opened the app on, opens the screen above instead of leaving the app", () => {
    history.pushState(null, "", "#/property/Al%20Noor%20Tower"); // a shared link opened in a tab that showed another page
    markOpened();
    const back = vi.spyOn(history, "back");
    goBack("/home");
    expect(back).not.toHaveBeenCalled();
    expect(location.hash).toBe("#/home");
  });

  // A notification's link to a repair deleted since: its 404 replaces the screen (src/api/client.ts), and Go back then
  // left the app, the mark gone with the entry it was on.
  it("on a screen that replaced the one the tab opened on (a 404 there), still opens the screen above", () => {
    history.pushState(null, "", "#/property/issues-view?issue_id=99");
    markOpened();
    navigate("/404", { replace: true });
    const back = vi.spyOn(history, "back");
    goBack("/home");
    expect(back).not.toHaveBeenCalled();
    expect(location.hash).toBe("#/home");
    // And the screen above is that entry in turn.
    navigate("/jobs", { replace: true, state: { from: "test" } });
    goBack("/home");
    expect(back).not.toHaveBeenCalled();
  });

  // The work report's step is pushed with the job's state: copied with it, the opened mark made the form's Cancel
  // replace its step instead of stepping back.
  it("a screen pushed with the opened entry's state is not the opened entry", () => {
    history.pushState(null, "", "#/property/open-issues?issue_id=7");
    markOpened();
    navigate("/property/open-issues?issue_id=7&report=1", { state: history.state });
    const back = vi.spyOn(history, "back").mockImplementation(() => undefined);
    goBack("/property/open-issues?issue_id=7");
    expect(back).toHaveBeenCalledOnce();
  });

  it("steps back through the app's own history once the user moved in it", () => {
    history.replaceState(null, "", "#/home");
    markOpened();
    navigate("/property/Al%20Noor%20Tower");
    const back = vi.spyOn(history, "back").mockImplementation(() => undefined);
    goBack("/home");
    expect(back).toHaveBeenCalledOnce();
  });

  it("after a reload in the same tab, backs to the app's earlier screens", () => {
    sessionStorage.setItem("__opened", "1");
    history.pushState(null, "", "#/property/edit-property?property_id=5");
    markOpened();
    const back = vi.spyOn(history, "back").mockImplementation(() => undefined);
    goBack("/home");
    expect(back).toHaveBeenCalledOnce();
  });
});
