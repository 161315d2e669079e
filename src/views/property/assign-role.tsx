import { css } from "goober";
import { useJustSent } from "../../lib/just-sent";
import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { assignTenant, endTenancy, handOver, reinvite, takeBack } from "../../api/property-edit";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DialCodePicker } from "../../components/DialCodePicker";
import { DiscardChanges } from "../../components/DiscardChanges";
import { ScreenTitle } from "../../components/ScreenTitle";
import { ShareMessage } from "../../components/ShareMessage";
import { Button, SelectField, TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import { assignTenant as assignTenantSchema, handOver as handOverSchema } from "../../contract/property";
import type { PropertyDetail, Unit } from "../../contract/property-answers";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { card, cx, muted, notice, page, stack } from "../../styles/theme";
import { formCss } from "./add-property";
import { linkCss, PropertyLoad, usePropertyId } from "./edit-property";
import { failureOf, focusFirstError, today } from "./failure";
import { check } from "./form-rules";

interface TenantForm {
  unit_id: string;
  name: string;
  cntry_code: string;
  mob_no: string;
  email: string;
  start_date: string;
  end_date: string;
}

const phoneRow = css`
  display: grid; grid-template-columns: minmax(7rem, 8.5rem) 1fr; gap: 8px; align-items: start;
  & input[type="tel"] { direction: ltr; }
  [dir="rtl"] & input[type="tel"] { text-align: end; }
`;
const dates = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 10px;`;
const inviteBox = css`
  display: flex; flex-direction: column; gap: 10px; padding: 14px; border-radius: 12px; background: var(--brand-soft);
`;
const pendingCss = css`display: block; font-size: 14px;`;
const occupiedList = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;
  & li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & .who { flex: 1 1 10rem; min-width: 0; }
`;

/** /property/assign-role?property_id=N&unit_id=M (owner): add a tenant to a unit, end a tenancy, hand the property to a company. */
export function AssignRoleView({ title }: ViewProps) {
  useSignals();
  const id = usePropertyId();
  const unitParam = Number(new URLSearchParams(useHashSearch()).get("unit_id")) || null;
  return (
    <PropertyLoad title={t(title)} id={id}>
      {(p, reload) => <AssignRole key={p.property_id} property={p} title={t(title)} unitId={unitParam} reload={reload} />}
    </PropertyLoad>
  );
}

function AssignRole({ property, title, unitId, reload }: { property: PropertyDetail; title: string; unitId: number | null; reload: () => void }) {
  useSignals();
  const can = (a: string) => property.actions.includes(a);
  const vacant = property.units.filter((u) => !u.tenant);
  const preset = property.units.find((u) => u.unit_id === unitId);
  const blank = (): TenantForm => ({
    unit_id: preset && !preset.tenant ? String(preset.unit_id) : vacant.length === 1 ? String(vacant[0].unit_id) : "",
    name: "",
    cntry_code: DEFAULT_DIAL_CODE,
    mob_no: "",
    email: "",
    start_date: today(),
    end_date: "",
  });
  const [initial] = useState(blank);
  const [form, setForm] = useState<TenantForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The invitation to send: of the tenant just added, or a new one (`again`) for a tenant who never opened theirs.
  // The invitation just made, shown until its tenancy ends (then its link no longer works: it is not offered again).
  const [invite, setInvite] = useState<{
    name: string;
    typed?: string;
    unit: string;
    tenancy_id?: number;
    url: string | null;
    phone: string;
    again?: boolean;
  } | null>(null);
  const [inviting, setInviting] = useState<number | null>(null);
  const [company, setCompany] = useState("");
  const [companyError, setCompanyError] = useState<string | null>(null);
  const [handing, setHanding] = useState(false);
  // Which confirmation is open: handing the property to the company typed, or running it again oneself.
  const [confirming, setConfirming] = useState<"hand" | "back" | null>(null);
  const [ending, setEnding] = useState<Unit | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = JSON.stringify({ ...form, unit_id: "" }) !== JSON.stringify({ ...initial, unit_id: "" }) || company.trim() !== "";
  const guard = useDiscardGuard(dirty);
  const back = () => guard.leave(() => goBack(paths.property(property.name)));

  const set = <K extends keyof TenantForm>(k: K, v: TenantForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors(({ [k]: _, ...rest }) => rest);
  };

  const justSent = useJustSent();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || justSent.recent()) return;
    const body = {
      unit_id: form.unit_id ? Number(form.unit_id) : undefined,
      name: form.name,
      cntry_code: form.cntry_code,
      mob_no: form.mob_no,
      email: form.email.trim() || null,
      start_date: form.start_date,
      end_date: form.end_date || null,
    };
    const { errors: problems, data } = check(assignTenantSchema, body);
    if (!data) {
      const shown = Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)]));
      if (shown.unit_id) shown.unit_id = t("propertyForms.errors.unitRequired");
      setErrors(shown);
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await assignTenant(data);
      const unit = property.units.find((u) => u.unit_id === data.unit_id)?.name ?? "";
      // The account the server linked, by its own name: a number or email already in use links that account (one
      // mistyped digit, someone else's), and the typed name was shown as if it had been taken.
      const name = answer.name ?? data.name;
      const typed = name.trim().toLowerCase() === data.name.trim().toLowerCase() ? undefined : data.name;
      showToast({ key: "propertyForms.assign.done", params: { name } }, "success", { id: "assign" });
      setInvite({ name, typed, unit, tenancy_id: answer.tenancy_id, url: answer.invite_url ?? null, phone: `${data.cntry_code}${data.mob_no}` });
      setForm(blank());
      setErrors({});
      justSent.mark();
      reload();
    } catch (err) {
      const failure = await failureOf(err);
      setErrors(failure.errors);
      showToast({ key: "propertyForms.assign.failed", message: failure.detail }, "error", { id: "assign" });
      focusFirstError(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  // The hand-over asks first: the company's managers then run the property, and the owner no longer edits it (walked:
  // one tap handed it over).
  function askHandOver(e: FormEvent) {
    e.preventDefault();
    if (handing) return;
    const { errors: problems } = check(handOverSchema, { company });
    if (problems.company) {
      setCompanyError(t(problems.company));
      return;
    }
    setConfirming("hand");
  }

  async function sendHandOver() {
    const { data } = check(handOverSchema, { company });
    if (!data) return;
    setHanding(true);
    try {
      await handOver(property.property_id, data.company);
      showToast({ key: "propertyForms.handOver.done" }, "success", { id: "hand-over" });
      setCompany("");
      setCompanyError(null);
      setConfirming(null);
      reload();
    } catch (err) {
      const failure = await failureOf(err);
      setConfirming(null);
      setCompanyError(failure.errors.company ?? failure.detail ?? t("propertyForms.handOver.failed"));
    } finally {
      setHanding(false);
    }
  }

  async function sendTakeBack() {
    try {
      const answer = await takeBack(property.property_id);
      showToast({ key: "propertyForms.takeBack.done", message: answer.message }, "success", { id: "hand-over" });
      setConfirming(null);
      reload();
    } catch (err) {
      showToast({ key: "propertyForms.takeBack.failed", message: (await failureOf(err)).detail }, "error", { id: "hand-over" });
      throw err;
    }
  }

  async function inviteAgain(u: Unit) {
    const tenant = u.tenant;
    if (!tenant || inviting != null) return;
    setInviting(tenant.tenancy_id);
    try {
      const answer = await reinvite(tenant.tenancy_id);
      showToast({ key: "propertyForms.reinvite.done", message: answer.message }, "success", { id: "reinvite" });
      setInvite({
        name: tenant.name,
        unit: u.name,
        tenancy_id: tenant.tenancy_id,
        url: answer.invite_url ?? null,
        phone: `${tenant.cntry_code ?? ""}${tenant.mob_no ?? ""}`,
        again: true,
      });
      // The invitation to send is at the top of the screen.
      requestAnimationFrame(() => document.getElementById("invite-title")?.scrollIntoView({ block: "start" }));
    } catch (err) {
      showToast({ key: "propertyForms.reinvite.failed", message: (await failureOf(err)).detail }, "error", { id: "reinvite" });
      reload();
    } finally {
      setInviting(null);
    }
  }

  async function end() {
    const tenancy = ending?.tenant;
    if (!tenancy) return;
    try {
      await endTenancy(tenancy.tenancy_id);
    } catch (err) {
      showToast({ key: "propertyForms.end.failed", message: (await failureOf(err)).detail }, "error", { id: "end-tenancy" });
      throw err;
    }
    showToast({ key: "propertyForms.end.done", params: { name: tenancy.name } }, "success", { id: "end-tenancy" });
    setInvite((shown) => (shown?.tenancy_id === tenancy.tenancy_id ? null : shown));
    setEnding(null);
    reload();
  }

  const message = invite?.url
    ? t("propertyForms.assign.whatsappText", { app: t("app.name"), name: invite.name, property: property.name, unit: invite.unit, url: invite.url })
    : "";
  const occupied = property.units.filter((u) => u.tenant);

  return (
    <main className={page}>
      {/* An owner whose property a company runs comes here for the hand-over alone (the property screen's link). */}
      <ScreenTitle title={!can("add_tenant") && can("hand_over") ? t("propertyForms.handOver.title") : title} onBack={back} />
      <p className={muted}>
        <bdi>{property.name}</bdi>
      </p>
      <div className={formCss}>
        {invite && (
          <section className={inviteBox} aria-labelledby="invite-title" data-testid="invite-box">
            <h2 id="invite-title" className={css`font-size: 17px; margin: 0;`}>
              {invite.again
                ? t("propertyForms.reinvite.title", { name: invite.name })
                : t("propertyForms.assign.addedTitle", { name: invite.name, unit: invite.unit })}
            </h2>
            {invite.typed && (
              <p className={notice} data-testid="other-name">
                {t("propertyForms.assign.otherName", { name: invite.name, typed: invite.typed })}
              </p>
            )}
            {invite.url ? (
              <>
                <p className={css`margin: 0;`}>{t("propertyForms.assign.inviteHint")}</p>
                <ShareMessage key={invite.url} id="invite-message" message={message} phone={invite.phone} words="propertyForms.assign" />
              </>
            ) : (
              <p className={css`margin: 0;`}>{t("propertyForms.assign.linked")}</p>
            )}
            <a className={linkCss} href={`#${paths.property(property.name)}`}>
              {t("propertyForms.edit.toProperty", { name: property.name })}
            </a>
          </section>
        )}

        {can("add_tenant") ? (
          <form ref={formRef} className={`${card} ${stack}`} noValidate onSubmit={submit} aria-labelledby="tenant-title">
            <h2 id="tenant-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.assign.title")}
            </h2>
            {vacant.length === 0 && <p className={muted}>{t("propertyForms.assign.noVacant")}</p>}
            <SelectField
              id="tenant-unit"
              label={t("propertyForms.assign.unit")}
              value={form.unit_id}
              error={errors.unit_id}
              onChange={(e) => set("unit_id", e.currentTarget.value)}
            >
              <option value="">{t("propertyForms.assign.chooseUnit")}</option>
              {property.units.map((u) => (
                <option key={u.unit_id} value={u.unit_id} disabled={!!u.tenant}>
                  {u.tenant ? t("propertyForms.assign.unitTaken", { unit: u.name }) : u.name}
                </option>
              ))}
            </SelectField>
            <TextField
              id="tenant-name"
              label={t("propertyForms.assign.name")}
              autoComplete="off"
              maxLength={100}
              value={form.name}
              error={errors.name}
              onChange={(e) => set("name", e.currentTarget.value)}
            />
            <div className={phoneRow}>
              <DialCodePicker
                id="tenant-cntry_code"
                label={t("register.fields.dialCode")}
                value={form.cntry_code}
                error={errors.cntry_code}
                onChange={(d) => set("cntry_code", d)}
              />
              <TextField
                id="tenant-mob_no"
                label={t("register.fields.mobile")}
                type="tel"
                autoComplete="off"
                value={form.mob_no}
                error={errors.mob_no}
                onChange={(e) => set("mob_no", e.currentTarget.value)}
              />
            </div>
            <TextField
              id="tenant-email"
              label={t("propertyForms.assign.email")}
              hint={t("propertyForms.assign.emailHint")}
              type="email"
              autoComplete="off"
              dir="ltr"
              value={form.email}
              error={errors.email}
              onChange={(e) => set("email", e.currentTarget.value)}
            />
            <div className={dates}>
              <TextField
                id="tenant-start"
                label={t("propertyForms.assign.start")}
                type="date"
                value={form.start_date}
                error={errors.start_date}
                onChange={(e) => set("start_date", e.currentTarget.value)}
              />
              <TextField
                id="tenant-end"
                label={t("propertyForms.assign.end")}
                type="date"
                min={form.start_date || undefined}
                value={form.end_date}
                error={errors.end_date}
                onChange={(e) => set("end_date", e.currentTarget.value)}
              />
            </div>
            <Button type="submit" disabled={busy || vacant.length === 0} aria-busy={busy || undefined}>
              {busy ? t("propertyForms.assign.submitting") : t("propertyForms.assign.submit")}
            </Button>
          </form>
        ) : (
          <p className={muted}>
            {property.company ? t("propertyForms.assign.companyRuns", { name: property.company.name }) : t("propertyForms.assign.notAllowed")}
          </p>
        )}

        {can("end_tenancy") && occupied.length > 0 && (
          <section className={`${card} ${stack}`} aria-labelledby="end-title">
            <h2 id="end-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.end.title")}
            </h2>
            <ul className={occupiedList}>
              {occupied.map((u) => (
                <li key={u.unit_id}>
                  <span className="who">
                    <strong>
                      <bdi>{u.name}</bdi>
                    </strong>
                    {" · "}
                    <bdi>{u.tenant?.name}</bdi>
                    {u.tenant?.invite_pending && <span className={cx(muted, pendingCss)}>{t("propertyForms.reinvite.pending")}</span>}
                  </span>
                  {u.tenant?.invite_pending && (
                    <Button
                      variant="secondary"
                      disabled={inviting != null}
                      aria-busy={inviting === u.tenant.tenancy_id || undefined}
                      onClick={() => void inviteAgain(u)}
                      aria-label={t("propertyForms.reinvite.buttonNamed", { unit: u.name })}
                    >
                      {t("propertyForms.reinvite.button")}
                    </Button>
                  )}
                  <Button variant="secondary" onClick={() => setEnding(u)} aria-label={t("propertyForms.end.buttonNamed", { unit: u.name })}>
                    {t("propertyForms.end.button")}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}

        {can("hand_over") && (
          <form className={`${card} ${stack}`} noValidate onSubmit={askHandOver} aria-labelledby="hand-title">
            <h2 id="hand-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.handOver.title")}
            </h2>
            {/* One paragraph: two stacked ones set their margins apart as well as the stack's gap. */}
            <p className={muted}>
              {property.company && `${t("propertyForms.handOver.current", { name: property.company.name })} `}
              {t("propertyForms.handOver.what")}
            </p>
            <TextField
              id="hand-company"
              label={t("propertyForms.handOver.company")}
              autoComplete="off"
              value={company}
              error={companyError}
              onChange={(e) => {
                setCompany(e.currentTarget.value);
                setCompanyError(null);
              }}
            />
            <Button type="submit" variant="secondary" disabled={handing} aria-busy={handing || undefined}>
              {handing ? t("propertyForms.handOver.submitting") : t("propertyForms.handOver.submit")}
            </Button>
          </form>
        )}

        {can("take_back") && (
          <section className={`${card} ${stack}`} aria-labelledby="take-back-title" data-testid="take-back">
            <h2 id="take-back-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.takeBack.title")}
            </h2>
            <p className={muted}>{t("propertyForms.takeBack.what")}</p>
            <Button variant="secondary" onClick={() => setConfirming("back")}>
              {t("propertyForms.takeBack.button")}
            </Button>
          </section>
        )}
      </div>
      <ConfirmDelete
        open={!!ending}
        title={t("propertyForms.end.confirmTitle")}
        what={<p className={css`margin: 0;`}>{t("propertyForms.end.what", { name: ending?.tenant?.name ?? "", unit: ending?.name ?? "" })}</p>}
        confirmLabel={t("propertyForms.end.button")}
        onCancel={() => setEnding(null)}
        onConfirm={end}
      />
      <ConfirmDelete
        open={confirming === "hand"}
        title={t("propertyForms.handOver.confirmTitle")}
        what={<p className={css`margin: 0;`}>{t("propertyForms.handOver.confirmWhat", { company: company.trim(), name: property.name })}</p>}
        confirmLabel={t("propertyForms.handOver.submit")}
        busyLabel={t("propertyForms.handOver.submitting")}
        busy={handing}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void sendHandOver()}
      />
      <ConfirmDelete
        open={confirming === "back"}
        title={t("propertyForms.takeBack.confirmTitle")}
        what={<p className={css`margin: 0;`}>{t("propertyForms.takeBack.confirmWhat", { company: property.company?.name ?? "", name: property.name })}</p>}
        confirmLabel={t("propertyForms.takeBack.button")}
        busyLabel={t("propertyForms.takeBack.busy")}
        onCancel={() => setConfirming(null)}
        onConfirm={sendTakeBack}
      />
      <DiscardChanges guard={guard} />
    </main>
  );
}
