// The work report form (issue 12): opened by Complete on the technician's job. Checked before anything is sent (errors
// at the fields, in the user's language); prices typed as decimals of the property's currency go as integer minor
// units; the after-photos go first (one request each, their keys kept across retries), then the signature, then the
// report; a failure keeps everything typed; leaving with changes asks first.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { Issue } from "../../src/contract/issues";
import { navigate } from "../../src/lib/hash-location";
import { readKept, workDraftKey } from "../../src/lib/kept";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { OpenIssueView } from "../../src/views/issues/open-issue";
import { checkWork, emptyWork, minutesSince, runningTotal } from "../../src/views/issues/work-report-rules";
import { draftWritten } from "./property-forms-helpers";
import { type RepairCall, fakeRepairApi, json, repair, tinyJpeg } from "./repair-helpers";

const START = Date.parse("2026-11-25T09:05:00.000Z");
const NOW = START + 85 * 60000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setApi(createApi());
  act(() => void (lang.value = "en"));
});

const inProgress = (over: Partial<Issue> = {}) =>
  repair({ stage: "in_progress", started_at: new Date(START).toISOString(), actions: ["hold", "complete", "comment"], category: 1, ...over });
const completed = (over: Partial<Issue> = {}) => inProgress({ stage: "completed", issue_status: 1, actions: [], ...over });
const mediaOk = (_: RepairCall) => json(200, { message: "Uploaded.", data: { media_id: 50, file_name: "x", path: "", url: "/f/50", kind: "image" } });

/** The job's screen with the form open. */
async function openForm(issue: Issue, routes: Record<string, (c: RepairCall) => Response | Promise<Response>> = {}, complete = "Complete job") {
  const calls = fakeRepairApi(routes);
  navigate(`/property/open-issues?issue_id=${issue.issue_id}`, { state: issue });
  const view = render(<OpenIssueView title="titles.issueDetails" />);
  fireEvent.click(await screen.findByRole("button", { name: complete }));
  await screen.findByTestId("work-report-form");
  return { calls, container: view.container };
}
const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const photo = (container: HTMLElement, files = [tinyJpeg("after.jpg")]) =>
  fireEvent.change(container.querySelector("#work-gallery") as HTMLInputElement, { target: { files } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send report and complete" }));
const errorOf = (label: string | RegExp) => {
  const id = screen.getByLabelText(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
};
const posts = (calls: RepairCall[]) => calls.filter((c) => c.method === "POST");

describe("the rules", () => {
  it("minutes from the start, at least 1, at most a day; none without a start", () => {
    expect(minutesSince(new Date(START).toISOString(), NOW)).toBe(85);
    expect(minutesSince(new Date(NOW).toISOString(), NOW)).toBe(1);
    expect(minutesSince(new Date(NOW - 3 * 86400000).toISOString(), NOW)).toBe(1440);
    expect(minutesSince(null, NOW)).toBeNull();
  });

  // Walked: a reopened repair completed again lost the first visit's parts and time from its receipt.
  it("a reopened repair's form starts from the visit before: its notes, parts and costs, its time added to this one's", () => {
    const earlier = {
      notes: "Replaced the washer.",
      minutes: 75,
      follow_up: true,
      occupant_damage: true,
      parts: [{ name: "Socket", qty: 2, unit_price: 1200 }],
      extra_costs: [{ label: "Call-out fee", amount: 3000 }],
      signature: null,
      tech_name: "Ahmed",
      decimals: 3,
    };
    const form = emptyWork({ started_at: new Date(START).toISOString(), work_report: earlier }, NOW);
    expect(form).toMatchObject({ notes: "Replaced the washer.", minutes: "160", follow_up: false, occupant_damage: true });
    expect(form.parts.map(({ name, qty, price }) => [name, qty, price])).toEqual([["Socket", "2", "1.200"]]);
    expect(form.costs.map(({ label, amount }) => [label, amount])).toEqual([["Call-out fee", "3.000"]]);
    expect(emptyWork({ started_at: new Date(START).toISOString(), work_report: null }, NOW)).toMatchObject({ notes: "", minutes: "85", parts: [] });
  });

  it("turns decimals of the currency into minor units, refusing more digits than it has", () => {
    const form = {
      notes: "Fixed",
      minutes: "30",
      parts: [{ id: "a", name: "Tap washer", qty: "2", price: "2.500" }],
      costs: [{ id: "b", label: "Call-out", amount: "3" }],
      follow_up: false,
      occupant_damage: false,
    };
    expect(checkWork(form, { decimals: 3 }, 1).body).toEqual({
      notes: "Fixed",
      minutes: 30,
      parts: [{ name: "Tap washer", qty: 2, unit_price: 2500 }],
      extra_costs: [{ label: "Call-out", amount: 3000 }],
      follow_up: false,
      occupant_damage: false,
    });
    expect(checkWork({ ...form, parts: [{ ...form.parts[0], price: "12.50" }] }, { decimals: 2 }, 1).body?.parts[0].unit_price).toBe(1250);
    expect(checkWork({ ...form, parts: [{ ...form.parts[0], price: "2.5001" }] }, { decimals: 3 }, 1).errors).toEqual({
      "parts.0.unit_price": "work.errors.priceDecimals",
    });
    expect(checkWork({ ...form, parts: [{ ...form.parts[0], qty: "1.5" }] }, { decimals: 3 }, 1).errors).toEqual({ "parts.0.qty": "work.errors.partQty" });
    // A minus sign and too many digits say so, rather than asking for at most three decimals.
    const withAmounts = (price: string, amount: string) =>
      checkWork({ ...form, parts: [{ ...form.parts[0], price }], costs: [{ ...form.costs[0], amount }] }, { decimals: 3 }, 1).errors;
    expect(withAmounts("-2", "99999999999.999")).toEqual({ "parts.0.unit_price": "work.errors.priceNegative", "extra_costs.0.amount": "work.errors.price" });
    expect(withAmounts("two", "-3")).toEqual({ "parts.0.unit_price": "work.errors.priceFormat", "extra_costs.0.amount": "work.errors.priceNegative" });
    // Thousands with commas are refused, not read as decimals ("2,500" was 2.500 OMR); a comma before one or two
    // digits is a decimal point.
    expect(withAmounts("2,500", "1,250,000")).toEqual({ "parts.0.unit_price": "work.errors.priceComma", "extra_costs.0.amount": "work.errors.priceComma" });
    expect(checkWork({ ...form, parts: [{ ...form.parts[0], price: "2,5" }] }, { decimals: 3 }, 1).body?.parts[0].unit_price).toBe(2500);
    expect(checkWork(form, { decimals: 3 }, 0).errors).toEqual({ after_images: "work.errors.afterPhotoRequired" });
    expect(runningTotal(form, 3)).toEqual({ parts: 5000, costs: 3000, total: 8000 });
  });

  it("reads numbers typed on an Arabic keyboard as the same numbers", () => {
    const form = {
      notes: "تم الإصلاح",
      minutes: "٩٠",
      parts: [{ id: "a", name: "جلدة", qty: "٢", price: "٢٫٥" }],
      costs: [{ id: "b", label: "أجرة الحضور", amount: "۳" }],
      follow_up: false,
      occupant_damage: false,
    };
    expect(checkWork(form, { decimals: 3 }, 1)).toEqual({
      errors: {},
      body: {
        notes: "تم الإصلاح",
        minutes: 90,
        parts: [{ name: "جلدة", qty: 2, unit_price: 2500 }],
        extra_costs: [{ label: "أجرة الحضور", amount: 3000 }],
        follow_up: false,
        occupant_damage: false,
      },
    });
    expect(runningTotal(form, 3)).toEqual({ parts: 5000, costs: 3000, total: 8000 });
  });
});

describe("the form", () => {
  it("prefills the minutes from the start and offers the common parts of the job's kind", async () => {
    await openForm(inProgress());
    expect((screen.getByLabelText("Time on site (minutes)") as HTMLInputElement).value).toBe("85");
    expect(screen.getByText("That is 1 h 25 min.")).toBeTruthy();
    // Typed on an Arabic keyboard, the same number and the same hint (it went away).
    type("Time on site (minutes)", "٩٠");
    expect(screen.getByText("That is 1 h 30 min.")).toBeTruthy();
    // A common part tapped again counts one more, from a quantity typed in Arabic digits too (it went back to 1).
    fireEvent.click(screen.getByRole("button", { name: "+ Tap washer" }));
    fireEvent.input(within(screen.getByTestId("parts")).getByLabelText("Quantity"), { target: { value: "٢" } });
    fireEvent.click(screen.getByRole("button", { name: "+ Tap washer" }));
    expect((within(screen.getByTestId("parts")).getByLabelText("Quantity") as HTMLInputElement).value).toBe("3");
    expect(screen.getByRole("button", { name: "+ Tap washer" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "+ Circuit breaker" })).toBeNull();
  });

  it("sends nothing while notes or an after-photo are missing, and says so at the fields", async () => {
    const { calls, container } = await openForm(inProgress());
    submit();
    expect(await screen.findByText("Please check the fields marked in red.")).toBeTruthy();
    expect(errorOf("What did you do?")).toBe("Please describe the work done.");
    expect(screen.getByText("Please add at least 1 photo of the finished work.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    // The sentence stays while a field is still marked, and goes once none is (before any new send).
    type("What did you do?", "Replaced the washer.");
    expect(screen.getByText("Please check the fields marked in red.")).toBeTruthy();
    photo(container);
    await waitFor(() => expect(screen.queryByText("Please check the fields marked in red.")).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it("sends the after-photo, then the report with prices in baisa: 2.500 OMR is 2500", async () => {
    const after = completed({ work_report: null });
    const { calls, container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: after }),
    });
    type("What did you do?", "Replaced the tap washer.");
    photo(container);
    fireEvent.click(screen.getByRole("button", { name: "+ Tap washer" }));
    const row = within(screen.getByTestId("parts"));
    expect((row.getByLabelText("Part 1") as HTMLInputElement).value).toBe("Tap washer");
    fireEvent.input(row.getByLabelText("Quantity"), { target: { value: "2" } });
    fireEvent.input(row.getByLabelText("Unit price (OMR)"), { target: { value: "2.500" } });
    expect(row.getByTestId("part-line").textContent).toBe("5.000 OMR");
    fireEvent.click(screen.getByRole("button", { name: "Add a cost" }));
    type("Cost 1: what for", "Call-out fee");
    type("Amount (OMR)", "3");
    expect(screen.getByTestId("work-total").textContent).toBe("Parts and costs8.000 OMR");
    // The total takes its own direction, as each part's line does (forced left to right, Arabic's sign read backwards).
    const total = screen.getByTestId("work-total").querySelector("bdi");
    expect(total?.textContent).toBe("8.000 OMR");
    expect(total?.hasAttribute("dir")).toBe(false);
    type("Time on site (minutes)", "90");
    fireEvent.click(screen.getByLabelText("Another visit is needed"));
    submit();

    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/media", "issue/complete"]);
    const [media, complete] = posts(calls);
    expect(media.params.get("phase")).toBe("after");
    expect(media.params.get("issue_id")).toBe("7");
    expect(media.bytes).toBeGreaterThan(0);
    expect(complete.body).toEqual({
      notes: "Replaced the tap washer.",
      parts: [{ name: "Tap washer", qty: 2, unit_price: 2500 }],
      minutes: 90,
      extra_costs: [{ label: "Call-out fee", amount: 3000 }],
      follow_up: true,
      occupant_damage: false,
    });
    expect(toasts.value.at(-1)?.message).toBe("Job completed.");
    expect((history.state as Issue).stage).toBe("completed");
  });

  it("takes a property's own currency: 12.50 AED is 1250 fils; three decimals are refused there", async () => {
    const uae = inProgress({ addrs: { city: "Dubai", country: "United Arab Emirates" } });
    const { calls, container } = await openForm(uae, {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Done.", status: 1, data: completed() }),
    });
    type("What did you do?", "New socket.");
    photo(container);
    fireEvent.click(screen.getByRole("button", { name: "Add another part" }));
    type("Part 1", "Socket");
    type("Unit price (AED)", "12.505");
    submit();
    expect(await screen.findByText("Write an amount in AED with at most 2 digits after the point.")).toBeTruthy();
    expect(screen.getByLabelText("Unit price (AED)").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
    type("Unit price (AED)", "12.50");
    submit();
    await waitFor(() => expect(posts(calls).map((c) => c.path)).toEqual(["issue/media", "issue/complete"]));
    expect((posts(calls)[1].body as { parts: unknown }).parts).toEqual([{ name: "Socket", qty: 1, unit_price: 1250 }]);
  });

  it("a refused report shows the server's sentences, keeps everything typed, and the photo is not sent twice", async () => {
    let refuse = true;
    const { calls, container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () =>
        refuse
          ? json(422, { detail: "Please check the report.", errors: { notes: "Please say more about the work." } })
          : json(200, { message: "Job completed.", status: 1, data: completed() }),
    });
    type("What did you do?", "Fixed.");
    photo(container);
    fireEvent.click(screen.getByRole("button", { name: "+ Flexible hose" }));
    fireEvent.input(screen.getByLabelText("Unit price (OMR)"), { target: { value: "4.750" } });
    submit();
    expect((await screen.findByTestId("report-failure")).textContent).toBe("Please check the report.");
    expect(errorOf("What did you do?")).toBe("Please say more about the work.");
    expect((screen.getByLabelText("What did you do?") as HTMLTextAreaElement).value).toBe("Fixed.");
    expect((screen.getByLabelText("Unit price (OMR)") as HTMLInputElement).value).toBe("4.750");
    expect(screen.getAllByTestId("after-photo")).toHaveLength(1);

    refuse = false;
    type("What did you do?", "Fixed the hose under the sink.");
    // The server's own sentence stays until the next send, though no field is marked any more.
    expect(screen.getByTestId("report-failure").textContent).toBe("Please check the report.");
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/media", "issue/complete", "issue/complete"]);
    expect((posts(calls)[2].body as { notes: string }).notes).toBe("Fixed the hose under the sink.");
  });

  it("a photo that did not arrive stops the report; the next try sends it again with the same key", async () => {
    let fail = true;
    const { calls, container } = await openForm(inProgress(), {
      "POST issue/media": (c) => (fail ? json(503, { detail: "Try later." }) : mediaOk(c)),
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: completed() }),
    });
    type("What did you do?", "Fixed.");
    photo(container);
    submit();
    expect((await screen.findByTestId("report-failure")).textContent).toBe("Some photos were not sent. Check your connection and send the report again.");
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/media"]);
    fail = false;
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    const media = posts(calls).filter((c) => c.path === "issue/media");
    expect(media).toHaveLength(2);
    expect(media[1].headers.get("Idempotency-Key")).toBe(media[0].headers.get("Idempotency-Key"));
    expect(posts(calls).at(-1)?.path).toBe("issue/complete");
  });

  it("sends a drawn signature as a PNG with phase=signature, after the photos and before the report", async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: "image/png" });
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback) {
      cb(png);
    });
    const { calls, container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: completed() }),
    });
    type("What did you do?", "Fixed.");
    photo(container);
    const pad = screen.getByRole("img", { name: "Signature pad: sign with your finger" });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 40, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1, clientX: 40, clientY: 30 });
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(posts(calls).map((c) => [c.path, c.params.get("phase")])).toEqual([
      ["issue/media", "after"],
      ["issue/media", "signature"],
      ["issue/complete", null],
    ]);
    const sig = posts(calls)[1];
    expect(sig.headers.get("content-type")).toBe("image/png");
    expect(sig.bytes).toBe(7);
  });

  it("a signature drawn then cleared is not sent", async () => {
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((cb: BlobCallback) => cb(new Blob(["x"], { type: "image/png" })));
    const { calls, container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: completed() }),
    });
    type("What did you do?", "Fixed.");
    photo(container);
    const pad = screen.getByRole("img", { name: "Signature pad: sign with your finger" });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(posts(calls).map((c) => c.params.get("phase"))).toEqual(["after", null]);
    expect(toBlob).not.toHaveBeenCalled();
  });

  it("asks before throwing away what was typed; Keep editing keeps it, Discard goes back to the job", async () => {
    await openForm(inProgress());
    type("What did you do?", "Half written");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect((screen.getByLabelText("What did you do?") as HTMLTextAreaElement).value).toBe("Half written");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("button", { name: "Complete job" })).toBeTruthy();
    expect(screen.queryByTestId("work-report-form")).toBeNull();
  });

  it("leaves at once when nothing was typed", async () => {
    await openForm(inProgress());
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("button", { name: "Complete job" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says what is wrong in Arabic", async () => {
    act(() => void (lang.value = "ar"));
    const { calls } = await openForm(inProgress({ actions: ["complete"] }), {}, "إنهاء المهمة");
    fireEvent.click(screen.getByRole("button", { name: "إرسال التقرير وإنهاء المهمة" }));
    expect(await screen.findByText("يرجى وصف العمل المنجز.")).toBeTruthy();
    expect(screen.getByText("يرجى إضافة صورة واحدة على الأقل للعمل المنجز.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe("photos an earlier attempt sent", () => {
  const sentBefore = () => inProgress({ after_images: [{ media_id: 31, file_name: "after.jpg", path: "", url: "/f/31" }] });

  it("are shown as sent, counted, and can be removed (an attempt that never completed left them)", async () => {
    const { calls } = await openForm(sentBefore(), { "DELETE issue/media": () => json(200, { message: "Deleted.", status: 1, data: inProgress() }) });
    const [sent] = screen.getAllByTestId("sent-photo");
    expect(sent.textContent).toContain("Sent");
    fireEvent.click(within(sent).getByRole("button", { name: "Remove Photo 1" }));
    await waitFor(() => expect(screen.queryAllByTestId("sent-photo")).toHaveLength(0));
    expect(calls.find((c) => c.method === "DELETE")?.params.get("media_id")).toBe("31");
    // Removed, the report needs a photo again.
    type("What did you do?", "Replaced the washer.");
    submit();
    expect(await screen.findByText("Please add at least 1 photo of the finished work.")).toBeTruthy();
  });

  it("stay when the server refuses to remove one, and the toast says why", async () => {
    await openForm(sentBefore(), { "DELETE issue/media": () => json(409, { detail: "The job is already completed." }) });
    fireEvent.click(within(screen.getByTestId("sent-photo")).getByRole("button", { name: "Remove Photo 1" }));
    await waitFor(() => expect(toasts.value.at(-1)?.message).toBe("The job is already completed."));
    expect(screen.getAllByTestId("sent-photo")).toHaveLength(1);
  });
});

describe("the draft kept on the phone", () => {
  beforeEach(() => signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 21 }));
  afterEach(() => signOut());
  /** The page going (a reload, the phone closing the tab) and the job opened again. */
  const reopen = async (issue: Issue) => {
    cleanup();
    return openForm(issue);
  };

  it("brings back what was typed and the photos picked when the form opens again after the page went", async () => {
    const { container } = await openForm(inProgress());
    type("What did you do?", "Half written");
    photo(container);
    await draftWritten();
    await reopen(inProgress());
    await waitFor(() => expect((screen.getByLabelText("What did you do?") as HTMLTextAreaElement).value).toBe("Half written"));
    expect(screen.getAllByTestId("after-photo")).toHaveLength(1);
    expect(screen.getByTestId("draft-restored").textContent).toContain("What you typed before was kept");
  });

  it("is forgotten on Discard, and the form opens empty", async () => {
    await openForm(inProgress());
    type("What did you do?", "Not wanted");
    await draftWritten();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    await screen.findByRole("button", { name: "Complete job" });
    await reopen(inProgress());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect((screen.getByLabelText("What did you do?") as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
  });

  it("is forgotten once the report is sent", async () => {
    const { container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", data: completed() }),
    });
    type("What did you do?", "Replaced the washer.");
    photo(container);
    await draftWritten();
    expect(await readKept(21, workDraftKey(7))).toBeDefined();
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    await waitFor(async () => expect(await readKept(21, workDraftKey(7))).toBeUndefined());
  });
});

// Walked: the form had no step of its own in history, so the phone's back (and Discard) went past the job to the list.
describe("the form's place in history", () => {
  it("back returns to the job; a sent report takes the job's place, so back from it goes where the job was opened from", async () => {
    navigate("/jobs");
    const { container } = await openForm(inProgress(), {
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", data: completed() }),
    });
    expect(location.hash).toBe("#/property/open-issues?issue_id=7&report=1");
    act(() => history.back());
    await screen.findByRole("button", { name: "Complete job" });
    expect(location.hash).toBe("#/property/open-issues?issue_id=7");
    fireEvent.click(screen.getByRole("button", { name: "Complete job" }));
    await screen.findByTestId("work-report-form");
    type("What did you do?", "Replaced the washer.");
    photo(container);
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    act(() => history.back());
    await waitFor(() => expect(location.hash).toBe("#/jobs"));
  });

  // Walked: a reload on the form (its entry, &report=1) showed the job; the draft came back only after Complete again.
  it("a reload on the form's entry opens the form again", async () => {
    fakeRepairApi({ "GET issue/issue": () => json(200, { status: 1, data: inProgress() }) });
    navigate("/property/open-issues?issue_id=7&report=1");
    render(<OpenIssueView title="titles.issueDetails" />);
    expect(await screen.findByTestId("work-report-form")).toBeTruthy();
    expect(location.hash).toBe("#/property/open-issues?issue_id=7&report=1");
  });
});

describe("amounts that do not read", () => {
  it("show no line or total while typed (they read 0.000), and say why once sent, with an example in the currency", async () => {
    await openForm(inProgress());
    fireEvent.click(screen.getByRole("button", { name: "+ Tap washer" }));
    const row = within(screen.getByTestId("parts"));
    fireEvent.input(row.getByLabelText("Unit price (OMR)"), { target: { value: "abc" } });
    expect(row.getByTestId("part-line").textContent).toBe("—");
    expect(screen.getByTestId("work-total").textContent).toBe("Parts and costs—");
    submit();
    expect(await screen.findByText("Write the amount in numbers, like 2.500.")).toBeTruthy();
    fireEvent.input(row.getByLabelText("Unit price (OMR)"), { target: { value: "2,500" } });
    submit();
    expect(await screen.findByText("Write the amount without commas: 2500, or 2.500 for two and a half.")).toBeTruthy();
    fireEvent.input(row.getByLabelText("Unit price (OMR)"), { target: { value: "2.500" } });
    expect(row.getByTestId("part-line").textContent).toBe("2.500 OMR");
  });

  // Walked: 99999999 × 100000 OMR made a total past what a number holds exactly, and writing it took the whole screen
  // down while the quantity was typed ("amount must be a whole number of minor units"), before any check could speak.
  it("leave out a quantity or a price the contract refuses, without taking the screen down, and say why once sent", async () => {
    await openForm(inProgress());
    fireEvent.click(screen.getByRole("button", { name: "+ Tap washer" }));
    const row = within(screen.getByTestId("parts"));
    fireEvent.input(row.getByLabelText("Unit price (OMR)"), { target: { value: "100000" } });
    fireEvent.input(row.getByLabelText("Quantity"), { target: { value: "99999999" } });
    expect(screen.getByTestId("work-total").textContent).toBe("Parts and costs0.000 OMR");
    fireEvent.click(screen.getByRole("button", { name: "Add a cost" }));
    type("Amount (OMR)", "999999999");
    expect(screen.getByTestId("work-total").textContent).toBe("Parts and costs0.000 OMR");
    submit();
    expect(await screen.findByText("The quantity must be a whole number from 1 to 999.")).toBeTruthy();
    fireEvent.input(row.getByLabelText("Quantity"), { target: { value: "999" } });
    expect(row.getByTestId("part-line").textContent).toBe("99900000.000 OMR");
  });
});
