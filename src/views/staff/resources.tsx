import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchStaffPage, usersFileUrl } from "../../api/company";
import { AddEmployeeSheet } from "../../components/AddEmployeeSheet";
import { LaterItems } from "../../components/Later";
import { ListEnd } from "../../components/ListEnd";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Picture } from "../../components/staff/Avatar";
import { EmployeeCard } from "../../components/staff/EmployeeCard";
import { InviteShare, inviteOf, type StaffInvite } from "../../components/staff/InviteShare";
import { Button } from "../../components/ui";
import type { StaffRecord } from "../../contract/company";
import { prependItem } from "../../lib/infinite-list";
import { Refused, usePagedList } from "../../lib/use-resource";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { card, errorText, muted, page } from "../../styles/theme";
import { phoneText } from "../../lib/phone";

const byId = (s: StaffRecord) => s.user_id;

const companyCss = css`
  display: flex; align-items: center; gap: 14px; margin-bottom: 20px;
  & h2 { font-size: 18px; margin: 0 0 2px; }
  & p { margin: 0; overflow-wrap: anywhere; }
`;
const headCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 12px;
  & h2 { font-size: 18px; margin: 0; }
`;
const listCss = css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;`;
const emptyCss = css`display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 32px 16px; text-align: center;`;
const footCss = css`display: flex; justify-content: center; padding: 16px 0;`;

/** The empty-state illustration: an empty team board (inline SVG, no request). */
function EmptyStaffIllustration() {
  return (
    <svg width="160" height="120" viewBox="0 0 160 120" aria-hidden="true">
      <rect x="20" y="14" width="120" height="92" rx="12" fill="#ccfbf1" />
      <rect x="34" y="30" width="92" height="16" rx="8" fill="#fff" />
      <rect x="34" y="54" width="92" height="16" rx="8" fill="#fff" />
      <rect x="34" y="78" width="60" height="16" rx="8" fill="#fff" />
      <circle cx="118" cy="86" r="18" fill="#0f766e" />
      <path d="M118 78v16M110 86h16" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

function CompanyCard({ staff }: { staff: StaffRecord }) {
  useSignals();
  return (
    <section className={`${card} ${companyCss}`} aria-label={t("staff.company")}>
      <Picture src={usersFileUrl(staff.comp_profile)} size={64} kind="logo" />
      <div>
        <h2>{staff.comp_name}</h2>
        {staff.comp_mob_no && (
          <p className={muted}>
            <bdi dir="ltr">{phoneText(staff.comp_cntry_code, staff.comp_mob_no)}</bdi>
          </p>
        )}
        {staff.comp_email && <p className={muted}>{staff.comp_email}</p>}
      </div>
    </section>
  );
}

const employee = (s: StaffRecord) => (
  <li key={s.user_id}>
    <EmployeeCard staff={s} />
  </li>
);

/** The company staff list (/resources, role 2): company card, employees with infinite scroll, and the add-employee sheet. */
export function ResourcesView({ title }: ViewProps) {
  useSignals();
  const staff = usePagedList(
    async (pageNum, signal) => {
      const res = await fetchStaffPage(pageNum, signal);
      if (res.status !== 1) throw new Refused();
      return res;
    },
    byId,
    [],
  );
  const { list } = staff;
  // SPEC.md section 8: a non-success answer and a failed call have their own texts; both stop further loading.
  const error = staff.error == null ? null : staff.error instanceof Refused ? "staff.loadFailed" : "staff.loadError";
  const [adding, setAdding] = useState(false);
  // The new employee's invitation, to send by WhatsApp or copy (LOOP.md section 1), until the manager is done with it.
  const [invite, setInvite] = useState<StaffInvite | null>(null);
  const first = list.items[0];
  const count = list.total ?? list.items.length;
  const empty = list.done && !error && list.items.length === 0;
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      {invite && <InviteShare invite={invite} onDone={() => setInvite(null)} />}
      {first && <CompanyCard staff={first} />}
      <div className={headCss}>
        <h2>{t("staff.employeesCount", { count })}</h2>
        <Button onClick={() => setAdding(true)}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          {t("staff.addEmployee")}
        </Button>
      </div>
      {list.items.length > 0 && (
        <ul className={listCss} aria-label={t("staff.employees")}>
          {/* A phone's first screen shows four with the company card; the rest come a frame later when the page opened here. */}
          <LaterItems items={list.items} onScreen={4} item={employee} />
        </ul>
      )}
      {empty && (
        <div className={emptyCss}>
          <EmptyStaffIllustration />
          <p>{t("staff.noEmployees")}</p>
        </div>
      )}
      {error && (
        <p role="alert" className={errorText}>
          {t(error)}
        </p>
      )}
      <ListEnd paged={staff} loadMoreLabel={t("staff.loadMore")} loadingLabel={t("staff.loadingMore")} className={footCss} testId="staff-list-end" />
      <AddEmployeeSheet
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(record, url) => {
          if (record) staff.update((l) => prependItem(l, record, byId));
          else staff.reload();
          if (record && url) setInvite(inviteOf(record, url));
        }}
      />
    </main>
  );
}
