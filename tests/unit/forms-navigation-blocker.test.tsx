import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addNavigationBlocker, navigate, useHashLocation } from "../../src/lib/hash-location";

const seen: string[] = [];
function Router() {
  const [path] = useHashLocation();
  seen.push(path);
  return <p>{path}</p>;
}
const popped = () => act(() => new Promise<void>((r) => setTimeout(r, 50)));

describe("navigation blockers", () => {
  // The bug: the discard guard listened on window with capture, but Chromium calls a window's listeners in the order
  // they were added, so the router (subscribed at start) re-rendered first and Preact unmounted the form.
  it("see a browser back before the router, which is subscribed earlier, and can hold it", async () => {
    navigate("/home");
    navigate("/edit");
    render(<Router />);
    const order: string[] = [];
    const remove = addNavigationBlocker((e) => {
      order.push(`blocker:${e.type}`);
      if (e.type !== "popstate" || location.hash === "#/edit") return false;
      // As the discard guard does: the entry is put back, so the router never shows the other screen.
      history.pushState(null, "", "#/edit");
      return true;
    });
    seen.length = 0;
    history.back();
    await popped();
    expect(order[0]).toBe("blocker:popstate");
    expect(location.hash).toBe("#/edit");
    expect(seen).not.toContain("/home");
    remove();
    navigate("/edit");
    history.back();
    await popped();
    expect(seen.at(-1)).toBe("/home");
  });
});
