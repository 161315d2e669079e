// tests/setup.ts: a query that finds nothing still prints the page into its error, once, as the page is when it fails;
// the attempts of a wait that fail along the way print nothing.
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

const page = () =>
  render(
    <main>
      <p>Kitchen tap dripping</p>
      <button type="button">Send</button>
    </main>,
  );
const times = (text: string, part: string) => text.split(part).length - 1;

describe("the error of a query that finds nothing", () => {
  it("prints the page at once outside a wait", () => {
    page();
    const error = (() => {
      try {
        screen.getByText("Bathroom door");
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.name).toBe("TestingLibraryElementError");
    expect(error?.message).toContain("Unable to find an element with the text: Bathroom door");
    expect(times(error?.message ?? "", "Kitchen tap dripping")).toBe(1);
  });

  it("prints the page once when a find times out, as it is then (testing-library's own would print it twice)", async () => {
    page();
    const error: Error = await screen.findByRole("button", { name: "Cancel" }, { timeout: 40, interval: 5 }).catch((e) => e);
    expect(error.name).toBe("TestingLibraryElementError");
    expect(error.message).toContain('Unable to find role="button" and name "Cancel"');
    expect(times(error.message, "Kitchen tap dripping")).toBe(1);
  });

  it("prints the page once when a waitFor times out on a query", async () => {
    const { container } = page();
    setTimeout(() => {
      const p = container.querySelector("p");
      if (p) p.textContent = "Kitchen tap still dripping";
    }, 5);
    const error: Error = await waitFor(() => screen.getByText("Bathroom door"), { timeout: 40, interval: 5 }).catch((e) => e);
    expect(error.message).toContain("Unable to find an element with the text: Bathroom door");
    // The page as it was when the wait gave up, not when it began.
    expect(error.message).toContain("Kitchen tap still dripping");
    expect(error.message).not.toContain("Kitchen tap dripping");
    expect(times(error.message, "Kitchen tap still dripping")).toBe(1);
  });
});
