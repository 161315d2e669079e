import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { lang } from "../../src/signals/language";
import { EmployeeDetailsView } from "../../src/views/staff/employee-details";
import { fakeApi, json, staff } from "./staff-helpers";

afterEach(() => {
  setApi(createApi());
  lang.value = "en";
});

const view = (id = "5") => render(<EmployeeDetailsView title="titles.employeeDetails" params={{ user_id: id }} />);

describe("employee details", () => {
  it("asks for the one employee, shows a loading indicator, then every field and a dimmed edit-profile button", async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = fakeApi(() => new Promise<Response>((r) => (release = r)));
    view("5");
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => release(json(200, { status: 1, data: [staff(5, { job_title: "Senior Plumber" })] })));
    expect(await screen.findByRole("heading", { name: "Employee 5" })).toBeTruthy();
    expect(calls[0].path).toBe("company/staffs");
    expect(calls[0].params.get("staff_id")).toBe("5");
    expect(screen.getByText("Senior Plumber")).toBeTruthy();
    expect(screen.getByRole("link", { name: "+968 9500000005" }).getAttribute("href")).toBe("tel:+9689500000005");
    expect(screen.getByText("e5@gulffix.om")).toBeTruthy();
    expect(screen.getByText("Gulf Fix Maintenance LLC")).toBeTruthy();
    expect(screen.getByText("+968 24500100")).toBeTruthy();
    expect(screen.getByText("info@gulffix.om")).toBeTruthy();
    expect(document.querySelector("main img")?.getAttribute("src")).toBe("/files/users/avatars/e5.svg");
    const edit = screen.getByRole("button", { name: "Edit profile" }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(edit.getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the placeholder label when there is no job title, and the default picture", async () => {
    fakeApi(() => json(200, { status: 1, data: [staff(4, { job_title: null })] }));
    view("4");
    expect(await screen.findByText("Job title not set")).toBeTruthy();
    expect(document.querySelector("main img")).toBeNull();
    expect(document.querySelector("[data-default-avatar]")).toBeTruthy();
  });

  it("shows 'Failed to fetch employee details.' for status 0 or no data", async () => {
    fakeApi(() => json(200, { status: 0, data: [] }));
    view("99");
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch employee details.");
  });

  it("shows 'Error fetching employee details.' when the call fails", async () => {
    fakeApi(() => json(403, { detail: "Your account cannot do this." }));
    view("5");
    expect((await screen.findByRole("alert")).textContent).toBe("Error fetching employee details.");
  });

  it("speaks Arabic", async () => {
    lang.value = "ar";
    fakeApi(() => json(200, { status: 1, data: [staff(4, { job_title: null })] }));
    view("4");
    expect(await screen.findByText("المسمى الوظيفي غير محدد")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "تعديل الملف الشخصي" })).toBeTruthy());
  });
});

// Bug: an employee who lost their invitation could not be sent a new one (the tenants' "Invite again").
describe("an employee who has not opened the invitation", () => {
  const url = "http://app.test/#/invite?token=zyxwvutsrqponmlkjihgfe";

  it("says so, and Invite again makes a new link to send by WhatsApp or copy", async () => {
    const calls = fakeApi((call) =>
      call.path === "company/reinvite"
        ? json(200, { message: "A new invitation is ready. The earlier link no longer works.", invite_url: url })
        : json(200, { status: 1, data: [staff(5, { invite_pending: true })] }),
    );
    view("5");
    const pending = await screen.findByTestId("staff-invite-pending");
    expect(pending.textContent).toContain("Has not opened the invitation yet");
    fireEvent.click(within(pending).getByRole("button", { name: "Invite again" }));
    const box = await screen.findByTestId("staff-invite");
    const reinvite = calls.find((c) => c.path === "company/reinvite");
    expect(reinvite?.method).toBe("POST");
    expect(reinvite?.params.get("staff_id")).toBe("5");
    expect(within(box).getByRole("heading", { name: "A new invitation for Employee 5" })).toBeTruthy();
    expect((within(box).getByLabelText("Message to send") as HTMLTextAreaElement).value).toContain(url);
    expect(within(box).getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\/9689500000005\?text=/);
  });

  it("offers no Invite again to one who has set a password", async () => {
    fakeApi(() => json(200, { status: 1, data: [staff(6, { invite_pending: false }), staff(7)] }));
    view("6");
    await screen.findByRole("heading", { name: "Employee 6" });
    expect(screen.queryByTestId("staff-invite-pending")).toBeNull();
  });

  it("says it in Arabic", async () => {
    lang.value = "ar";
    fakeApi(() => json(200, { status: 1, data: [staff(5, { invite_pending: true })] }));
    view("5");
    const pending = await screen.findByTestId("staff-invite-pending");
    expect(pending.textContent).toContain("لم يفتح الدعوة بعد");
    expect(within(pending).getByRole("button", { name: "دعوة جديدة" })).toBeTruthy();
  });
});
