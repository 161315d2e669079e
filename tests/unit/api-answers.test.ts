// The app must work against any server that keeps SPEC.md's contract: each answer's schema requires only what
// SPEC.md (or LOOP.md) names and lets other fields through. Each call goes through the real ky client with a fake fetch.
import { afterEach, describe, expect, it } from "vitest";
import { login } from "../../src/api/auth";
import { createApi, setApi } from "../../src/api/client";
import { createEmployee, fetchStaffMember, fetchStaffPage } from "../../src/api/company";
import { fetchIssue, fetchJobs } from "../../src/api/issues";
import { fetchEmailMob, saveContactInfo, searchPlaces } from "../../src/api/profile";
import { fakeApi, json } from "../views/fake-api";

afterEach(() => setApi(createApi()));

const issue = { issue_id: 4, title: "Leak", issue_status: 0, created_at: "2026-11-20T09:00:00Z", property_id: 2, stage: "assigned", actions: ["accept"] };

describe("answers that hold only what SPEC.md promises", () => {
  it("sign-in accepts {access_token, role, got_email_mob} alone (it showed 'Login failed' for this 200)", async () => {
    fakeApi({ "POST user/login": () => json(200, { access_token: "tok", role: 1, got_email_mob: 0 }) });
    await expect(login("tech@demo.om", "Demo@1234")).resolves.toEqual({ access_token: "tok", role: 1, got_email_mob: 0 });
  });

  it("sign-in keeps the other user fields, whatever they are", async () => {
    fakeApi({ "POST user/login": () => json(200, { access_token: "tok", role: 2, got_email_mob: 1, name: null, company: { id: 3 } }) });
    await expect(login("m@demo.om", "x")).resolves.toMatchObject({ name: null, company: { id: 3 } });
  });

  it("a staff page and a staff member need only status and data, each record only its id and name", async () => {
    fakeApi({
      "GET company/staffs": (c) =>
        json(
          200,
          c.params.has("staff_id")
            ? { status: 1, data: [{ user_id: 5, name: "Aisha" }] }
            : { status: 1, total: 1, data: [{ user_id: 5, name: "Aisha", extra: 1 }] },
        ),
    });
    const page = await fetchStaffPage(1);
    expect(page.data[0]).toMatchObject({ user_id: 5, name: "Aisha", mob_no: null, staff_profile: [], extra: 1 });
    expect((await fetchStaffMember(5)).data[0]).toMatchObject({ user_id: 5, name: "Aisha", comp_profile: [] });
  });

  it("adding an employee succeeds on any 200, even with no body", async () => {
    fakeApi({ "POST company/create_user": () => new Response("", { status: 200 }) });
    await expect(createEmployee({ name: "A", mob_no: "91234567", email: "a@b.om", cntry_code: "+968", role: "3" })).resolves.toEqual({});
  });

  it("jobs and an issue need only the issue's identity, status and date; new fields pass through", async () => {
    fakeApi({
      "GET issue/jobs": () => json(200, { status: 1, total: 1, data: [issue] }),
      "GET issue/issue": () => json(200, { status: 1, data: issue }),
    });
    const jobs = await fetchJobs("open");
    expect(jobs.data[0]).toMatchObject({ ...issue, issue_images: [], available: [], creater_name: null });
    expect(await fetchIssue(4)).toMatchObject({ issue_id: 4, stage: "assigned", actions: ["accept"] });
  });

  it("get_email_mob, the verify-info save and place search accept extra fields and a save without a message", async () => {
    fakeApi({
      "GET get_email_mob": () => json(200, { status: 1, data: { email: "a@b.om", mob_no: "91234567", cntry_code: "+968", verified: false } }),
      "PUT update_user_email_mob": () => json(200, { ok: true }),
      "GET place/search": () =>
        json(200, [{ formatted_address: "Muscat, Oman", geometry: { location: { lat: 23.6, lng: 58.5 }, viewport: {} }, place_id: "x" }]),
    });
    expect(await fetchEmailMob()).toMatchObject({ email: "a@b.om", verified: false });
    expect(await saveContactInfo(0, { email: "a@b.om", cntry_code: "+968", mob_no: "91234567" })).toEqual({
      ok: true,
      message: "Your details have been saved.",
    });
    expect((await searchPlaces("musc"))[0].formatted_address).toBe("Muscat, Oman");
  });
});
