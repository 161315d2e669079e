import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AckSheet } from "../../src/components/issues/AckSheet";
import { toasts } from "../../src/signals/toasts";
import { fakeApi, issue, json } from "./issues-helpers";

const renderSheet = (slots = issue().available, onClose = vi.fn()) => {
  render(<AckSheet issueId={7} tenantSlots={slots} open onClose={onClose} />);
  return onClose;
};
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Acknowledge" }));
const fill = (i: number, date: string, from: string, to: string) => {
  fireEvent.change(screen.getAllByLabelText("Date")[i], { target: { value: date } });
  fireEvent.change(screen.getAllByLabelText("From")[i], { target: { value: from } });
  fireEvent.change(screen.getAllByLabelText("To")[i], { target: { value: to } });
};

describe("AckSheet with the tenant's slots", () => {
  it("is a sheet titled 'Acknowledge Tenant Availability' listing the slots in the spec's format", () => {
    renderSheet();
    expect(screen.getByRole("dialog", { name: "Acknowledge Tenant Availability" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Mon 15 Jan 2024 between 9:00\u00a0AM - 11:00\u00a0AM" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Tue 16 Jan 2024 between 2:30\u00a0PM - 4:00\u00a0PM" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add Another Availability" })).toBeNull();
  });

  it("says 'Please select an availability.' and sends nothing when none is chosen", async () => {
    const calls = fakeApi(() => json(200, {}));
    renderSheet();
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Please select an availability.");
    expect(calls).toHaveLength(0);
  });

  it("sends exactly the chosen slot, toasts success and closes", async () => {
    const calls = fakeApi(() => json(200, { status: 1 }));
    const onClose = renderSheet();
    fireEvent.click(screen.getByRole("radio", { name: /Tue 16 Jan 2024/ }));
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: "PUT",
      path: "issue/issue",
      body: { tech_available: [{ date: "2024-01-16", time_from: "14:30", time_to: "16:00" }] },
    });
    expect(calls[0].params.get("issue_id")).toBe("7");
    expect(toasts.value.at(-1)).toMatchObject({ message: "Availability acknowledged successfully", type: "success" });
  });

  it("starts afresh each time it opens, and keeps a choice made the moment it appears", async () => {
    function Host() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            toggle
          </button>
          <AckSheet issueId={7} tenantSlots={issue().available} open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<Host />);
    const tue = () => screen.getByRole("radio", { name: /Tue 16 Jan 2024/, hidden: true }) as HTMLInputElement;
    fireEvent.click(tue());
    await waitFor(() => expect(tue().checked).toBe(true));
    fireEvent.click(screen.getByText("toggle"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByText("toggle"));
    await screen.findByRole("dialog");
    await waitFor(() => expect(tue().checked).toBe(false));
    fireEvent.click(tue());
    await waitFor(() => expect(tue().checked).toBe(true));
  });

  it("toasts 'Error acknowledging availability', says the server's reason in the sheet and stays open when the call fails", async () => {
    fakeApi(() => json(422, { detail: "Please choose times in the future." }));
    const onClose = renderSheet();
    fireEvent.click(screen.getByRole("radio", { name: /Mon 15 Jan 2024/ }));
    submit();
    await waitFor(() => expect(toasts.value.at(-1)).toMatchObject({ message: "Error acknowledging availability", type: "error" }));
    expect(screen.getByTestId("ack-error").textContent).toBe("Please choose times in the future.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a failure without a sentence: the toast alone", async () => {
    fakeApi(() => new Response("oops", { status: 500 }));
    renderSheet();
    fireEvent.click(screen.getByRole("radio", { name: /Mon 15 Jan 2024/ }));
    submit();
    await waitFor(() => expect(toasts.value.at(-1)).toMatchObject({ message: "Error acknowledging availability", type: "error" }));
    expect(screen.queryByTestId("ack-error")).toBeNull();
  });
});

describe("AckSheet without tenant slots", () => {
  // The phone's date: the entered days (March 2030) lie ahead of it, and within the 180 days a visit may be offered.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-20T08:00:00"));
  });
  afterEach(() => void vi.useRealTimers());

  it("keeps 'Add Another Availability' disabled until the first slot is complete", () => {
    renderSheet([]);
    const add = screen.getByRole("button", { name: "Add Another Availability" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-03-04" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "09:00" } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "10:30" } });
    expect(add.disabled).toBe(false);
  });

  it("shows 'Remove Availability' only with more than one slot", () => {
    renderSheet([]);
    expect(screen.queryByRole("button", { name: "Remove Availability" })).toBeNull();
    fill(0, "2030-03-04", "09:00", "10:30");
    fireEvent.click(screen.getByRole("button", { name: "Add Another Availability" }));
    expect(screen.getAllByRole("button", { name: "Remove Availability" })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole("button", { name: "Remove Availability" })[1]);
    expect(screen.queryByRole("button", { name: "Remove Availability" })).toBeNull();
    expect(screen.getAllByLabelText("Date")).toHaveLength(1);
  });

  it("says 'Please fill in all fields.' while any slot is incomplete", async () => {
    const calls = fakeApi(() => json(200, {}));
    renderSheet([]);
    fill(0, "2030-03-04", "09:00", "10:30");
    fireEvent.click(screen.getByRole("button", { name: "Add Another Availability" }));
    fireEvent.change(screen.getAllByLabelText("Date")[1], { target: { value: "2030-03-05" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill in all fields.");
    expect(calls).toHaveLength(0);
  });

  it("sends every entered slot", async () => {
    const calls = fakeApi(() => json(200, {}));
    const onClose = renderSheet([]);
    fill(0, "2030-03-04", "09:00", "10:30");
    fireEvent.click(screen.getByRole("button", { name: "Add Another Availability" }));
    fill(1, "2030-03-05", "16:00", "18:00");
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0].body).toEqual({
      tech_available: [
        { date: "2030-03-04", time_from: "09:00", time_to: "10:30" },
        { date: "2030-03-05", time_from: "16:00", time_to: "18:00" },
      ],
    });
  });
});
