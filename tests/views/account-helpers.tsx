// What the account view tests share: profile answers per role, and the profile screen shown against a fake server.
import { render } from "@testing-library/react";
import { Toasts } from "../../src/components/Toasts";
import type { AccountProfile } from "../../src/contract/account";
import { signIn } from "../../src/signals/session";
import { ProfileView } from "../../src/views/account/profile";
import { fakeServer, json, type RawCall } from "./property-forms-helpers";

export { clearToasts, fakeServer, json, settle, toastText } from "./property-forms-helpers";
export type { RawCall };

/** An owner's profile as GET /user/profile answers it. */
export const owner = (over: Partial<AccountProfile> = {}): AccountProfile => ({
  user_id: 7,
  role: 0,
  name: "Maryam Al Balushi",
  email: "maryam@demo.om",
  mob_no: "91234567",
  cntry_code: "+968",
  profile: null,
  languages: ["en", "ar"],
  include_whatsapp: true,
  has_password: true,
  pending: [],
  ...over,
});

/** A technician's: the work section's fields are in the answer. */
export const technician = (over: Partial<AccountProfile> = {}): AccountProfile =>
  owner({
    user_id: 8,
    role: 1,
    name: "Ahmed Al Harthy",
    skills: [1, 2],
    area_range: 25,
    respond_time: 2,
    addres: "Muscat, Oman",
    location: { lat: 23.58, lng: 58.4 },
    taking_jobs: true,
    ...over,
  });

/** A manager's: the company card is in the answer. */
export const manager = (over: Partial<AccountProfile> = {}): AccountProfile =>
  owner({
    user_id: 9,
    role: 2,
    name: "Salim Manager",
    company: { company_id: 3, name: "Gulf Fix LLC", reg_no: "CR-1234", hourly_rate: 12500, currency: "OMR", logo: null },
    ...over,
  });

/** A profile write's (or GET's) answer. */
export const answer = (data: AccountProfile, message?: string) => () => json(200, { status: 1, ...(message ? { message } : {}), data });

type Routes = Parameters<typeof fakeServer>[0];

/** Signs in as the profile's role, answers GET /user/profile with it (plus `routes`), and shows the screen with toasts. */
export function showProfile(p: AccountProfile, routes: Routes = {}, title = "titles.profile") {
  signIn({ access_token: "tok", role: p.role, got_email_mob: 1, name: p.name, email: p.email, mob_no: p.mob_no, cntry_code: p.cntry_code });
  const calls = fakeServer({ "GET user/profile": answer(p), ...routes });
  render(
    <>
      <ProfileView title={title} />
      <Toasts />
    </>,
  );
  return calls;
}

/** The calls other than loading the profile, as "METHOD path". */
export const writes = (calls: RawCall[]) => calls.filter((c) => !(c.method === "GET" && c.path === "user/profile")).map((c) => `${c.method} ${c.path}`);
