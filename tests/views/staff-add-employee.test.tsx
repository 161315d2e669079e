import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { AddEmployeeSheet, loadEmployeeRules } from "../../src/components/AddEmployeeSheet";
import { emptyEmployeeForm, employeeErrors, employeePayload } from "../../src/components/staff/employee-rules";
import { Toasts } from "../../src/components/Toasts";
import { lang } from "../../src/signals/language";
import { toasts } from "../../src/signals/toasts";
import { fakeApi, json, staff } from "./staff-helpers";

// The sheet loads its rules when it first opens; loaded once here, every test sees them at once.
beforeAll(() => loadEmployeeRules());

afterEach(() => {
  setApi(createApi());
  toasts.value = [];
  lang.value = "en";
});

function sheet(props: Partial<Parameters<typeof AddEmployeeSheet>[0]> = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  render(
    <>
      <AddEmployeeSheet open onClose={onClose} onCreated={onCreated} {...props} />
      <Toasts />
    </>,
  );
  const dialog = screen.getByRole("dialog", { name: "Add employee" });
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const submit = () => within(dialog).getByRole("button", { name: /^(Add employee|Adding\.\.\.)$/ }) as HTMLButtonElement;
  return { dialog, field, type, submit, onClose, onCreated };
}

function fillValid(s: ReturnType<typeof sheet>, role = "4") {
  s.type("Name", "Hamed Al Amri");
  s.type("Role", role);
  s.type("Mobile number", "9123 4567");
  s.type("Email", "hamed@new.om");
}

describe("employeeErrors", () => {
  it("names each invalid field with the spec's message key", () => {
    expect(employeeErrors(emptyEmployeeForm())).toEqual({
      name: "pages.employee.add.nameRequired",
      mob_no: "pages.employee.add.mobNoRequired",
      email: "pages.employee.add.emailRequired",
      role: "pages.employee.add.roleRequired",
    });
    const ok = { ...emptyEmployeeForm(), name: "A", role: "4" as const, mob_no: "91234567", email: "a@b.om" };
    expect(employeeErrors(ok)).toEqual({});
    for (const mob_no of ["9123456", "912345678", "9876543210", "9123abcd", "24123456"])
      expect(employeeErrors({ ...ok, mob_no }).mob_no).toBe("pages.employee.add.mobNoInvalid");
    for (const email of ["a@b", "a@b..com", "nope"]) expect(employeeErrors({ ...ok, email }).email).toBe("pages.employee.add.emailInvalid");
    expect(employeeErrors({ ...ok, cntry_code: "" }).cntry_code).toBe("pages.employee.add.countryCodeRequired");
  });

  it("sends managers with empty skills and languages", () => {
    const f = { ...emptyEmployeeForm(), name: " A ", role: "3" as const, mob_no: "91234567", email: "a@b.om", skills: [1], languages: ["ar"] };
    expect(employeePayload(f)).toEqual({ name: "A", mob_no: "91234567", email: "a@b.om", cntry_code: "+968", role: "3", skills: [], languages: [] });
    expect(employeePayload({ ...f, role: "4" })).toMatchObject({ role: "4", skills: [1], languages: ["ar"] });
  });
});

describe("the add-employee sheet", () => {
  it("is a bottom sheet with every field, the mobile as tel and the email as email, +968 by default", () => {
    const s = sheet();
    expect(s.field("Mobile number").type).toBe("tel");
    expect(s.field("Email").type).toBe("email");
    expect(within(s.dialog).getByText("+968")).toBeTruthy();
    expect(s.field("Role").tagName).toBe("SELECT");
    expect(within(s.dialog).getByRole("option", { name: "Manager" })).toBeTruthy();
    expect(within(s.dialog).getByRole("option", { name: "Technician" })).toBeTruthy();
  });

  it("validates on every change with one message per field", async () => {
    const s = sheet();
    s.type("Name", "x");
    s.type("Name", "");
    expect(within(s.dialog).getByText("Name is required.")).toBeTruthy();
    s.type("Mobile number", "98765");
    expect(within(s.dialog).getByText("Enter a valid mobile number for the chosen country.")).toBeTruthy();
    s.type("Mobile number", "");
    expect(within(s.dialog).getByText("Mobile number is required.")).toBeTruthy();
    s.type("Mobile number", "91234567");
    expect(within(s.dialog).queryByText(/Mobile number is|valid mobile/)).toBeNull();
    s.type("Email", "nope");
    expect(within(s.dialog).getByText("Please enter a valid email address.")).toBeTruthy();
    s.type("Email", "");
    expect(within(s.dialog).getByText("Email is required.")).toBeTruthy();
    s.type("Role", "4");
    s.type("Role", "");
    expect(within(s.dialog).getByText("Please choose a role.")).toBeTruthy();
    expect(s.field("Email").getAttribute("aria-invalid")).toBe("true");
  });

  it("names every field of an empty form submitted right after opening", async () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    const s = sheet();
    fireEvent.click(s.submit());
    expect(await within(s.dialog).findByText("Name is required.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("submitting an empty form shows each field's message instead of a silently disabled button, and sends nothing", async () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    const s = sheet();
    expect(s.submit().disabled).toBe(false);
    fireEvent.click(s.submit());
    for (const text of ["Name is required.", "Please choose a role.", "Mobile number is required.", "Email is required."])
      expect(within(s.dialog).getByText(text)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(s.field("Name")));
    expect(calls).toHaveLength(0);
    expect(s.onClose).not.toHaveBeenCalled();
  });

  it("submitting a half-filled form keeps what was typed and names only what is missing or wrong", () => {
    fakeApi(() => json(200, { message: "ok" }));
    const s = sheet();
    s.type("Name", "Hamed Al Amri");
    s.type("Email", "a@b..com");
    fireEvent.click(s.submit());
    expect(s.field("Name").value).toBe("Hamed Al Amri");
    expect(s.field("Email").value).toBe("a@b..com");
    expect(within(s.dialog).queryByText("Name is required.")).toBeNull();
    expect(within(s.dialog).getByText("Please enter a valid email address.")).toBeTruthy();
    expect(within(s.dialog).getByText("Mobile number is required.")).toBeTruthy();
  });

  it("takes a valid 8-digit Omani mobile that SPEC's 'exactly 10 digits' refused, and refuses 10 digits for Oman", async () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    const s = sheet();
    fillValid(s, "3");
    s.type("Mobile number", "9100000001");
    fireEvent.click(s.submit());
    expect(within(s.dialog).getByText("Enter a valid mobile number for the chosen country.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    s.type("Mobile number", "9100 0009");
    fireEvent.click(s.submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ mob_no: "91000009", cntry_code: "+968" });
  });

  it("shows skills and languages for technicians only", () => {
    const s = sheet();
    expect(within(s.dialog).queryByText("Skills")).toBeNull();
    s.type("Role", "4");
    expect(within(s.dialog).getByText("Skills")).toBeTruthy();
    expect(within(s.dialog).getByLabelText("Languages")).toBeTruthy();
    s.type("Role", "3");
    expect(within(s.dialog).queryByText("Skills")).toBeNull();
  });

  it("sends a technician with the chosen skills, shows the loading label, then the success toast, resets and closes", async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = fakeApi(() => new Promise<Response>((r) => (release = r)));
    const s = sheet();
    fillValid(s);
    fireEvent.click(within(s.dialog).getByRole("button", { name: "Plumbing" }));
    fireEvent.click(within(s.dialog).getByRole("button", { name: "Electrical" }));
    expect(s.submit().disabled).toBe(false);
    fireEvent.click(s.submit());
    await waitFor(() => expect(s.submit().textContent).toBe("Adding..."));
    expect(s.submit().disabled).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => release(json(200, { message: "ok", data: staff(9), invite_url: "http://app.test/#/invite?token=t" })));
    // The new staff record, and the employee's invitation link for the manager to send.
    await waitFor(() => expect(s.onCreated).toHaveBeenCalledWith(staff(9), "http://app.test/#/invite?token=t"));
    expect(s.onClose).toHaveBeenCalled();
    expect(calls[0]).toMatchObject({ method: "POST", path: "company/create_user" });
    expect(calls[0].body).toEqual({
      name: "Hamed Al Amri",
      mob_no: "91234567",
      email: "hamed@new.om",
      cntry_code: "+968",
      role: "4",
      skills: [1, 2],
      languages: [],
    });
    expect(await screen.findByText("Employee added successfully.")).toBeTruthy();
    expect(s.field("Name").value).toBe("");
  });

  it("shows the server's detail on failure and keeps what was typed", async () => {
    fakeApi(() => json(409, { detail: "This email is already registered.", errors: { email: "This email is already registered." } }));
    const s = sheet();
    fillValid(s, "3");
    fireEvent.click(s.submit());
    expect(await screen.findByText("This email is already registered.")).toBeTruthy();
    expect(s.onCreated).not.toHaveBeenCalled();
    expect(s.onClose).not.toHaveBeenCalled();
    expect(s.field("Email").value).toBe("hamed@new.om");
    expect(s.field("Name").value).toBe("Hamed Al Amri");
    expect(s.submit().disabled).toBe(false);
    // At the email field, focused (walked: only a toast said so), until the email changes.
    const email = s.field("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("This email is already registered.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: "hamed2@new.om" } });
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the generic error when the server gives no detail", async () => {
    fakeApi(() => new Response("oops", { status: 500 }));
    const s = sheet();
    fillValid(s, "3");
    fireEvent.click(s.submit());
    expect(await screen.findByText("Failed to add employee.")).toBeTruthy();
  });

  it("cancel with nothing typed closes at once", () => {
    const s = sheet();
    fireEvent.click(within(s.dialog).getByRole("button", { name: "Cancel" }));
    expect(s.onClose).toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).toBeNull();
  });

  it("cancel with something typed asks first: Keep editing keeps it, Discard closes and resets the form", async () => {
    const s = sheet();
    s.type("Name", "Someone");
    fireEvent.click(within(s.dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Keep editing" }));
    expect(s.onClose).not.toHaveBeenCalled();
    expect(s.field("Name").value).toBe("Someone");
    fireEvent.click(within(s.dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    expect(s.onClose).toHaveBeenCalled();
    expect(s.field("Name").value).toBe("");
  });

  it("speaks Arabic, messages included", () => {
    lang.value = "ar";
    render(<AddEmployeeSheet open onClose={() => undefined} onCreated={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "إضافة موظف" });
    fireEvent.change(within(dialog).getByLabelText("رقم الجوال"), { target: { value: "12" } });
    expect(within(dialog).getByText("أدخل رقم جوال صالحًا للدولة المختارة.")).toBeTruthy();
  });
});
