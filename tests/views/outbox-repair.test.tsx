// The customer's moves and comments without network (issue 15, D23): picking a proposed time, confirming with a rating
// and a comment with a photo wait in the outbox under the key of the press, the repair shows what they will do and
// "Waiting to send", and they go once the phone is online; a comment's photo goes to the comment its answer names.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/contract/issues";
import { navigate } from "../../src/lib/hash-location";
import { getOutbox, moveStep } from "../../src/lib/outbox";
import { outboxItems } from "../../src/signals/outbox";
import { IssueReadOnlyView } from "../../src/views/issues/issue-view";
import { goOnline, noNetwork, outboxSuite } from "./outbox-helpers";
import { type RepairCall, event, fakeRepairApi, json, repair, tinyJpeg } from "./repair-helpers";

outboxSuite({ access_token: "tok", role: 3, got_email_mob: 1, name: "Aisha Tenant", user_id: 3 });

const NBSP = "\u00a0";
const slotA = { date: "2026-11-25", time_from: "09:00", time_to: "11:00" };
const posts = (calls: RepairCall[], path: string) => calls.filter((c) => c.method === "POST" && c.path === path);

function show(issue: Issue, routes: Record<string, (c: RepairCall) => Response | Promise<Response>>) {
  const calls = fakeRepairApi({ "GET issue/timeline": () => json(200, { status: 1, data: [event({ event_id: 1, kind: "reported" })] }), ...routes });
  navigate(`/property/issues-view?issue_id=${issue.issue_id}`, { state: issue });
  render(<IssueReadOnlyView title="titles.issueDetails" />);
  return calls;
}

describe("the customer's moves without network", () => {
  it("picking a time: waits with its key, the visit shows as booked meanwhile, and it goes once online", async () => {
    let down = true;
    const booked = repair({ stage: "scheduled", visit: slotA, actions: ["comment"] });
    const calls = show(repair({ stage: "proposed", tech_available: [slotA], actions: ["pick_slot", "request_slots", "comment"] }), {
      "POST issue/pick_slot": () => (down ? noNetwork() : json(200, { message: "Visit booked.", status: 1, data: booked })),
    });
    fireEvent.click(await screen.findByRole("button", { name: `Pick this time: Wed 25 Nov 2026, 9:00${NBSP}AM – 11:00${NBSP}AM` }));
    await waitFor(() => expect(screen.getByTestId("stage-badge").textContent).toBe("Scheduled"));
    expect(screen.getByTestId("agreed-visit")).toBeTruthy();
    expect(within(screen.getByTestId("outbox-note")).getByText("Chosen visit time: Kitchen sink leaking")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "None of these times suit me" })).toBeNull();

    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const picks = posts(calls, "issue/pick_slot");
    expect(picks).toHaveLength(2);
    expect(picks[1].body).toEqual(slotA);
    expect(picks[1].headers.get("idempotency-key")).toBe(picks[0].headers.get("idempotency-key"));
  });

  it("confirming: the rating waits, the repair shows closed with its stars meanwhile", async () => {
    const calls = show(repair({ stage: "completed", issue_status: 1, completed_at: "2026-11-20T10:00:00.000Z", actions: ["confirm", "reopen", "comment"] }), {
      "POST issue/confirm": noNetwork,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and rate" }));
    const sheet = await screen.findByRole("dialog");
    fireEvent.click(within(sheet).getAllByRole("radio")[3]);
    fireEvent.click(within(sheet).getByRole("button", { name: /Confirm/ }));
    await waitFor(() => expect(screen.getByTestId("closed-message")).toBeTruthy());
    expect(screen.getByTestId("rating").textContent).toContain("★★★★☆");
    expect(posts(calls, "issue/confirm").map((c) => c.body)).toEqual([{ rating: 4, comment: "" }]);
    expect(outboxItems.value.map((i) => [i.kind, i.state])).toEqual([["confirm", "waiting"]]);
  });
});

describe("a move that waited while the screen read the server's older copy", () => {
  it("a completion sent from the outbox shows the repair completed, though the screen loaded it in progress", async () => {
    // The technician completed offline, reloaded offline, and the network came back: the screen read the job before
    // the outbox had sent the completion (walked in Chromium: it stayed "In progress" until a manual reload).
    let down = true;
    const completed = repair({ stage: "completed", issue_status: 1, completed_at: "2026-11-20T10:00:00.000Z", actions: ["comment"] });
    const calls = show(repair({ stage: "in_progress", started_at: "2026-11-20T09:00:00.000Z", actions: ["comment"] }), {
      "POST issue/complete": () => (down ? noNetwork() : json(200, { message: "Job completed.", status: 1, data: completed })),
    });
    await getOutbox().add(
      { kind: "complete", issueId: 7, label: "Kitchen sink leaking", steps: [moveStep("complete", 7, "k-1", { notes: "Done" })] },
      { later: true },
    );
    await waitFor(() => expect(screen.getByTestId("stage-badge").textContent).toBe("In progress"));
    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    await waitFor(() => expect(screen.getByTestId("stage-badge").textContent).toBe("Completed"));
    expect(posts(calls, "issue/complete")).toHaveLength(1);
    // And its story with it: the timeline is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === "issue/timeline").length).toBeGreaterThan(1));
  });
});

describe("a comment without network", () => {
  it("waits with its photo; once online the comment goes, then the photo to the comment its answer names", async () => {
    let down = true;
    const calls = show(repair({ actions: ["comment"] }), {
      "POST issue/comment": () =>
        down ? noNetwork() : json(201, { message: "Comment added.", data: event({ event_id: 55, kind: "comment", mine: true, note: "Still leaking" }) }),
      "POST issue/media": () => json(201, { message: "Uploaded.", data: { media_id: 101, kind: "image", file_name: "leak.jpg", url: "/f/1" } }),
    });
    fireEvent.input(await screen.findByLabelText("Add a comment"), { target: { value: "Still leaking" } });
    fireEvent.change(screen.getByTestId("comment-photos-input"), { target: { files: [tinyJpeg("floor.jpg")] } });
    fireEvent.click(screen.getByRole("button", { name: "Send comment" }));
    await waitFor(() => expect(outboxItems.value.map((i) => [i.kind, i.state, i.files])).toEqual([["comment", "waiting", 1]]));
    // The box empties once the outbox has stored the comment: the list can show it a moment before (a DOM change wakes waitFor).
    await waitFor(() => expect((screen.getByLabelText("Add a comment") as HTMLTextAreaElement).value).toBe(""));
    expect(within(screen.getByTestId("outbox-note")).getByText("Comment: Still leaking")).toBeTruthy();

    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const comments = posts(calls, "issue/comment");
    expect(comments).toHaveLength(2);
    expect(comments[1].body).toEqual({ body: "Still leaking" });
    expect(comments[1].headers.get("idempotency-key")).toBe(comments[0].headers.get("idempotency-key"));
    const [photo] = posts(calls, "issue/media");
    expect(photo.params.toString()).toBe("issue_id=7&event_id=55");
    expect(photo.bytes).toBeGreaterThan(0);
    // The timeline is asked again once the comment is in.
    await waitFor(() => expect(calls.filter((c) => c.path === "issue/timeline").length).toBeGreaterThan(1));
  });
});
