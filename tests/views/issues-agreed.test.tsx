import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { setOutboxItems } from "../../src/signals/outbox";
import { IssueReadOnlyView } from "../../src/views/issues/issue-view";
import { OpenIssueView } from "../../src/views/issues/open-issue";
import { fakeApi, issue, json } from "./issues-helpers";

afterEach(() => act(() => void (lang.value = "en")));
// The phone's clock on a day before the times these tests enter: the sheet refuses a time already past.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 20, 8, 0));
});
afterEach(() => vi.useRealTimers());

const ACK = "Acknowledge Tenant Availability";
/** Taps the acknowledgement and waits for its sheet (its code loads when first opened: src/lib/lazy-later.ts). */
const openAck = async () => {
  fireEvent.click(screen.getByRole("button", { name: ACK }));
  return screen.findByRole("dialog", { name: ACK });
};
const NBSP = "\u00a0";

describe("an acknowledgement waiting in the outbox", () => {
  afterEach(() => setOutboxItems([]));
  const waiting = (state: "waiting" | "sent") =>
    setOutboxItems([{ id: "a1", kind: "acknowledge", issueId: 7, label: "x", userId: null, state, createdAt: 0, done: 0, total: 1, files: 0 }]);

  it("is not offered again while it waits (after a reload a second one was queued, and quietly replaced the first)", async () => {
    fakeApi(() => json(200, {}));
    navigate("/property/open-issues?issue_id=7", { state: issue() });
    render(<OpenIssueView title="titles.issueDetails" />);
    expect(await screen.findByRole("button", { name: ACK })).toBeTruthy();
    act(() => waiting("waiting"));
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
    // Sent: the server's answer tells what comes next; a refused one may be made again.
    act(() => waiting("sent"));
    expect(screen.getByRole("button", { name: ACK })).toBeTruthy();
  });
});

describe("after acknowledging, the issue shows the agreed visit (nothing showed it)", () => {
  it("shows the chosen slot as 'Agreed visit' at once and no longer offers the acknowledgement", async () => {
    const calls = fakeApi(() => json(200, {}));
    navigate("/property/open-issues?issue_id=7", { state: issue() });
    render(<OpenIssueView title="titles.issueDetails" />);
    expect(screen.queryByTestId("agreed-visit")).toBeNull();
    await openAck();
    fireEvent.click(screen.getByRole("radio", { name: /Tue 16 Jan 2024/ }));
    fireEvent.click(screen.getByRole("button", { name: "Acknowledge" }));
    const agreed = await screen.findByTestId("agreed-visit");
    expect(within(agreed).getByRole("heading", { name: "Agreed visit" })).toBeTruthy();
    expect(agreed.textContent).toContain(`Tue 16 Jan 2024 between 2:30${NBSP}PM - 4:00${NBSP}PM`);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    // A reload or a step back reads the issue from history state: it keeps the acknowledgement.
    expect(history.state).toMatchObject({ issue_id: 7, tech_available: [{ date: "2024-01-16", time_from: "14:30", time_to: "16:00" }] });
    expect(typeof (history.state as { acknowledged_at: unknown }).acknowledged_at).toBe("string");
  });

  it("shows the slots the technician proposed when the tenant gave none", async () => {
    fakeApi(() => json(200, {}));
    navigate("/property/open-issues?issue_id=7", { state: issue({ available: [] }) });
    render(<OpenIssueView title="titles.issueDetails" />);
    await openAck();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-25" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "09:00" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "12:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Acknowledge" }));
    const agreed = await screen.findByTestId("agreed-visit");
    expect(within(agreed).getByRole("heading", { name: "Proposed visit times" })).toBeTruthy();
    expect(agreed.textContent).toContain(`Wed 25 Nov 2026 between 9:00${NBSP}AM - 12:30${NBSP}PM`);
    // Proposed, not yet agreed: the date says when they were proposed.
    expect(agreed.querySelector("time")?.textContent).toMatch(/^Proposed on /);
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
  });
});

describe("an issue the server says is acknowledged", () => {
  const acked = () => issue({ tech_available: [{ date: "2024-01-16", time_from: "14:30", time_to: "16:00" }], acknowledged_at: "2024-01-15T12:00:00.000Z" });

  it("shows the agreed visit from a loaded issue and offers no acknowledgement (the sheet came back every time)", async () => {
    fakeApi(() => json(200, { status: 1, data: acked() }));
    navigate("/property/open-issues?issue_id=7");
    render(<OpenIssueView title="titles.issueDetails" />);
    const agreed = await screen.findByTestId("agreed-visit");
    expect(agreed.textContent).toContain("Tue 16 Jan 2024");
    expect(agreed.querySelector("time")?.getAttribute("datetime")).toBe("2024-01-15T12:00:00.000Z");
    expect(agreed.querySelector("time")?.textContent).toMatch(/^Acknowledged on /);
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
  });

  it("hides the acknowledgement when only tech_available is set, or only acknowledged_at", () => {
    navigate("/property/open-issues?issue_id=7", {
      state: issue({ tech_available: [{ date: "2024-01-16", time_from: "14:30", time_to: "16:00" }], acknowledged_at: null }),
    });
    const { unmount } = render(<OpenIssueView title="titles.issueDetails" />);
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
    unmount();
    navigate("/property/open-issues?issue_id=7", { state: issue({ tech_available: [], acknowledged_at: "2024-01-15T12:00:00.000Z" }) });
    render(<OpenIssueView title="titles.issueDetails" />);
    expect(screen.queryByRole("button", { name: ACK })).toBeNull();
    expect(screen.getByTestId("agreed-visit")).toBeTruthy();
  });

  it("still offers the acknowledgement against a server that sends neither field", () => {
    navigate("/property/open-issues?issue_id=7", { state: issue() });
    render(<OpenIssueView title="titles.issueDetails" />);
    expect(screen.getByRole("button", { name: ACK })).toBeTruthy();
    expect(screen.queryByTestId("agreed-visit")).toBeNull();
  });

  it("shows the agreed visit on the customer's read-only screen, in Arabic with Western digits", async () => {
    act(() => void (lang.value = "ar"));
    navigate("/property/issues-view?issue_id=7", { state: acked() });
    render(<IssueReadOnlyView title="titles.issueDetails" />);
    const agreed = screen.getByTestId("agreed-visit");
    expect(within(agreed).getByRole("heading", { name: "موعد الزيارة المتفق عليه" })).toBeTruthy();
    expect(agreed.textContent).toContain(`الثلاثاء 16 يناير 2024 بين 2:30${NBSP}م - 4:00${NBSP}م`);
  });
});
