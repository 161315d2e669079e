import { css } from "goober";
import type { MouseEvent } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { usersFileUrl } from "../../api/company";
import type { StaffRecord } from "../../contract/company";
import { navigate } from "../../lib/hash-location";
import { paths } from "../../paths";
import { t } from "../../signals/language";
import { Picture } from "./Avatar";
import { phoneText } from "../../lib/phone";

const cardCss = css`
  display: flex; align-items: center; gap: 12px; padding: 12px; background: var(--card);
  border: 1px solid var(--line); border-radius: var(--radius); cursor: pointer;
  & .body { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  & .name { font-size: 16px; font-weight: 700; margin: 0; }
  & .name a { color: var(--ink); text-decoration: none; }
  & .badge { align-self: flex-start; font-size: 12px; font-weight: 600; color: var(--brand-dark); background: var(--brand-soft); border-radius: 999px; padding: 1px 8px; }
  & .line { font-size: 14px; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  /* An email is written left to right, and cut at its end; in Arabic it still stands on the reading side. */
  [dir="rtl"] & .line[dir="ltr"] { text-align: right; }
`;
const callCss = css`
  flex: none; display: inline-flex; align-items: center; justify-content: center; width: 44px; height: 44px;
  border-radius: 50%; background: var(--brand); color: #fff;
`;

/** The dialler link of a staff record: its dial code and number, digits only. */
export const telHref = (s: Pick<StaffRecord, "mob_no" | "cntry_code">) =>
  s.mob_no ? `tel:${(s.cntry_code ?? "").replace(/[^\d+]/g, "")}${s.mob_no.replace(/\D/g, "")}` : null;

export function PhoneIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}

/** One employee in the staff list: tapping it opens the details; the call link dials without opening them. */
export function EmployeeCard({ staff }: { staff: StaffRecord }) {
  useSignals();
  const href = `#${paths.employeeDetails(staff.user_id)}`;
  const tel = telHref(staff);
  const open = () => navigate(paths.employeeDetails(staff.user_id));
  return (
    <div className={cardCss} onClick={open} data-testid="employee-card">
      <Picture src={usersFileUrl(staff.staff_profile)} size={52} />
      <div className="body">
        <h3 className="name">
          {/* The keyboard way in; the click itself is handled by the card, so the route changes once. */}
          <a href={href} onClick={(e: MouseEvent) => e.preventDefault()}>
            {staff.name}
          </a>
        </h3>
        <span className="badge">{t("staff.staffLabel")}</span>
        {staff.mob_no && (
          <span className="line">
            <bdi dir="ltr">{phoneText(staff.cntry_code, staff.mob_no)}</bdi>
          </span>
        )}
        {staff.email && (
          <span className="line" dir="ltr">
            {staff.email}
          </span>
        )}
      </div>
      {tel && (
        <a
          className={callCss}
          href={tel}
          aria-label={t("staff.call", { name: staff.name })}
          title={t("staff.call", { name: staff.name })}
          onClick={(e: MouseEvent) => e.stopPropagation()}
        >
          <PhoneIcon />
        </a>
      )}
    </div>
  );
}
