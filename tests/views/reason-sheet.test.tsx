// A reason typed in a sheet (reopen, decline, hold, cancel) is asked about before the sheet closes, as every form's is.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ReasonSheet } from "../../src/components/repair/ReasonSheet";
import { Button } from "../../src/components/ui";

function Host() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="state">{open ? "open" : "closed"}</p>
      <ReasonSheet
        open={open}
        required
        title="Reopen this repair?"
        intro="Say what is still wrong."
        label="What is still wrong?"
        submit="Reopen"
        onClose={() => setOpen(false)}
        onSubmit={async () => setOpen(false)}
      />
    </>
  );
}

describe("a reason sheet", () => {
  it("closes at once while empty, and asks first once something is typed: Keep editing keeps it, Discard closes", () => {
    const view = render(<Host />);
    fireEvent.click(within(screen.getByRole("dialog", { name: "Reopen this repair?" })).getByRole("button", { name: "Cancel" }));
    expect(screen.getByTestId("state").textContent).toBe("closed");
    view.unmount();

    render(<Host />);
    const sheet = screen.getByRole("dialog", { name: "Reopen this repair?" });
    fireEvent.change(within(sheet).getByLabelText("What is still wrong?"), { target: { value: "The fan is very noisy now" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Close" }));
    expect(screen.getByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    // Escape answers the question on top (Keep editing), not the sheet under it.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).toBeNull();
    expect(screen.getByTestId("state").textContent).toBe("open");
    expect((screen.getByLabelText("What is still wrong?") as HTMLTextAreaElement).value).toBe("The fan is very noisy now");
    fireEvent.click(within(sheet).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    expect(screen.getByTestId("state").textContent).toBe("closed");
  });
});

describe("a reason sheet that undoes something", () => {
  it("makes its submit button red, as the button that opened it (decline); the others stay primary", () => {
    const { container } = render(
      <>
        <Button variant="danger">Red</Button>
        <Button>Primary</Button>
      </>,
    );
    const red = screen.getByRole("button", { name: "Red" }).className;
    const primary = screen.getByRole("button", { name: "Primary" }).className;
    expect(red).not.toBe(primary);
    const sheet = (danger: boolean) =>
      render(
        <ReasonSheet
          open
          danger={danger}
          required
          title="Decline this job?"
          intro=""
          label="Why?"
          submit="Decline job"
          onClose={() => undefined}
          onSubmit={async () => undefined}
        />,
        { container: container.appendChild(document.createElement("div")) },
      );
    const declining = sheet(true);
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Decline job" }).className).toBe(red);
    declining.unmount();
    sheet(false);
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Decline job" }).className).toBe(primary);
  });
});
