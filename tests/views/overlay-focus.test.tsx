// A dialog is aria-modal: Tab and Shift+Tab go round its own controls and never reach the page behind it.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Overlay } from "../../src/components/Overlay";

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Tab", shiftKey });

describe("a dialog keeps the keyboard's focus", () => {
  it("goes from its last control to its first with Tab, and back with Shift+Tab; the page behind is never reached", () => {
    render(
      <>
        <button type="button">Behind</button>
        <Overlay open title="Delete this property?" onClose={() => undefined}>
          <input aria-label="Type the name" />
          <button type="button" disabled>
            Disabled
          </button>
          <button type="button">Delete</button>
        </Overlay>
      </>,
    );
    const field = screen.getByLabelText("Type the name");
    const del = screen.getByRole("button", { name: "Delete" });
    const close = screen.getByRole("button", { name: "Close" });
    // Focus starts in the first field; the close button comes first in the dialog's order.
    expect(document.activeElement).toBe(field);
    del.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(del);
    // Focus somewhere outside (a click behind the backdrop) comes back in at the next Tab.
    screen.getByRole("button", { name: "Behind" }).focus();
    tab();
    expect(document.activeElement).toBe(close);
  });

  it("leaves Tab alone between its controls (the browser moves it)", () => {
    render(
      <Overlay open title="Confirm" onClose={() => undefined}>
        <input aria-label="A" />
        <input aria-label="B" />
      </Overlay>,
    );
    const a = screen.getByLabelText("A");
    expect(document.activeElement).toBe(a);
    const event = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    a.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
