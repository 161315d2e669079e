import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { AssignButton } from "../../src/components/repair/AssignSheet";
import { Toasts } from "../../src/components/Toasts";
import type { Issue } from "../../src/contract/issues";
import type { Candidate } from "../../src/contract/jobs";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { fakeRepairApi, json, repair } from "./repair-helpers";

afterEach(() => {
  setApi(createApi());
  signOut();
  lang.value = "en";
  toasts.value = [];
});

const as = (role: number) => signIn({ access_token: "t", role, got_email_mob: 1, user_id: 501 });

const tech = (over: Partial<Candidate> & { user_id: number; name: string }): Candidate => ({
  profile_path: null,
  job_title: null,
  skills: [1],
  distance_km: null,
  open_jobs: 0,
  current: false,
  has_skill: true,
  declined: false,
  ...over,
});
const salim = tech({ user_id: 21, name: "Salim Al Harthy", job_title: "Plumber", distance_km: 2.4, open_jobs: 1, profile_path: "u/21/me.jpg" });
const khalid = tech({ user_id: 22, name: "khalid Al Hinai", job_title: "Senior technician", distance_km: null, open_jobs: 3 });
const candidates = (list: Candidate[]) => () => json(200, { status: 1, data: list });

const leak = (over: Partial<Issue> = {}) => repair({ issue_id: 40, title: "Kitchen tap leaking", category: 1, actions: ["assign", "comment"], ...over });

function mount(issue: Issue, onDone = vi.fn()) {
  render(
    <>
      <AssignButton issue={issue} onDone={onDone} />
      <Toasts />
    </>,
  );
  return onDone;
}
const openSheet = async (name: RegExp | string = "Assign a technician to “Kitchen tap leaking”") => {
  fireEvent.click(screen.getByRole("button", { name }));
  return screen.findByRole("dialog");
};

describe("AssignButton", () => {
  it("shows only when the server's actions include assign, and says Reassign when a technician has the repair", () => {
    as(2);
    const { unmount } = render(<AssignButton issue={leak({ actions: ["comment"] })} />);
    expect(screen.queryByTestId("assign-button")).toBeNull();
    unmount();
    const first = render(<AssignButton issue={leak()} />);
    expect(screen.getByTestId("assign-button").textContent).toBe("Assign");
    first.unmount();
    render(<AssignButton issue={leak({ stage: "assigned", tech_name: "Salim Al Harthy" })} />);
    const again = screen.getByRole("button", { name: "Reassign “Kitchen tap leaking” to another technician" });
    expect(again.textContent).toBe("Reassign");
    expect(again.getAttribute("aria-haspopup")).toBe("dialog");
  });
});

describe("the assign sheet", () => {
  it("lists the candidates with picture or initial, job title, distance and open jobs, the current one marked", async () => {
    as(2);
    const calls = fakeRepairApi({
      "GET issue/candidates": candidates([salim, khalid, tech({ user_id: 23, name: "Omar", current: true, distance_km: 0.5 })]),
    });
    mount(leak({ stage: "assigned", tech_name: "Omar" }));
    const dialog = await openSheet(/^Reassign/);
    expect(within(dialog).getByRole("heading", { name: "Reassign to another technician" })).toBeTruthy();
    expect(dialog.textContent).toContain("Repair: Kitchen tap leaking");
    expect(dialog.textContent).toContain("Skill needed: Plumbing");
    const rows = await within(dialog).findAllByTestId("candidate");
    expect(calls.filter((c) => c.path === "issue/candidates").map((c) => c.params.get("issue_id"))).toEqual(["40"]);
    // In the server's order (nearest first), as it sent them.
    expect(rows.map((r) => r.querySelector(".name")?.textContent)).toEqual(["Salim Al Harthy", "khalid Al Hinai", "Omar"]);
    expect(within(rows[0]).getByText("Plumber")).toBeTruthy();
    expect(within(rows[0]).getByTestId("candidate-distance").textContent).toBe("2.4 km");
    expect(within(rows[0]).getByTestId("candidate-jobs").textContent).toBe("Open jobs: 1");
    expect(rows[0].querySelector("img")?.getAttribute("src")).toBe("files/users/u/21/me.jpg");
    expect(within(rows[1]).getByTestId("candidate-distance").textContent).toBe("Distance unknown");
    expect(within(rows[1]).getByTestId("candidate-jobs").textContent).toBe("Open jobs: 3");
    // No picture: the first letter of the name, hidden from screen readers (the name is right beside it).
    expect(rows[1].querySelector('[aria-hidden="true"]')?.textContent).toBe("K");
    // The one assigned now is marked, and choosing them again does nothing.
    expect(within(rows[2]).getByText("Assigned now")).toBeTruthy();
    expect(rows[2].getAttribute("aria-disabled")).toBe("true");
    expect(rows[0].getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(rows[2]);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.some((c) => c.path === "issue/assign")).toBe(false);
    // Each choice is a real button (keyboard, screen reader) of at least the touch size.
    expect(rows.every((r) => r.tagName === "BUTTON" && r.getAttribute("type") === "button")).toBe(true);
    expect(within(dialog).getByRole("list", { name: "Technicians" })).toBeTruthy();
  });

  it("says which technician declined the job before, and only of them", async () => {
    as(2);
    fakeRepairApi({ "GET issue/candidates": candidates([khalid, { ...salim, declined: true }]) });
    mount(leak());
    const rows = await within(await openSheet()).findAllByTestId("candidate");
    expect(within(rows[1]).getByTestId("candidate-declined").textContent).toBe("Declined this job before");
    expect(within(rows[0]).queryByTestId("candidate-declined")).toBeNull();
  });

  it("assigns the chosen technician, says so in a toast, closes and hands the server's issue to onDone", async () => {
    as(2);
    const after = leak({ stage: "assigned", tech_name: "Salim Al Harthy", actions: ["assign"] });
    const calls = fakeRepairApi({
      "GET issue/candidates": candidates([salim, khalid]),
      "POST issue/assign": () => json(200, { message: "Technician assigned.", data: after }),
    });
    const onDone = mount(leak());
    const dialog = await openSheet();
    // Once the choices are in, the keyboard starts on the first one.
    const rows = await within(dialog).findAllByTestId("candidate");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    fireEvent.click(rows[0]);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const post = calls.find((c) => c.path === "issue/assign");
    expect(post?.method).toBe("POST");
    expect(post?.params.get("issue_id")).toBe("40");
    expect(post?.body).toEqual({ tech_id: 21 });
    expect(post?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(onDone.mock.calls[0][0]).toMatchObject({ issue_id: 40, stage: "assigned", tech_name: "Salim Al Harthy" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((await screen.findByRole("status", { name: "" })).textContent).toContain("Assigned to Salim Al Harthy.");
  });

  it("says inside the sheet why an assignment was refused (the field's sentence), keeps it open and reloads the choices", async () => {
    as(2);
    let n = 0;
    const calls = fakeRepairApi({
      "GET issue/candidates": () => (++n === 1 ? candidates([salim, khalid])() : candidates([khalid])()),
      "POST issue/assign": () =>
        json(422, { detail: "Please check the form.", errors: { tech_id: "This technician does not have the skill for this repair." } }),
    });
    const onDone = mount(leak());
    const dialog = await openSheet();
    fireEvent.click((await within(dialog).findAllByTestId("candidate"))[0]);
    const alert = await within(dialog).findByTestId("assign-error");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe("This technician does not have the skill for this repair.");
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId("candidate")
          .map((r) => r.querySelector(".name")?.textContent),
      ).toEqual(["khalid Al Hinai"]),
    );
    expect(calls.filter((c) => c.path === "issue/candidates")).toHaveLength(2);
    expect(toasts.value.filter((t) => t.type === "success")).toEqual([]);
  });

  it("shows the server's detail, or a sentence of its own, when the assignment fails otherwise", async () => {
    as(2);
    let status = 409;
    fakeRepairApi({
      "GET issue/candidates": candidates([salim]),
      "POST issue/assign": () => (status === 409 ? json(409, { detail: "This repair has moved on." }) : new Response("oops", { status: 500 })),
    });
    mount(leak());
    const dialog = await openSheet();
    fireEvent.click((await within(dialog).findAllByTestId("candidate"))[0]);
    expect((await within(dialog).findByTestId("assign-error")).textContent).toBe("This repair has moved on.");
    status = 500;
    fireEvent.click((await within(dialog).findAllByTestId("candidate"))[0]);
    await waitFor(() => expect(within(dialog).getByTestId("assign-error").textContent).toBe("Could not assign the repair. Please try again."));
  });

  it("for a manager with nobody who has the skill says so and links to the staff", async () => {
    as(2);
    fakeRepairApi({ "GET issue/candidates": candidates([]) });
    mount(leak());
    const dialog = await openSheet();
    const empty = await within(dialog).findByTestId("candidates-empty");
    expect(empty.textContent).toContain("No technician of your company has this skill.");
    expect(within(empty).getByRole("link", { name: "Go to your staff" }).getAttribute("href")).toBe("#/resources");
    expect(within(dialog).queryByTestId("candidate")).toBeNull();
  });

  it("for an owner of a property no company runs speaks of independent technicians, with no staff link", async () => {
    as(0);
    fakeRepairApi({ "GET issue/candidates": candidates([]) });
    mount(leak());
    const dialog = await openSheet();
    const empty = await within(dialog).findByTestId("candidates-empty");
    expect(empty.textContent).toBe("No independent technician with this skill works near this property yet.");
    expect(within(empty).queryByRole("link")).toBeNull();
  });

  it("says when the technicians could not load, and Try again asks again", async () => {
    as(2);
    let fail = true;
    const calls = fakeRepairApi({ "GET issue/candidates": () => (fail ? json(500, { detail: "down" }) : candidates([salim])()) });
    mount(leak());
    const dialog = await openSheet();
    expect((await within(dialog).findByTestId("candidates-error")).textContent).toContain("Could not load the technicians.");
    fail = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findAllByTestId("candidate")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "issue/candidates")).toHaveLength(2);
  });

  it("closes with Escape and gives the focus back to the button", async () => {
    as(2);
    fakeRepairApi({ "GET issue/candidates": candidates([salim]) });
    mount(leak());
    const button = screen.getByTestId("assign-button");
    button.focus();
    await openSheet();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("reads in Arabic", async () => {
    as(2);
    lang.value = "ar";
    fakeRepairApi({ "GET issue/candidates": candidates([salim, khalid]) });
    render(<AssignButton issue={leak()} />);
    fireEvent.click(screen.getByRole("button", { name: "إسناد «\u2068Kitchen tap leaking\u2069» إلى فني" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "إسناد إلى فني" })).toBeTruthy();
    expect(dialog.textContent).toContain("المهارة المطلوبة: السباكة");
    const rows = await within(dialog).findAllByTestId("candidate");
    expect(within(rows[0]).getByTestId("candidate-distance").textContent).toBe("2.4 كم");
    expect(within(rows[1]).getByTestId("candidate-distance").textContent).toBe("المسافة غير معروفة");
    expect(within(rows[1]).getByTestId("candidate-jobs").textContent).toBe("الأعمال المفتوحة: 3");
  });
});

// Bug: reassigning a job whose skill no other technician of the manager's had offered only the one who has it (a dead
// end): the sheet now says so and lets the manager list all their technicians (LOOP.md: any technician of theirs).
describe("when the skill leaves the manager no one else", () => {
  const omar = tech({ user_id: 23, name: "Omar", current: true, distance_km: 0.5 });
  const wider = (list: Candidate[], others: number) => (call: { params: URLSearchParams }) =>
    call.params.get("all") === "1" ? json(200, { status: 1, data: list, others: 0 }) : json(200, { status: 1, data: [omar], others });

  it("says no other technician has the skill, and Show all your technicians lists the others, marked, to choose from", async () => {
    as(2);
    const sparky = tech({ user_id: 24, name: "Sparky", skills: [2], has_skill: false, distance_km: 3.1 });
    const calls = fakeRepairApi({
      "GET issue/candidates": wider([omar, sparky], 1),
      "POST issue/assign": () => json(200, { message: "Assigned." }),
    });
    const onDone = mount(leak({ stage: "assigned", tech_name: "Omar" }));
    const dialog = await openSheet(/^Reassign/);
    const empty = await within(dialog).findByTestId("candidates-empty");
    expect(empty.textContent).toContain("No other technician of your company has this skill.");
    expect(empty.textContent).toContain("You can still give the job to one of your other technicians.");
    expect(within(dialog).getAllByTestId("candidate")).toHaveLength(1);
    fireEvent.click(within(empty).getByRole("button", { name: "Show all your technicians" }));
    await waitFor(() => expect(within(dialog).getAllByTestId("candidate")).toHaveLength(2));
    expect(calls.filter((c) => c.path === "issue/candidates").map((c) => c.params.get("all"))).toEqual([null, "1"]);
    expect(within(dialog).queryByTestId("candidates-empty")).toBeNull();
    expect(dialog.textContent).toContain("All your technicians: those with the skill first, then the nearest.");
    const [, other] = within(dialog).getAllByTestId("candidate");
    expect(within(other).getByTestId("candidate-lacks-skill").textContent).toBe("Does not have this skill");
    fireEvent.click(other);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "issue/assign")?.body).toEqual({ tech_id: 24 });
  });

  it("offers no wider list when the company has no other technician, and says so plainly", async () => {
    as(2);
    fakeRepairApi({ "GET issue/candidates": wider([omar], 0) });
    mount(leak({ stage: "assigned", tech_name: "Omar" }));
    const dialog = await openSheet(/^Reassign/);
    const empty = await within(dialog).findByTestId("candidates-empty");
    expect(empty.textContent).toContain("No other technician of your company has this skill.");
    expect(empty.textContent).toContain("Add a technician with this skill, or give the skill to one of your staff.");
    expect(within(dialog).queryByTestId("candidates-all")).toBeNull();
    expect(within(empty).getByRole("link", { name: "Go to your staff" })).toBeTruthy();
  });

  it("offers the wider list below the technicians with the skill too, when the skill left some out", async () => {
    as(2);
    fakeRepairApi({ "GET issue/candidates": () => json(200, { status: 1, data: [salim, omar], others: 1 }) });
    mount(leak({ stage: "assigned", tech_name: "Omar" }));
    const dialog = await openSheet(/^Reassign/);
    expect(await within(dialog).findAllByTestId("candidate")).toHaveLength(2);
    expect(within(dialog).queryByTestId("candidates-empty")).toBeNull();
    expect(within(dialog).getByTestId("candidates-all").textContent).toBe("Show all your technicians");
  });

  it("reads in Arabic: no other technician has the skill, and all of them on asking", async () => {
    as(2);
    lang.value = "ar";
    fakeRepairApi({
      "GET issue/candidates": (call) => (call.params.get("all") === "1" ? candidates([salim, khalid])() : json(200, { status: 1, data: [omar], others: 2 })),
    });
    render(<AssignButton issue={leak({ stage: "assigned", tech_name: "Omar" })} />);
    fireEvent.click(screen.getByTestId("assign-button"));
    const dialog = await screen.findByRole("dialog");
    const empty = await within(dialog).findByTestId("candidates-empty");
    expect(empty.textContent).toContain("لا يوجد فني آخر في شركتك لديه هذه المهارة.");
    fireEvent.click(within(empty).getByRole("button", { name: "عرض جميع فنييك" }));
    await waitFor(() => expect(within(dialog).getAllByTestId("candidate")).toHaveLength(2));
  });
});
