// A sign-up screen loads the accounts contract (its mobile rule is about 30 KB of gzip) when the person first goes into
// the form, or at the first submit (issue 16). When that load fails (offline before it came), Sign up says so and keeps what was typed; the next
// try, online, checks and sends.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { dismissToast, toasts } from "../../src/signals/toasts";
import { CustomerRegisterView } from "../../src/views/register/customer";
import { fakeApi, json } from "./fake-api";

const net = vi.hoisted(() => ({ offline: true, asked: 0 }));
vi.mock("../../src/contract/auth", async (original) => {
  net.asked++;
  if (net.offline) throw new TypeError("Failed to fetch dynamically imported module");
  return original();
});

afterEach(() => {
  for (const x of toasts.value) dismissToast(x.id);
  setApi(createApi());
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

it("asks for the rules when the person first goes into the form, not while the screen loads", async () => {
  render(<CustomerRegisterView title="titles.register" />);
  await new Promise((r) => setTimeout(r, 50));
  expect(net.asked).toBe(0);
  fireEvent.focusIn(screen.getByLabelText("Full name"));
  await waitFor(() => expect(net.asked).toBe(1));
  // Once: the next field does not ask again (this one failed offline: the submit asks anew).
  fireEvent.focusIn(screen.getByLabelText("Email"));
  await new Promise((r) => setTimeout(r, 50));
  expect(net.asked).toBe(1);
});

it("says the form could not be checked, keeps every field, sends nothing, and sends once the rules come", async () => {
  const calls = fakeApi(() => json(201, { message: "Registration successful!" }));
  render(<CustomerRegisterView title="titles.register" />);
  type("Full name", "Aisha");
  type("Email", "aisha@example.om");
  type("Mobile number", "9988 7766");
  type("Password", "Home$weet1");
  fireEvent.click(screen.getByRole("checkbox", { name: /accept the Terms of Service/ }));
  const signUp = screen.getByRole("button", { name: "Sign up" });
  fireEvent.click(signUp);
  await waitFor(() =>
    expect(toasts.value.map((x) => x.message)).toContain("Could not check the form: no connection. Nothing you typed is lost; try again when you are online."),
  );
  expect(calls).toHaveLength(0);
  expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Aisha");
  expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("9988 7766");
  expect(signUp).toHaveProperty("disabled", false);
  expect(signUp.textContent).toBe("Sign up");

  net.offline = false;
  fireEvent.click(signUp);
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0].body).toMatchObject({ name: "Aisha", email: "aisha@example.om", mob_no: "99887766" });
});
