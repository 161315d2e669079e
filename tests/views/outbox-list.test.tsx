// The outbox list behind the header's indicator (issue 15): the count shows only while something waits (red when the
// server refused one); the list says what each entry is and where it is, shows a refusal's sentence, sends again with
// "Send now" and drops with "Drop" (asked twice).
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Header } from "../../src/components/Header";
import { type OutboxResponse, createOutbox, memoryStore, moveStep, setOutbox } from "../../src/lib/outbox";
import { lang } from "../../src/signals/language";
import { outboxItems } from "../../src/signals/outbox";
import { signIn, signOut } from "../../src/signals/session";

afterEach(() => {
  setOutbox(undefined);
  act(() => signOut());
  act(() => void (lang.value = "en"));
});

/** An outbox whose server refuses issue 1's move until `fixed`, and gets no answer for issue 2's. */
async function twoEntries() {
  const state = { fixed: false, requests: 0 };
  const outbox = createOutbox({
    store: memoryStore(),
    delay: () => 60_000,
    send: async (r): Promise<OutboxResponse> => {
      state.requests++;
      if (r.query.issue_id === "2") throw new TypeError("Failed to fetch");
      return state.fixed ? { status: 200, body: { status: 1 } } : { status: 409, body: { detail: "This job was cancelled by the customer." } };
    },
  });
  setOutbox(outbox);
  await outbox.add({ kind: "start", issueId: 1, label: "Kitchen sink leaking", steps: [moveStep("start", 1, "key-start-1")] }, { later: true });
  await outbox.add(
    {
      kind: "complete",
      issueId: 2,
      label: "Broken door",
      steps: [
        {
          method: "post",
          path: "issue/media",
          query: { issue_id: 2, phase: "after" },
          file: { data: new ArrayBuffer(3), type: "image/jpeg", name: "a.jpg" },
          key: "key-a",
        },
        moveStep("complete", 2, "key-complete-2", { notes: "Fixed" }),
      ],
    },
    { later: true },
  );
  await act(() => outbox.flush());
  return { outbox, state };
}

describe("the outbox indicator and list", () => {
  it("shows nothing while nothing waits", () => {
    setOutbox(createOutbox({ store: memoryStore(), send: async () => ({ status: 200, body: null }) }));
    render(<Header />);
    expect(screen.queryByTestId("outbox-indicator")).toBeNull();
  });

  it("counts what waits in the header, and opens the list: each entry, its state, a refusal's sentence", async () => {
    await twoEntries();
    render(<Header />);
    const indicator = screen.getByRole("button", { name: "2 waiting to send" });
    expect(indicator.textContent).toBe("2");
    expect(indicator.hasAttribute("data-refused")).toBe(true);
    fireEvent.click(indicator);
    const sheet = await screen.findByRole("dialog", { name: "Waiting to send" });
    const entries = within(sheet).getAllByTestId("outbox-entry");
    expect(entries.map((e) => e.getAttribute("data-state"))).toEqual(["refused", "waiting"]);
    expect(within(entries[0]).getByText("Start work: Kitchen sink leaking")).toBeTruthy();
    expect(within(entries[0]).getByText("Not accepted")).toBeTruthy();
    expect(within(entries[0]).getByText("This job was cancelled by the customer.")).toBeTruthy();
    expect(within(entries[1]).getByText("Complete job: Broken door")).toBeTruthy();
    expect(within(entries[1]).getByText("Waiting to send")).toBeTruthy();
    expect(within(entries[1]).getByText("Files: 1")).toBeTruthy();
  });

  it("sends a refused entry again once fixed, and drops one only when asked twice", async () => {
    const { state } = await twoEntries();
    render(<Header />);
    fireEvent.click(screen.getByTestId("outbox-indicator"));
    const sheet = await screen.findByRole("dialog", { name: "Waiting to send" });
    state.fixed = true;
    fireEvent.click(within(sheet).getByRole("button", { name: "Send now: Start work: Kitchen sink leaking" }));
    await waitFor(() =>
      expect(outboxItems.value.map((i) => [i.issueId, i.state])).toEqual([
        [1, "sent"],
        [2, "waiting"],
      ]),
    );
    expect(screen.getByRole("button", { name: "1 waiting to send" }).hasAttribute("data-refused")).toBe(false);

    fireEvent.click(within(sheet).getByRole("button", { name: "Drop: Complete job: Broken door" }));
    expect(outboxItems.value).toHaveLength(2);
    fireEvent.click(within(sheet).getByRole("button", { name: "Keep" }));
    fireEvent.click(within(sheet).getByRole("button", { name: "Drop: Complete job: Broken door" }));
    fireEvent.click(within(sheet).getByRole("button", { name: "Drop for good: Complete job: Broken door" }));
    await waitFor(() => expect(outboxItems.value.map((i) => i.issueId)).toEqual([1]));
    expect(screen.queryByTestId("outbox-indicator")).toBeNull();
  });

  it("shows (and sends) only the signed-in account's entries on a shared phone", async () => {
    let who = 2;
    const sent: string[] = [];
    const outbox = createOutbox({
      store: memoryStore(),
      userId: () => who,
      send: async (r) => {
        sent.push(r.path);
        return { status: 200, body: null };
      },
    });
    setOutbox(outbox);
    act(() => signIn({ access_token: "a", role: 1, got_email_mob: 1, user_id: 2 }));
    await outbox.add({ kind: "start", issueId: 1, label: "Leak", steps: [moveStep("start", 1, "key-s-1")] }, { later: true });
    who = 3;
    act(() => signIn({ access_token: "b", role: 3, got_email_mob: 1, user_id: 3 }));
    render(<Header />);
    expect(screen.queryByTestId("outbox-indicator")).toBeNull();
    await act(() => outbox.flush());
    expect(sent).toEqual([]);
    who = 2;
    act(() => signIn({ access_token: "a", role: 1, got_email_mob: 1, user_id: 2 }));
    expect(screen.getByRole("button", { name: "1 waiting to send" })).toBeTruthy();
    await act(() => outbox.flush());
    expect(sent).toEqual(["issue/start"]);
  });

  it("speaks Arabic", async () => {
    await twoEntries();
    act(() => void (lang.value = "ar"));
    render(<Header />);
    fireEvent.click(screen.getByRole("button", { name: "2 بانتظار الإرسال" }));
    const sheet = await screen.findByRole("dialog", { name: "بانتظار الإرسال" });
    expect(within(sheet).getByText("بدء العمل: \u2068Kitchen sink leaking\u2069")).toBeTruthy();
    expect(within(sheet).getByText("لم يُقبل")).toBeTruthy();
    expect(within(sheet).getByRole("button", { name: "أرسل الآن: بدء العمل: \u2068Kitchen sink leaking\u2069" })).toBeTruthy();
  });
});
