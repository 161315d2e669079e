import { css } from "goober";
import { type ReactNode, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { errorDetail } from "../../api/client";
import { fetchStaffMember, reinviteEmployee, usersFileUrl } from "../../api/company";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Picture } from "../../components/staff/Avatar";
import { InviteShare, inviteOf, type StaffInvite } from "../../components/staff/InviteShare";
import { telHref } from "../../components/staff/EmployeeCard";
import { Button, Spinner } from "../../components/ui";
import type { StaffRecord } from "../../contract/company";
import { navigate } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { Refused, useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { card, errorText, muted, page } from "../../styles/theme";
import { phoneText } from "../../lib/phone";

const headCss = css`
  display: flex; flex-direction: column; align-items: center; gap: 6px; text-align: center; margin-bottom: 16px;
  & h2 { font-size: 20px; margin: 6px 0 0; }
  & .job { color: var(--muted); margin: 0; }
  & .job[data-placeholder] { font-style: italic; }
`;
const listCss = css`
  margin: 0 0 16px; display: grid; gap: 12px;
  & div { display: flex; flex-direction: column; gap: 2px; }
  & dt { font-size: 13px; color: var(--muted); }
  & dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  /* A number or an address to tap: a 44 px target (the text alone was 19 px high). */
  & dd a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; }
  & h3 { font-size: 16px; margin: 4px 0 0; }
`;

const pendingCss = css`display: flex; flex-direction: column; gap: 8px; margin: 0 0 12px; & p { margin: 0; }`;

type State = { kind: "loading" } | { kind: "error"; key: string } | { kind: "loaded"; staff: StaffRecord };

/** Employee details (/employee-details/:user_id): loading, then the record or the spec's error text; edit profile is shown dimmed and does nothing. */
export function EmployeeDetailsView({ title, params }: ViewProps) {
  useSignals();
  const id = params?.user_id ?? "";
  const member = useResource(
    async (signal) => {
      const res = await fetchStaffMember(id, signal);
      if (res.status !== 1 || !res.data[0]) throw new Refused();
      return res.data[0];
    },
    [id],
  );
  const state: State = member.data
    ? { kind: "loaded", staff: member.data }
    : member.error != null
      ? { kind: "error", key: member.error instanceof Refused ? "staff.details.failed" : "staff.details.error" }
      : { kind: "loading" };

  const back = () => goBack(paths.resources);
  // "Invite again" for one who has not set a password yet: a new link to send, the earlier one stops (LOOP.md section 1).
  const [invite, setInvite] = useState<StaffInvite | null>(null);
  const [inviting, setInviting] = useState(false);
  async function inviteAgain(staff: StaffRecord) {
    if (inviting) return;
    setInviting(true);
    try {
      const answer = await reinviteEmployee(staff.user_id);
      showToast({ key: "staff.invite.againDone", message: answer.message }, "success", { id: "staff-reinvite" });
      if (answer.invite_url) setInvite(inviteOf(staff, answer.invite_url, true));
    } catch (err) {
      showToast({ key: "staff.invite.againFailed", message: await errorDetail(err) }, "error", { id: "staff-reinvite" });
      member.retry();
    } finally {
      setInviting(false);
    }
  }
  // Numbers read left to right inside an Arabic line, but the line itself stays aligned to the reading start.
  const wrap = (node: ReactNode, ltr: boolean) => (ltr ? <bdi dir="ltr">{node}</bdi> : node);
  const row = (label: string, value: string | null | undefined, ltr = false, href?: string | null) =>
    value ? (
      <div>
        <dt>{label}</dt>
        <dd>{wrap(href ? <a href={href}>{value}</a> : value, ltr)}</dd>
      </div>
    ) : null;

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} onBack={back} />
      {state.kind === "loading" && (
        <div className={css`display: flex; justify-content: center; padding: 32px;`}>
          <Spinner />
        </div>
      )}
      {state.kind === "error" && (
        <p role="alert" className={errorText}>
          {t(state.key)}
        </p>
      )}
      {invite && <InviteShare invite={invite} onDone={() => setInvite(null)} />}
      {state.kind === "loaded" && (
        <section className={card}>
          <div className={headCss}>
            <Picture src={usersFileUrl(state.staff.staff_profile)} size={96} />
            <h2>{state.staff.name}</h2>
            {state.staff.job_title ? (
              <p className="job">{state.staff.job_title}</p>
            ) : (
              <p className="job" data-placeholder="">
                {t("staff.details.jobTitlePlaceholder")}
              </p>
            )}
          </div>
          <dl className={listCss}>
            {row(t("staff.details.phone"), phoneText(state.staff.cntry_code, state.staff.mob_no) || null, true, telHref(state.staff))}
            {row(t("staff.details.email"), state.staff.email, false, state.staff.email ? `mailto:${state.staff.email}` : null)}
            {row(t("staff.details.companyName"), state.staff.comp_name)}
            {row(
              t("staff.details.companyPhone"),
              phoneText(state.staff.comp_cntry_code, state.staff.comp_mob_no) || null,
              true,
              telHref({ cntry_code: state.staff.comp_cntry_code, mob_no: state.staff.comp_mob_no }),
            )}
            {row(t("staff.details.companyEmail"), state.staff.comp_email)}
          </dl>
          {state.staff.invite_pending && (
            <div className={pendingCss} data-testid="staff-invite-pending">
              <p className={muted}>{t("staff.invite.pending")}</p>
              <Button variant="secondary" block disabled={inviting} aria-busy={inviting || undefined} onClick={() => void inviteAgain(state.staff)}>
                {t("staff.invite.again")}
              </Button>
            </div>
          )}
          {/* SPEC.md: the edit-profile button is dimmed and has no action. */}
          <Button variant="secondary" block disabled aria-disabled="true">
            {t("staff.details.editProfile")}
          </Button>
        </section>
      )}
    </main>
  );
}
