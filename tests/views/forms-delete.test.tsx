import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDelete } from "../../src/components/ConfirmDelete";
import { lang } from "../../src/signals/language";

afterEach(() => {
  lang.value = "en";
});

function open(props: Partial<Parameters<typeof ConfirmDelete>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn(props.onConfirm ?? (() => undefined));
  render(
    <ConfirmDelete
      open
      title="Delete this property?"
      what="Al Khuwair Residence, its 10 units, tenancies and files."
      {...props}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />,
  );
  const dialog = screen.getByRole("dialog", { name: props.title ?? "Delete this property?" });
  const button = (name: string | RegExp) => within(dialog).getByRole("button", { name }) as HTMLButtonElement;
  return { dialog, onCancel, onConfirm, button };
}

describe("delete-confirmation dialog", () => {
  it("says what will be deleted and deletes on Delete", () => {
    const d = open();
    expect(d.dialog.textContent).toContain("Al Khuwair Residence, its 10 units, tenancies and files.");
    expect(d.dialog.textContent).toContain("This cannot be undone.");
    expect(within(d.dialog).queryByLabelText("Reason")).toBeNull();
    fireEvent.click(d.button("Delete"));
    expect(d.onConfirm).toHaveBeenCalledWith("");
  });

  it("puts the focus on Cancel, not on Delete, when there is no reason field", () => {
    const d = open();
    expect(document.activeElement).toBe(d.button("Cancel"));
  });

  it("cancels without deleting", () => {
    const d = open();
    fireEvent.click(d.button("Cancel"));
    expect(d.onCancel).toHaveBeenCalledTimes(1);
    expect(d.onConfirm).not.toHaveBeenCalled();
  });

  it("requires the reason when asked, and sends it trimmed once given", () => {
    const d = open({ reason: "required", title: "Cancel this repair?", confirmLabel: "Cancel repair" });
    const reason = within(d.dialog).getByLabelText("Reason") as HTMLTextAreaElement;
    fireEvent.click(d.button("Cancel repair"));
    expect(d.onConfirm).not.toHaveBeenCalled();
    expect(within(d.dialog).getByRole("alert").textContent).toBe("Please give a reason.");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    fireEvent.input(reason, { target: { value: "   " } });
    fireEvent.click(d.button("Cancel repair"));
    expect(d.onConfirm).not.toHaveBeenCalled();
    fireEvent.input(reason, { target: { value: "  Fixed it myself  " } });
    expect(within(d.dialog).queryByRole("alert")).toBeNull();
    fireEvent.click(d.button("Cancel repair"));
    expect(d.onConfirm).toHaveBeenCalledWith("Fixed it myself");
  });

  it("lets an optional reason be left empty", () => {
    const d = open({ reason: "optional" });
    fireEvent.click(d.button("Delete"));
    expect(d.onConfirm).toHaveBeenCalledWith("");
  });

  it("is busy while the deletion runs, then usable again if it failed", async () => {
    let fail!: (e: Error) => void;
    const d = open({ onConfirm: () => new Promise((_, reject) => (fail = reject)) });
    fireEvent.click(d.button("Delete"));
    const busy = await within(d.dialog).findByRole("button", { name: "Deleting…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(d.button("Cancel").disabled).toBe(true);
    // A second press while busy does nothing.
    fireEvent.click(busy);
    expect(d.onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => fail(new Error("network")));
    await waitFor(() => expect(d.button("Delete").disabled).toBe(false));
    expect(d.button("Cancel").disabled).toBe(false);
  });

  it("shows busy when told from outside", () => {
    const d = open({ busy: true });
    expect(d.button("Deleting…").disabled).toBe(true);
  });

  it("speaks Arabic", () => {
    lang.value = "ar";
    const d = open({ reason: "required", title: "حذف العقار؟" });
    expect(within(d.dialog).getByLabelText("السبب")).toBeTruthy();
    fireEvent.click(d.button("حذف"));
    expect(within(d.dialog).getByRole("alert").textContent).toBe("يرجى ذكر السبب.");
    expect(d.button("إلغاء")).toBeTruthy();
  });
});
