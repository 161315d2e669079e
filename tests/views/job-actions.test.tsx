// The technician's job on /property/open-issues (issue 12): exactly the buttons the server's actions allow, each move's
// request and what the screen shows after it; offers to independent technicians on /jobs (the first to accept wins);
// the work report shown on the issue screens, with prices only when the server sends them.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { Issue } from "../../src/contract/issues";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { user } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { newsArrived } from "../../src/signals/unread";
import { IssueReadOnlyView } from "../../src/views/issues/issue-view";
import { JobsView } from "../../src/views/issues/jobs";
import { OpenIssueView } from "../../src/views/issues/open-issue";
import { type RepairCall, event, fakeRepairApi, json, repair } from "./repair-helpers";

afterEach(() => {
  setApi(createApi());
  act(() => {
    lang.value = "en";
    user.value = null;
  });
});

const slotA = { date: "2026-11-25", time_from: "09:00", time_to: "11:00" };
const moved = (message: string, data: Issue) => () => json(200, { message, status: 1, data });
const lastToast = () => toasts.value.at(-1);
const posts = (calls: RepairCall[]) => calls.filter((c) => c.method === "POST");

/** Opens /property/open-issues with the issue as navigation state (as the jobs list does). */
function open(issue: Issue, routes: Record<string, (c: RepairCall) => Response | Promise<Response>> = {}) {
  const calls = fakeRepairApi(routes);
  navigate(`/property/open-issues?issue_id=${issue.issue_id}`, { state: issue });
  render(<OpenIssueView title="titles.issueDetails" />);
  return calls;
}

const JOB_BUTTONS = ["Accept job", "Decline", "Start work", "Put on hold", "Resume work", "Complete job"];
const jobButtons = () => JOB_BUTTONS.filter((name) => screen.queryByRole("button", { name }));

describe("the technician's buttons are exactly the server's actions", () => {
  const cases: [string, Partial<Issue>, string[]][] = [
    ["assigned", { stage: "assigned", actions: ["accept", "decline"] }, ["Accept job", "Decline"]],
    ["scheduled", { stage: "scheduled", visit: slotA, actions: ["start", "reschedule", "comment"] }, ["Start work"]],
    [
      "in progress",
      { stage: "in_progress", started_at: "2026-11-25T09:05:00.000Z", actions: ["hold", "complete", "comment"] },
      ["Put on hold", "Complete job"],
    ],
    ["on hold", { stage: "in_progress", held_at: "2026-11-25T10:00:00.000Z", hold_reason: "Waiting for a part", actions: ["resume"] }, ["Resume work"]],
    ["nothing to do", { stage: "accepted", actions: ["acknowledge"] }, []],
  ];
  for (const [name, over, expected] of cases)
    it(`${name}: ${expected.join(", ") || "none"}`, async () => {
      open(repair(over));
      await screen.findByRole("heading", { name: "Kitchen sink leaking" });
      expect(jobButtons()).toEqual(expected);
    });

  it("says the work is on hold and why", async () => {
    open(repair({ stage: "in_progress", held_at: "2026-11-25T10:00:00.000Z", hold_reason: "Waiting for a part", actions: ["resume"] }));
    const held = await screen.findByTestId("job-held");
    expect(held.textContent).toBe("On holdWaiting for a part");
  });

  it("keeps the acknowledgement beside the job's buttons: the accepted job offers it, and the agreed visit shows after", async () => {
    const accepted = repair({ stage: "accepted", actions: ["acknowledge", "comment"] });
    open(accepted, { "PUT issue/issue": () => json(200, { status: 1 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Acknowledge Tenant Availability" }));
    fireEvent.click(await screen.findByRole("radio", { name: /Mon 15 Jan 2024/ }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Acknowledge" }));
    expect(await screen.findByTestId("agreed-visit")).toBeTruthy();
  });
});

// Walked: the owner's note ("the garage key is with the guard") and comments never reached the technician's job
// screen, which had no timeline; the notification of a comment opened a job that did not show it.
describe("the technician's job shows what was said of it", () => {
  it("lists the timeline with the customer's comment, and offers the comment box when the server allows it", async () => {
    const calls = open(repair({ stage: "scheduled", visit: slotA, actions: ["start", "reschedule", "comment"] }), {
      "GET issue/timeline": () =>
        json(200, {
          status: 1,
          data: [
            event({ event_id: 1, kind: "reported", actor_name: "Salim Al Harthy" }),
            event({ event_id: 2, kind: "comment", actor_name: "Salim Al Harthy", note: "The garage key is with the guard at gate 2." }),
          ],
        }),
    });
    const timeline = await screen.findByTestId("timeline-list");
    expect(within(timeline).getByText("The garage key is with the guard at gate 2.")).toBeTruthy();
    expect(calls.filter((c) => c.path === "issue/timeline").map((c) => c.params.get("issue_id"))).toEqual(["7"]);
    expect(screen.getByRole("button", { name: "Send comment" })).toBeTruthy();
  });

  it("has no comment box when the server does not allow one (an offer not yet accepted)", async () => {
    open(repair({ stage: "assigned", actions: ["accept", "decline"] }), {
      "GET issue/timeline": () => json(200, { status: 1, data: [event({ event_id: 1, kind: "reported" })] }),
    });
    await screen.findByTestId("timeline-list");
    expect(screen.queryByRole("button", { name: "Send comment" })).toBeNull();
  });
});

describe("news while the job is on screen", () => {
  it("reads the job again when the bell's count grew (the customer picked a time)", async () => {
    const calls = open(repair({ stage: "proposed", actions: ["reschedule", "comment"] }), {
      "GET issue/issue": () => json(200, { status: 1, data: repair({ stage: "scheduled", visit: slotA, actions: ["start", "reschedule", "comment"] }) }),
    });
    expect((await screen.findByTestId("stage-badge")).textContent).toBe("Times proposed");
    act(() => void newsArrived.value++);
    await waitFor(() => expect(screen.getByTestId("stage-badge").textContent).toBe("Scheduled"));
    expect(calls.filter((c) => c.path === "issue/issue").map((c) => c.params.get("issue_id"))).toEqual(["7"]);
  });

  // CI caught it: news arrived, its read was slow, the technician acknowledged meanwhile, and the late answer put the
  // job back as it was before (the agreed visit gone).
  it("a read started before a move does not undo it when it answers late", async () => {
    let answer: (r: Response) => void = () => undefined;
    open(repair({ stage: "accepted", actions: ["acknowledge", "comment"] }), {
      "GET issue/issue": () => new Promise<Response>((r) => (answer = r)),
      "PUT issue/issue": () => json(200, { status: 1 }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Acknowledge Tenant Availability" }));
    act(() => void newsArrived.value++);
    fireEvent.click(await screen.findByRole("radio", { name: /Mon 15 Jan 2024/ }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Acknowledge" }));
    expect(await screen.findByTestId("agreed-visit")).toBeTruthy();
    await act(async () => answer(json(200, { status: 1, data: repair({ stage: "accepted", actions: ["acknowledge", "comment"] }) })));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId("agreed-visit")).toBeTruthy();
    expect(screen.getByTestId("stage-badge").textContent).toBe("Scheduled");
  });
});

describe("a job no longer there", () => {
  it("an offer the owner cancelled says so in the server's words (409), not the not-found screen", async () => {
    fakeRepairApi({ "GET issue/issue": () => json(409, { detail: "This issue was cancelled." }) });
    navigate("/property/open-issues?issue_id=9");
    render(<OpenIssueView title="titles.issueDetails" />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This issue was cancelled."));
  });
  it("another failure keeps the general sentence", async () => {
    fakeRepairApi({ "GET issue/issue": () => json(500, { detail: "Internal" }) });
    navigate("/property/open-issues?issue_id=9");
    render(<OpenIssueView title="titles.issueDetails" />);
    const alert = await screen.findByRole("alert");
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(alert.textContent).toBe("Could not load this issue.");
  });
});

describe("the moves", () => {
  it("accept: one POST with no body and its own key; the server's sentence; the accepted job then offers the acknowledgement", async () => {
    const calls = open(repair({ stage: "assigned", actions: ["accept", "decline"] }), {
      "POST issue/accept": moved("Job accepted.", repair({ stage: "accepted", actions: ["acknowledge", "comment"] })),
      "PUT issue/issue": () => json(200, {}),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept job" }));
    await waitFor(() => expect(lastToast()?.message).toBe("Job accepted."));
    const [accept] = posts(calls);
    expect(accept.path).toBe("issue/accept");
    expect(accept.params.get("issue_id")).toBe("7");
    expect(accept.body).toBeUndefined();
    expect(accept.headers.get("Idempotency-Key")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Acknowledge Tenant Availability" })).toBeTruthy();
    expect(jobButtons()).toEqual([]);
    // With no button left in it, the job's card says what comes next (it was empty once the push question went).
    expect(screen.getByTestId("job-accepted").textContent).toBe("You accepted this job. Next, agree the visit time with the customer.");
    // Once a time is agreed (or proposed), that is no longer what comes next.
    fireEvent.click(screen.getByRole("button", { name: "Acknowledge Tenant Availability" }));
    const sheet = await screen.findByRole("dialog", { name: "Acknowledge Tenant Availability" });
    fireEvent.click(within(sheet).getAllByRole("radio")[0]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Acknowledge" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByTestId("job-accepted")).toBeNull();
  });

  it("decline: asks for a reason in a dialog (required), sends it, and goes back to the jobs", async () => {
    const calls = open(repair({ stage: "assigned", actions: ["accept", "decline"] }), {
      "POST issue/decline": moved("Job declined.", repair({ stage: "reported", actions: [] })),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline this job?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline job" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Please give a reason.");
    expect(posts(calls)).toHaveLength(0);
    fireEvent.input(within(dialog).getByLabelText("Why are you declining?"), { target: { value: "  No ladder tall enough  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline job" }));
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([["issue/decline", { reason: "No ladder tall enough" }]]);
    expect(lastToast()?.message).toBe("Job declined.");
  });

  it("asks before starting days before the agreed visit (the customer is told the technician is on the way)", async () => {
    const later = { date: "2099-01-05", time_from: "09:00", time_to: "11:00" };
    const started = repair({ stage: "in_progress", started_at: "2026-11-25T09:05:00.000Z", actions: ["hold", "complete"] });
    const calls = open(repair({ stage: "scheduled", visit: later, actions: ["start"] }), { "POST issue/start": moved("Work started.", started) });
    fireEvent.click(await screen.findByRole("button", { name: "Start work" }));
    let dialog = await screen.findByRole("dialog", { name: "Start before the visit day?" });
    expect(dialog.textContent).toContain("The visit is set for Mon 5 Jan 2099");
    fireEvent.click(within(dialog).getByRole("button", { name: "Not yet" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Start work" }));
    dialog = await screen.findByRole("dialog", { name: "Start before the visit day?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Start now" }));
    expect(await screen.findByTestId("job-started")).toBeTruthy();
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/start"]);
  });

  it("start, then hold with a reason, then resume: each answer shows at once", async () => {
    const started = repair({ stage: "in_progress", started_at: "2026-11-25T09:05:00.000Z", actions: ["hold", "complete"] });
    const held = { ...started, held_at: "2026-11-25T10:00:00.000Z", hold_reason: "Waiting for a part", actions: ["resume"] };
    const calls = open(repair({ stage: "scheduled", visit: slotA, actions: ["start"] }), {
      "POST issue/start": moved("Work started.", started),
      "POST issue/hold": moved("Work on hold.", held),
      "POST issue/resume": moved("Work resumed.", started),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Start work" }));
    expect((await screen.findByTestId("job-started")).textContent).toMatch(/^Work started 25 Nov 2026/);
    expect(jobButtons()).toEqual(["Put on hold", "Complete job"]);

    fireEvent.click(screen.getByRole("button", { name: "Put on hold" }));
    const dialog = await screen.findByRole("dialog", { name: "Put the work on hold?" });
    fireEvent.input(within(dialog).getByLabelText("Reason"), { target: { value: "Waiting for a part" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Put on hold" }));
    expect((await screen.findByTestId("job-held")).textContent).toContain("Waiting for a part");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(jobButtons()).toEqual(["Resume work"]);

    fireEvent.click(screen.getByRole("button", { name: "Resume work" }));
    await waitFor(() => expect(jobButtons()).toEqual(["Put on hold", "Complete job"]));
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ["issue/start", undefined],
      ["issue/hold", { reason: "Waiting for a part" }],
      ["issue/resume", undefined],
    ]);
  });

  it("a refused hold says why, keeps the dialog and the reason, and shows the issue as the server has it", async () => {
    const now = repair({ stage: "in_progress", started_at: "2026-11-25T09:05:00.000Z", held_at: "2026-11-25T09:30:00.000Z", actions: ["resume"] });
    const calls = open(repair({ stage: "in_progress", started_at: "2026-11-25T09:05:00.000Z", actions: ["hold", "complete"] }), {
      "POST issue/hold": () => json(409, { detail: "The work is already on hold." }),
      "GET issue/issue": () => json(200, { status: 1, data: now }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Put on hold" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.input(within(dialog).getByLabelText("Reason"), { target: { value: "Rain" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Put on hold" }));
    await waitFor(() => expect(lastToast()?.message).toBe("The work is already on hold."));
    expect(lastToast()?.type).toBe("error");
    expect((within(screen.getByRole("dialog")).getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("Rain");
    await waitFor(() => expect(calls.some((c) => c.path === "issue/issue")).toBe(true));
  });

  it("an offer someone else took first: says so and goes back to the jobs", async () => {
    open(repair({ stage: "reported", offered: true, actions: ["accept"] }), {
      "POST issue/accept": () => json(409, { detail: "Another technician has already taken this job." }),
      "GET issue/issue": () => json(404, { detail: "Not found." }),
    });
    expect(await screen.findByText("This job is offered to several technicians: the first to accept gets it.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept job" }));
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
    expect(lastToast()?.message).toBe("Another technician has already taken this job.");
  });

  it("complete opens the work report form in place of the details", async () => {
    open(repair({ stage: "in_progress", started_at: new Date(Date.now() - 30 * 60000).toISOString(), actions: ["hold", "complete"] }));
    fireEvent.click(await screen.findByRole("button", { name: "Complete job" }));
    expect(await screen.findByRole("heading", { name: "Work report", level: 1 })).toBeTruthy();
    expect(screen.getByTestId("work-report-form")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Put on hold" })).toBeNull();
  });

  it("speaks Arabic", async () => {
    act(() => void (lang.value = "ar"));
    open(repair({ stage: "assigned", actions: ["accept", "decline"] }));
    expect(await screen.findByRole("button", { name: "قبول المهمة" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "رفض" })).toBeTruthy();
  });
});

describe("offers on /jobs", () => {
  const offer = (over: Partial<Issue>) => repair({ stage: "reported", offered: true, actions: ["accept"], ...over });
  const page =
    (...items: Issue[]) =>
    () =>
      json(200, { status: 1, total: items.length, data: items });

  it("an independent technician sees the offers; a taken one (409) is said so and leaves the list", async () => {
    act(() => void (user.value = { role: 1, got_email_mob: 1, user_id: 9, company_id: null }));
    const calls = fakeRepairApi({
      "GET issue/jobs": page(),
      "GET issue/offers": page(offer({ issue_id: 21, title: "AC not cooling", category: 3 }), offer({ issue_id: 22, title: "Socket sparks", category: 2 })),
      "POST issue/accept": () => json(409, { detail: "Another technician has already taken this job." }),
    });
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    const offers = await screen.findByTestId("offers");
    expect(within(offers).getByRole("heading", { name: "Jobs near you" })).toBeTruthy();
    expect(
      within(offers)
        .getAllByTestId("offer")
        .map((o) => o.querySelector(".title")?.textContent),
    ).toEqual(["AC not cooling", "Socket sparks"]);
    expect(within(offers).getAllByTestId("offer")[0].textContent).toContain("HVAC");

    fireEvent.click(within(offers).getByRole("button", { name: "Accept AC not cooling" }));
    await waitFor(() => expect(within(offers).getAllByTestId("offer")).toHaveLength(1));
    expect(lastToast()?.message).toBe("Another technician has already taken this job.");
    expect(posts(calls).map((c) => [c.path, c.params.get("issue_id")])).toEqual([["issue/accept", "21"]]);
    expect(within(offers).queryByText("AC not cooling")).toBeNull();
  });

  it("accepting an offer makes the job yours and opens it", async () => {
    act(() => void (user.value = { role: 1, got_email_mob: 1, user_id: 9, company_id: null }));
    fakeRepairApi({
      "GET issue/jobs": page(),
      "GET issue/offers": page(offer({ issue_id: 21, title: "AC not cooling" })),
      "POST issue/accept": moved("The job is yours.", repair({ issue_id: 21, title: "AC not cooling", stage: "accepted", actions: ["acknowledge"] })),
    });
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    fireEvent.click(await screen.findByRole("button", { name: "Accept AC not cooling" }));
    await waitFor(() => expect(location.hash).toBe("#/property/open-issues?issue_id=21"));
    expect((history.state as Issue).stage).toBe("accepted");
    expect(lastToast()?.message).toBe("The job is yours.");
  });

  it("a company's technician is not asked about offers", async () => {
    act(() => void (user.value = { role: 1, got_email_mob: 1, user_id: 3, company_id: 1 }));
    const calls = fakeRepairApi({ "GET issue/jobs": page(repair({ title: "Kitchen sink leaking" })) });
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    expect(await screen.findByRole("button", { name: /Kitchen sink leaking/ })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["issue/jobs"]);
    expect(screen.queryByTestId("offers")).toBeNull();
  });
});

describe("the work report on the issue screens", () => {
  const report = {
    notes: "Replaced the tap washer and the flexible hose.",
    minutes: 85,
    follow_up: true,
    occupant_damage: false,
    parts: [
      { name: "Tap washer", qty: 2, unit_price: 2500, unit_price_text: "2.500" },
      { name: "Flexible hose", qty: 1, unit_price: 4750, unit_price_text: "4.750" },
    ],
    extra_costs: [{ label: "Call-out fee", amount: 3000, amount_text: "3.000" }],
    signature: { media_id: 40, file_name: "signature.png", path: "", url: "/api/issue/file/40?sig=x" },
    tech_name: "Khalid Al Hinai",
    created_at: "2026-11-25T10:30:00.000Z",
    currency: "OMR",
    decimals: 3,
  };
  const completed = (over: Partial<Issue> = {}) =>
    repair({
      stage: "completed",
      issue_status: 1,
      completed_at: "2026-11-25T10:30:00.000Z",
      after_images: [{ file_name: "after.jpg", path: "", url: "/api/issue/file/39?sig=y", media_id: 39 }],
      work_report: report,
      ...over,
    });
  function show(issue: Issue) {
    fakeRepairApi({ "GET issue/timeline": () => json(200, { status: 1, data: [event({ event_id: 1, kind: "reported" })] }) });
    navigate(`/property/issues-view?issue_id=${issue.issue_id}`, { state: issue });
    render(<IssueReadOnlyView title="titles.issueDetails" />);
  }

  it("shows notes, parts with prices and line totals, time, costs, follow-up, after photos and the signature", async () => {
    show(completed());
    const section = await screen.findByTestId("work-report");
    expect(within(section).getByRole("heading", { name: "Work report" })).toBeTruthy();
    expect(section.textContent).toContain("Replaced the tap washer and the flexible hose.");
    expect(within(section).getByTestId("work-time").textContent).toBe("1 h 25 min");
    const rows = [...within(section).getByTestId("work-parts").querySelectorAll("tbody tr")].map((r) =>
      [...r.querySelectorAll("td")].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ["Tap washer2 × 2.500 OMR", "5.000 OMR"],
      ["Flexible hose1 × 4.750 OMR", "4.750 OMR"],
    ]);
    expect(within(section).getByTestId("work-costs").textContent).toBe("Call-out fee3.000 OMR");
    expect(within(section).getByTestId("work-follow-up").textContent).toBe("Another visit is needed.");
    expect(within(section).queryByTestId("work-damage")).toBeNull();
    expect(within(section).getByTestId("work-after").querySelector("img")?.getAttribute("src")).toBe("/api/issue/file/39?sig=y");
    expect(within(section).getByRole("img", { name: "Signature of the person present" }).getAttribute("src")).toBe("/api/issue/file/40?sig=x");
  });

  it("names the currency in the reader's language, as the receipt does: its sign in Arabic", async () => {
    act(() => void (lang.value = "ar"));
    show(completed());
    const section = await screen.findByTestId("work-report");
    expect(within(section).getByTestId("work-costs").textContent).toBe("Call-out fee3.000 ر.ع.");
    expect(section.textContent).not.toContain("OMR");
  });

  it("a tenant's copy has no prices: no price columns, nothing priced shown", async () => {
    const bare = {
      ...report,
      parts: report.parts.map(({ name, qty }) => ({ name, qty })),
      extra_costs: [{ label: "Call-out fee" }],
      occupant_damage: true,
    };
    show(completed({ work_report: bare }));
    const section = await screen.findByTestId("work-report");
    expect([...within(section).getByTestId("work-parts").querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Part", "Quantity"]);
    expect(section.textContent).not.toMatch(/OMR|2\.500|3\.000/);
    expect(within(section).getByTestId("work-damage").textContent).toBe("The damage was caused by the occupant.");
  });

  it("is not there before the work is reported", async () => {
    show(repair({ stage: "in_progress", work_report: null }));
    await screen.findByTestId("repair-status");
    expect(screen.queryByTestId("work-report")).toBeNull();
  });
});
