import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { createApi, setApi } from "../../src/api/client";
import { Toasts } from "../../src/components/Toasts";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { AboutView } from "../../src/views/account/about";
import { ContactView } from "../../src/views/account/contact";
import { clearToasts, fakeServer, json, toastText, writes } from "./account-helpers";

afterEach(() => {
  lang.value = "en";
  signOut();
  clearToasts();
  setApi(createApi());
});

const info =
  (data: Record<string, string | null> = { phone: "+96824000000", whatsapp: "+96891000000", email: "help@fixit.om" }) =>
  () =>
    json(200, { status: 1, data });

function showContact(routes: Parameters<typeof fakeServer>[0]) {
  signIn({ access_token: "tok", role: 0, got_email_mob: 1, name: "Maryam" });
  const calls = fakeServer({ "GET support/info": info(), ...routes });
  render(
    <>
      <ContactView title="titles.contact" />
      <Toasts />
    </>,
  );
  return calls;
}
const message = () => screen.getByLabelText("Your message") as HTMLTextAreaElement;

describe("about", () => {
  it("shows the service, the app's version from package.json and the terms of service", () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Ahmed" });
    render(<AboutView title="titles.about" />);
    expect(screen.getByRole("heading", { name: "About" })).toBeTruthy();
    expect(screen.getByTestId("app-version").textContent).toBe(`App version ${packageJson.version}`);
    fireEvent.click(screen.getByText("Read the Terms of Service"));
    expect(screen.getByRole("heading", { name: "1. Accepting these terms" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("#/contact");
  });
});

describe("contact support", () => {
  it("offers WhatsApp with a greeting ready, a call and email from GET /support/info", async () => {
    showContact({});
    const whatsapp = await screen.findByRole("link", { name: "WhatsApp" });
    expect(whatsapp.getAttribute("href")).toBe(`https://wa.me/96891000000?text=${encodeURIComponent("Hello, I need help with the Fixit Gulf app.")}`);
    expect(screen.getByRole("link", { name: /Call/ }).getAttribute("href")).toBe("tel:+96824000000");
    expect(screen.getByRole("link", { name: "Email support" }).getAttribute("href")).toBe("mailto:help@fixit.om");
  });

  it("offers Try again when the support contacts fail to load; the form still works", async () => {
    showContact({ "GET support/info": () => json(500, { detail: "down" }) });
    const error = await screen.findByTestId("support-error");
    expect(within(error).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send message" })).toBeTruthy();
  });

  it("sends the message with its subject, counts the characters, toasts and clears the form", async () => {
    const sent = "Thank you. Your message has been sent to our support team.";
    const calls = showContact({ "POST support/contact": () => json(200, { message: sent }) });
    fireEvent.input(screen.getByLabelText("Subject (optional)"), { target: { value: "Invoice" } });
    fireEvent.input(message(), { target: { value: "My receipt shows the wrong VAT." } });
    expect(screen.getByText("31 / 2000")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(toastText("success")).toEqual([sent]));
    expect(calls.find((c) => c.path === "support/contact")?.body).toEqual({ subject: "Invoice", message: "My receipt shows the wrong VAT." });
    expect(message().value).toBe("");
    expect((screen.getByLabelText("Subject (optional)") as HTMLInputElement).value).toBe("");
  });

  it("keeps the text when sending fails", async () => {
    showContact({ "POST support/contact": () => json(503, { detail: "Please try again in a minute." }) });
    fireEvent.input(message(), { target: { value: "The app is slow." } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(toastText("error")).toEqual(["Please try again in a minute."]));
    expect(message().value).toBe("The app is slow.");
  });

  it("needs a message, sending nothing without one", async () => {
    const calls = showContact({});
    await screen.findByRole("link", { name: "WhatsApp" });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Please write your message.")).toBeTruthy();
    expect(writes(calls).filter((c) => c.startsWith("POST"))).toEqual([]);
  });
});
