import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { lang } from "../../src/signals/language";
import { dismissToast, toasts } from "../../src/signals/toasts";
import { CompanyRegisterView } from "../../src/views/register/company";
import { CustomerRegisterView } from "../../src/views/register/customer";
import { TechnicianRegisterView } from "../../src/views/register/technician";
import { type Call, fakeApi, json } from "./fake-api";

/** The path and body of each call, which is all these forms decide. */
const sent = (calls: Call[]) => calls.map(({ path, body }) => ({ path, body }));

const toastText = (type: string) => toasts.value.filter((x) => x.type === type).map((x) => x.message);
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitButton = () => screen.getByRole("button", { name: /^(Sign up|Signing up\.\.\.)$/ });

beforeEach(() => {
  location.hash = "";
});
afterEach(() => {
  for (const x of toasts.value) dismissToast(x.id);
  setApi(createApi());
});

async function pickLanguage(name: string) {
  const input = screen.getByRole("combobox", { name: "Languages you speak" });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(await screen.findByRole("option", { name: new RegExp(`^${name}`) }));
  fireEvent.keyDown(input, { key: "Escape" });
}

async function fillTechnician({ password = "Secret123" } = {}) {
  type("Full name", "Salim Al Harthy");
  type("Mobile number", "9123 4567");
  fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
  fireEvent.click(screen.getByRole("button", { name: "Electrical" }));
  await pickLanguage("Arabic");
  if (password) type("Password", password);
  fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
}

// Walked: Back, a reload, or Back then Forward emptied every sign-up form, the technician's skills and languages too,
// with no question asked.
describe("what was typed in a sign-up form", () => {
  it("asks before Back loses it; Keep editing keeps it, Discard goes to the role picker", async () => {
    location.hash = "#/technician-register";
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    type("Full name", "Salim Al Harthy");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Salim Al Harthy");
    expect(location.hash).toBe("#/technician-register");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location.hash).toBe("#/getrole"));
  });

  it("comes back when the form opens again in the tab (a reload), all but the password; Discard forgets it", async () => {
    const first = render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician();
    type("Email (optional)", "salim@example.om");
    first.unmount();
    const again = render(<TechnicianRegisterView title="titles.technicianRegister" />);
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Salim Al Harthy");
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("9123 4567");
    expect((screen.getByLabelText("Email (optional)") as HTMLInputElement).value).toBe("salim@example.om");
    expect(screen.getByRole("button", { name: "Plumbing" }).getAttribute("aria-pressed")).toBe("true");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(JSON.stringify(sessionStorage)).not.toContain("Secret123");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    again.unmount();
    render(<CustomerRegisterView title="titles.register" />);
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    expect((screen.getAllByLabelText("Full name") as HTMLInputElement[]).map((i) => i.value)).toEqual(["", ""]);
  });

  it("is forgotten once the sign-up succeeds", async () => {
    fakeApi(() => json(201, { message: "Registration successful!" }));
    const first = render(<CustomerRegisterView title="titles.register" />);
    sendCustomer({ name: "Maryam Al Said", email: "maryam@example.om" });
    await waitFor(() => expect(location.hash).toBe("#/login"));
    first.unmount();
    render(<CustomerRegisterView title="titles.register" />);
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("");
  });
});

/** The customer's form filled in and sent. */
const sendCustomer = ({ name = "Aisha", email = "aisha@example.om" } = {}) => {
  type("Full name", name);
  type("Email", email);
  type("Mobile number", "99887766");
  type("Password", "Home$weet1");
  fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
  fireEvent.click(submitButton());
};

describe("technician registration", () => {
  it("shows every field with a visible label, the mobile as type tel beside the +968 picker, and a back button", () => {
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    expect(screen.getByRole("heading", { level: 1, name: "Technician sign up" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.getByLabelText("Mobile number").getAttribute("type")).toBe("tel");
    expect(screen.getByRole("button", { name: /Code/ }).textContent).toContain("+968");
    expect(screen.getByLabelText("Email (optional)").getAttribute("type")).toBe("email");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getByRole("group", { name: "Skills" })).toBeTruthy();
  });

  it("enables sign-up only with name, mobile, a skill, a language and the terms", async () => {
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    expect(submitButton()).toHaveProperty("disabled", true);
    type("Full name", "Salim");
    type("Mobile number", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
    expect(submitButton()).toHaveProperty("disabled", true);
    await pickLanguage("Hindi");
    expect(submitButton()).toHaveProperty("disabled", true);
    const terms = screen.getByRole("checkbox", { name: /accept the Terms of Service/ });
    fireEvent.click(terms);
    // Password is not part of the enable rule (SPEC.md section 5).
    expect(submitButton()).toHaveProperty("disabled", false);
    fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
    expect(submitButton()).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove Hindi" }));
    expect(submitButton()).toHaveProperty("disabled", true);
  });

  it("says under the grey button what is still needed, and nothing once it is enabled", async () => {
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    const needs = () => document.getElementById(submitButton().getAttribute("aria-describedby") ?? "")?.textContent;
    expect(needs()).toBe("Still needed: Full name, Mobile number, Skills, Languages you speak, and accepting the Terms of Service.");
    type("Full name", "Salim");
    type("Mobile number", "91234567");
    fireEvent.click(screen.getByRole("button", { name: "Plumbing" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    expect(needs()).toBe("Still needed: Languages you speak.");
    await pickLanguage("Hindi");
    expect(submitButton()).toHaveProperty("disabled", false);
    expect(submitButton().getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText(/Still needed/)).toBeNull();
  });

  it("opens the terms from the link: Accept ticks the box, Decline unticks it, both close", () => {
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    const box = screen.getByRole("checkbox", { name: /accept the Terms of Service/ }) as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Read the Terms of Service" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Accept" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Read the Terms of Service" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Decline" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(box.checked).toBe(false);
  });

  it("says 'Please fill in all required fields.' and sends nothing when the password is missing", async () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician({ password: "" });
    fireEvent.click(submitButton());
    expect(toastText("error")).toEqual(["Please fill in all required fields."]);
    expect(calls).toHaveLength(0);
  });

  it("asks for 8 characters of password before sending", async () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician({ password: "short" });
    fireEvent.click(submitButton());
    expect(await screen.findByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("sends the spec's fields, shows the success toast and goes to /login", async () => {
    const calls = fakeApi(() => json(201, { message: "Registration successful!" }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician();
    fireEvent.click(submitButton());
    await waitFor(() => expect(location.hash).toBe("#/login"));
    expect(sent(calls)).toEqual([
      {
        path: "authn/tech_register",
        body: { name: "Salim Al Harthy", cntry_code: "+968", mob_no: "91234567", password: "Secret123", terms_service: true, skills: [1, 2], language: ["ar"] },
      },
    ]);
    expect(toastText("success")).toEqual(["Registration successful!"]);
  });

  it("on failure shows the server's detail and each field's error, and keeps what was typed", async () => {
    fakeApi(() => json(409, { detail: "This mobile number is already registered.", errors: { mob_no: "This mobile number is already registered." } }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician();
    type("Email (optional)", "salim@example.om");
    fireEvent.click(submitButton());
    await waitFor(() => expect(toastText("error")).toEqual(["This mobile number is already registered."]));
    const mobile = screen.getByLabelText("Mobile number");
    expect(mobile.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("This mobile number is already registered.", { selector: "p" })).toBeTruthy();
    expect((mobile as HTMLInputElement).value).toBe("9123 4567");
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Salim Al Harthy");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("Secret123");
    expect(screen.getByRole("button", { name: "Plumbing" }).getAttribute("aria-pressed")).toBe("true");
    expect(location.hash).not.toBe("#/login");
    expect(submitButton().textContent).toBe("Sign up");
  });

  it("falls back to 'Registration failed' when the server gives no detail", async () => {
    fakeApi(() => new Response("oops", { status: 502 }));
    render(<TechnicianRegisterView title="titles.technicianRegister" />);
    await fillTechnician();
    fireEvent.click(submitButton());
    await waitFor(() => expect(toastText("error")).toEqual(["Registration failed"]));
  });
});

function jwt(payload: unknown) {
  const b64 = (s: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(s)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  return `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(JSON.stringify(payload))}.c2ln`;
}

function fillCompany() {
  type("Company name", "Muscat Fix LLC");
  type("Commercial registration number", "CR-1234567");
  type("Email", "ops@muscatfix.om");
  type("Mobile number", "92345678");
  type("Password", "Company#2026");
}

describe("company registration", () => {
  it("enables sign-up only when every field and the terms are filled in", () => {
    render(<CompanyRegisterView title="titles.companyRegister" />);
    fillCompany();
    expect(submitButton()).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    expect(submitButton()).toHaveProperty("disabled", false);
    for (const label of ["Company name", "Commercial registration number", "Email", "Mobile number", "Password"]) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      const before = input.value;
      fireEvent.change(input, { target: { value: "" } });
      expect(submitButton(), label).toHaveProperty("disabled", true);
      fireEvent.change(input, { target: { value: before } });
    }
    expect(submitButton()).toHaveProperty("disabled", false);
  });

  it("raises 'You must accept the terms of service to proceed.' when submitted without the terms", () => {
    const calls = fakeApi(() => json(200, { message: "ok" }));
    const { container } = render(<CompanyRegisterView title="titles.companyRegister" />);
    fillCompany();
    // The button is disabled; a form can still be submitted another way (a script, an old browser).
    fireEvent.submit(container.querySelector("form") as HTMLFormElement);
    expect(toastText("error")).toEqual(["You must accept the terms of service to proceed."]);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Signing up...' while the call runs, then the server message and /login", async () => {
    let answer!: (r: Response) => void;
    const calls = fakeApi(() => new Promise<Response>((r) => (answer = r)));
    render(<CompanyRegisterView title="titles.companyRegister" />);
    fillCompany();
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe("Signing up..."));
    expect(submitButton()).toHaveProperty("disabled", true);
    expect(sent(calls)[0]).toEqual({
      path: "authn/company_register",
      body: {
        name: "Muscat Fix LLC",
        email: "ops@muscatfix.om",
        password: "Company#2026",
        mob_no: "92345678",
        cntry_code: "+968",
        reg_no: "CR-1234567",
        terms_service: true,
      },
    });
    await act(async () => answer(json(201, { message: "Company registered. You can sign in now." })));
    await waitFor(() => expect(location.hash).toBe("#/login"));
    expect(toastText("success")).toEqual(["Company registered. You can sign in now."]);
  });

  it("prefills name, email, mobile and dial code from the user_info token (D7)", async () => {
    location.hash = `#/mc-register?user_info=${jwt({ name: "Gulf Fix", email: "boss@gulffix.om", mob_no: "91112222", cntry_code: "+971", sub: 7 })}`;
    render(<CompanyRegisterView title="titles.companyRegister" />);
    expect((screen.getByLabelText("Company name") as HTMLInputElement).value).toBe("Gulf Fix");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("boss@gulffix.om");
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("91112222");
    expect(screen.getByRole("button", { name: /Code/ }).textContent).toContain("+971");
    expect(screen.getByRole("status").textContent).toMatch(/filled in the details/);
  });

  it("silently ignores a user_info token that does not decode", () => {
    location.hash = "#/mc-register?user_info=not-a-token%25%25";
    render(<CompanyRegisterView title="titles.companyRegister" />);
    expect((screen.getByLabelText("Company name") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: /Code/ }).textContent).toContain("+968");
    expect(screen.queryByRole("status")).toBeNull();
    expect(toasts.value).toEqual([]);
  });
});

describe("customer registration (D6)", () => {
  it("needs name, email, mobile, password and terms, then registers and goes to /login", async () => {
    const calls = fakeApi(() => json(201, { message: "Registration successful!" }));
    render(<CustomerRegisterView title="titles.register" />);
    type("Full name", "Aisha Al Balushi");
    type("Email", "aisha@example.om");
    type("Mobile number", "99887766");
    expect(submitButton()).toHaveProperty("disabled", true);
    type("Password", "Home$weet1");
    expect(submitButton()).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    expect(submitButton()).toHaveProperty("disabled", false);
    fireEvent.click(submitButton());
    await waitFor(() => expect(location.hash).toBe("#/login"));
    expect(sent(calls)).toEqual([
      {
        path: "user/register",
        body: { name: "Aisha Al Balushi", email: "aisha@example.om", cntry_code: "+968", mob_no: "99887766", password: "Home$weet1", terms_service: true },
      },
    ]);
    expect(toastText("success")).toEqual(["Registration successful!"]);
  });

  /** The customer form filled in (a valid rest around what is given), the terms accepted, and sent. */
  it("says why a name of spaces alone keeps Sign up off, and names a name too long with its limit", async () => {
    const calls = fakeApi(() => json(201, { message: "ok" }));
    render(<CustomerRegisterView title="titles.register" />);
    type("Full name", "   ");
    expect(screen.getByText("Please write your name: spaces alone are not a name.")).toBeTruthy();
    sendCustomer({ name: "A".repeat(101) });
    expect(screen.queryByText("Please write your name: spaces alone are not a name.")).toBeNull();
    expect(await screen.findByText("The name must be at most 100 characters.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("checks the email before sending", async () => {
    const calls = fakeApi(() => json(201, { message: "ok" }));
    render(<CustomerRegisterView title="titles.register" />);
    sendCustomer({ email: "aisha@" });
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it.each(["a@b..com", "a@b"])("refuses %s before sending, the server's email rule (the form used to accept a@b..com)", async (email) => {
    const calls = fakeApi(() => json(201, { message: "ok" }));
    render(<CustomerRegisterView title="titles.register" />);
    sendCustomer({ email });
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(email);
    expect(calls).toHaveLength(0);
  });

  it("refuses a 10-digit number for Oman and sends an 8-digit Omani mobile as its national number (D16)", async () => {
    const calls = fakeApi(() => json(201, { message: "Registration successful!" }));
    render(<CustomerRegisterView title="titles.register" />);
    type("Full name", "Aisha");
    type("Email", "Aisha@Example.om");
    type("Mobile number", "9988776655");
    type("Password", "Home$weet1");
    fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
    fireEvent.click(submitButton());
    expect(await screen.findByText("Enter a valid mobile number for the chosen country.")).toBeTruthy();
    expect(screen.getByLabelText("Mobile number").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
    type("Mobile number", "9988 7766");
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ email: "aisha@example.om", cntry_code: "+968", mob_no: "99887766" });
  });

  it("speaks Arabic: labels, button and the success toast", async () => {
    fakeApi(() => json(201, { message: "Registration successful!" }));
    act(() => void (lang.value = "ar"));
    try {
      render(<CustomerRegisterView title="titles.register" />);
      fireEvent.change(screen.getByLabelText("الاسم الكامل"), { target: { value: "عائشة" } });
      fireEvent.change(screen.getByLabelText("البريد الإلكتروني"), { target: { value: "aisha@example.om" } });
      fireEvent.change(screen.getByLabelText("رقم الجوال"), { target: { value: "99887766" } });
      fireEvent.change(screen.getByLabelText("كلمة المرور"), { target: { value: "Home$weet1" } });
      fireEvent.click(screen.getByRole("checkbox", { name: /أوافق/ }));
      fireEvent.click(screen.getByRole("button", { name: "إنشاء حساب" }));
      await waitFor(() => expect(toastText("success")).toEqual(["تم التسجيل بنجاح!"]));
    } finally {
      act(() => void (lang.value = "en"));
    }
  });
});
