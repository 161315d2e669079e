import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareMessage } from "../../src/components/ShareMessage";
import { toasts } from "../../src/signals/toasts";

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.value = [];
});

// The app's sentences wrap names in direction isolates (U+2068 … U+2069) for its own layout.
const MESSAGE = "Hello \u2068Khalid\u2069, open https://x.test/#/invite?token=abc";

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
}

describe("ShareMessage", () => {
  it("shows the message, sends it on WhatsApp to the phone, and copies it without the app's isolates", async () => {
    const writeText = vi.fn(async () => undefined);
    withClipboard(writeText);
    render(<ShareMessage id="m" message={MESSAGE} phone="+968 9100 0002" words="propertyForms.assign" />);
    expect(screen.getByRole<HTMLTextAreaElement>("textbox").value).toBe(MESSAGE);
    const wa = screen.getByRole<HTMLAnchorElement>("link");
    expect(wa.href).toMatch(/^https:\/\/wa\.me\/96891000002\?text=/);
    expect(decodeURIComponent(wa.href.split("text=")[1])).not.toMatch(/[\u2066-\u2069]/);
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("Hello Khalid, open https://x.test/#/invite?token=abc"));
    await waitFor(() => expect(screen.getByRole("button").textContent).toMatch(/copied/i));
  });

  it("says so in a toast when the phone will not copy", async () => {
    withClipboard(async () => {
      throw new Error("denied");
    });
    render(<ShareMessage id="m" message={MESSAGE} phone={null} words="staff.invite" />);
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(toasts.value.map((x) => x.key)).toEqual(["staff.invite.copyFailed"]));
    expect(screen.getByRole("button").textContent).not.toMatch(/copied/i);
  });
});
