// Where the problem is: the property and the unit. Preset from the link (?property_id=&unit_id=, from a property or
// unit screen); a tenant with one home sees it as text; an owner or manager with several properties picks one, then a
// unit. The server decides who may report where (the property's `actions` has "report"); a tenant is offered only the
// units they rent now (those that carry their tenancy).
import { css } from "goober";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperties, fetchProperty } from "../../api/property";
import { Button, SelectField, TextField } from "../../components/ui";
import type { PropertyDetail, PropertySummary, Unit } from "../../contract/property-answers";
import { KEPT_HOME_PLACES, keptProperty, readKept } from "../../lib/kept";
import { isNetworkFailure, useResource } from "../../lib/use-resource";
import { LinkButton } from "../../components/property/parts";
import { paths } from "../../paths";
import { role, user } from "../../signals/session";
import { t } from "../../signals/language";
import { cx, errorText, muted } from "../../styles/theme";
import { sectionCss } from "./report-fields";
import { COMMON_AREAS } from "./report-rules";

export interface Where {
  property_id: number | null;
  /** A unit, COMMON_AREAS (the building's lift, roof, gate…), or null while none is chosen. */
  unit_id: number | null;
}

/** The units the caller may report for: all for an owner or manager, a tenant's current ones only. */
export function reportableUnits(p: PropertyDetail): Unit[] {
  if (!p.actions.includes("report")) return [];
  return p.relation === "tenant" ? p.units.filter((u) => u.tenant != null) : p.units;
}

interface Option {
  property_id: number;
  name: string;
}

/**
 * The first page of the caller's properties; a tenant's former homes (no "report" there) are left out. Offline, with
 * nothing kept by this form yet, the homes Home kept serve (reporting works offline, D23).
 */
async function loadOptions(q: string, signal: AbortSignal): Promise<{ options: Option[]; more: boolean }> {
  const page = await fetchProperties(1, q, signal).catch(async (e) => {
    const who = user.peek()?.user_id;
    const kept =
      !q && who != null && isNetworkFailure(e) ? await readKept<{ items: PropertySummary[]; total: number | null }>(who, KEPT_HOME_PLACES) : undefined;
    if (!kept) throw e;
    return { data: kept.data.items, total: kept.data.total ?? kept.data.items.length };
  });
  let rows = page.data;
  if (rows.length > 1 && rows.some((p) => p.relation === "tenant")) {
    // Only a tenant's homes need a look inside: they may have left some of them.
    const checks = await Promise.all(
      rows.map((p) =>
        p.relation === "tenant"
          ? fetchProperty({ property_id: p.property_id }, signal).then(
              (d) => reportableUnits(d).length > 0,
              () => true,
            )
          : true,
      ),
    );
    rows = rows.filter((_, i) => checks[i]);
  }
  return { options: rows.map((p) => ({ property_id: p.property_id, name: p.name })), more: page.total > page.data.length };
}

const whereText = css`margin: 0; font-size: 16px; & strong { font-weight: 700; }`;
// The unit's line is as tall as its "Change" button, from the first frame: the line kept for it while the home is
// found does not grow when the button comes (a layout shift on /property/addissues, issue 16).
const unitRow = css`display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 44px;`;

export function ReportWhere({
  value,
  onChange,
  errors,
  idPrefix = "report",
  lockProperty = false,
  lockUnit = false,
  onLoading,
  onNone,
}: {
  value: Where;
  onChange: (w: Where) => void;
  /** Told whether the homes or the units are still on their way (a send pressed meanwhile waits for them). */
  onLoading?: (loading: boolean) => void;
  /** Told whether the caller has no home or property at all (the rest of a report form has nothing to be about). */
  onNone?: (none: boolean) => void;
  errors: Record<string, string | undefined>;
  idPrefix?: string;
  /** The property is given (a link, or the edited issue): no list to pick from. */
  lockProperty?: boolean;
  /** The unit is given too (a report of a repair that came back is about the same unit): shown, not picked. */
  lockUnit?: boolean;
}) {
  useSignals();
  const id = (f: string) => `${idPrefix}-${f}`;
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  // Kept on the phone (D23), as Home keeps a home's units: a report can be written offline and waits in the outbox.
  const list = useResource((signal) => loadOptions(q, signal), [q], { enabled: !lockProperty, keep: q ? undefined : "report:places" });
  const detail = useResource((signal) => fetchProperty({ property_id: value.property_id as number }, signal), [value.property_id], {
    enabled: value.property_id != null,
    keep: value.property_id != null ? keptProperty(value.property_id) : undefined,
  });
  const shown = detail.data && detail.data.property_id === value.property_id ? detail.data : undefined;
  const units = shown ? reportableUnits(shown) : [];
  const canReport = !!shown?.actions.includes("report");
  // A building's common areas (a lift, the roof, the gate) are offered beside its units to whoever may report there.
  const common = canReport && shown?.type === "building";
  const isCommon = common && value.unit_id === COMMON_AREAS;
  const chosen = isCommon ? t("repair.card.common") : units.find((u) => u.unit_id === value.unit_id)?.name;
  const known = chosen != null;
  // The one choice there is, made for the user: a tenant's one unit, or the common areas of a building with no units yet.
  const only = units.length === 1 ? units[0].unit_id : !units.length && common ? COMMON_AREAS : null;
  // A tenant's one unit shows as text, with "Change" for the common areas beside it (most reports are of the home).
  const [changing, setChanging] = useState(false);
  const changeable = common && units.length === 1 && !lockUnit;
  // The unit as a list to pick from: several, or the one unit and the common areas once "Change" was tapped; a unit
  // given (a repair reported again) is shown as text.
  const pick = !(lockUnit && known) && (units.length > 1 || (changeable && changing));
  const unitField = id("unit");
  useEffect(() => {
    if (changing) document.getElementById(unitField)?.focus();
  }, [changing, unitField]);

  const options = list.data?.options;
  const single = !!options && options.length === 1 && !list.data?.more && !q;
  // Loading until the homes and units are in and the one home or unit is chosen (the effects below choose it a render later).
  const loading =
    (!lockProperty && !options && list.error == null) ||
    (single && value.property_id == null) ||
    (value.property_id != null && !shown && detail.error == null) ||
    (!!shown && only != null && !known);
  useEffect(() => onLoading?.(loading), [loading, onLoading]);
  const none = !lockProperty && !!options && !options.length && !q;
  useEffect(() => onNone?.(none), [none, onNone]);
  // One home: it is chosen for the user.
  useEffect(() => {
    if (single && value.property_id == null && options) onChange({ property_id: options[0].property_id, unit_id: null });
  }, [single, value.property_id, options, onChange]);
  // One unit: chosen; a unit from the link that is not one the caller may report for: dropped.
  useEffect(() => {
    if (!shown) return;
    if (only != null && !known) onChange({ property_id: shown.property_id, unit_id: only });
    else if (value.unit_id != null && !known) onChange({ property_id: shown.property_id, unit_id: null });
  }, [shown, only, known, value.unit_id, onChange]);

  const property = () => {
    if (lockProperty || single)
      return (
        <p className={whereText}>
          <strong>{t("report.where.property")}: </strong>
          <bdi>{shown?.name ?? options?.[0]?.name ?? "…"}</bdi>
        </p>
      );
    if (list.error)
      return (
        <div className={css`display: flex; flex-direction: column; gap: 8px;`}>
          <p role="alert" className={errorText}>
            {t("report.where.loadFailed")}
          </p>
          <Button variant="secondary" onClick={list.retry}>
            {t("common.retry")}
          </Button>
        </div>
      );
    if (!options) return <p className={cx(whereText, muted)}>{t("report.where.loading")}</p>;
    if (none) return <NoPlace />;
    const known = options.some((o) => o.property_id === value.property_id);
    return (
      <>
        {(list.data?.more || q) && (
          <TextField
            id={id("property-search")}
            type="search"
            label={t("report.where.search")}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        <SelectField
          id={id("property")}
          data-focus="property_id"
          label={t("report.where.property")}
          value={value.property_id ?? ""}
          error={errors.property_id}
          onChange={(e) => onChange({ property_id: Number(e.currentTarget.value) || null, unit_id: null })}
        >
          <option value="">{t("report.where.chooseProperty")}</option>
          {!known && shown && <option value={shown.property_id}>{shown.name}</option>}
          {options.map((o) => (
            <option key={o.property_id} value={o.property_id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </>
    );
  };

  const unit = () => {
    // While the home is being found, the unit's line is kept for it (most often one home and one unit), so the form
    // below does not move down when it arrives (issue 16: a layout shift Lighthouse measured on /property/addissues).
    if (value.property_id == null)
      return loading ? (
        <p className={cx(whereText, unitRow)} aria-hidden="true">
          {"\u00a0"}
        </p>
      ) : null;
    if (detail.error)
      return (
        <div className={css`display: flex; flex-direction: column; gap: 8px;`}>
          <p role="alert" className={errorText}>
            {t("report.where.unitsFailed")}
          </p>
          <Button variant="secondary" onClick={detail.retry}>
            {t("common.retry")}
          </Button>
        </div>
      );
    if (!shown) return <p className={cx(whereText, muted)}>{t("report.where.loading")}</p>;
    if (!canReport)
      return (
        <p role="alert" className={errorText}>
          {t("report.where.cannotReport")}
        </p>
      );
    if (!units.length && !common)
      return (
        <p role="alert" className={errorText}>
          {t("report.where.noUnits")}
        </p>
      );
    if (!pick)
      return (
        <div className={unitRow}>
          <p className={whereText}>
            <strong>{t("report.where.unit")}: </strong>
            <bdi>{chosen ?? "…"}</bdi>
          </p>
          {changeable && (
            <Button variant="ghost" onClick={() => setChanging(true)}>
              {t("report.where.change")}
            </Button>
          )}
        </div>
      );
    return (
      <SelectField
        id={unitField}
        data-focus="unit_id"
        label={t("report.where.unit")}
        value={value.unit_id ?? ""}
        error={errors.unit_id}
        onChange={(e) => onChange({ property_id: value.property_id, unit_id: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) })}
      >
        <option value="">{t("report.where.chooseUnit")}</option>
        {common && <option value={COMMON_AREAS}>{t("report.where.common")}</option>}
        {units.map((u) => (
          <option key={u.unit_id} value={u.unit_id}>
            {u.name}
          </option>
        ))}
      </SelectField>
    );
  };

  return (
    <fieldset className={sectionCss}>
      <legend>{t("report.where.title")}</legend>
      {property()}
      {unit()}
      {errors.property_id && (lockProperty || single) && (
        <p role="alert" className={errorText}>
          {errors.property_id}
        </p>
      )}
      {errors.unit_id && !pick && (
        <p role="alert" className={errorText}>
          {errors.unit_id}
        </p>
      )}
    </fieldset>
  );
}

/** Nothing to report for yet: a tenant waits for the landlord's invitation; anyone else adds a property first. */
function NoPlace() {
  useSignals();
  if (role.value === 3) return <p role="alert">{t("report.where.noneTenant")}</p>;
  return (
    <div className={css`display: flex; flex-direction: column; gap: 8px; align-items: flex-start;`}>
      <p role="alert">{t("report.where.none")}</p>
      <LinkButton to={paths.addProperty} primary>
        {t("report.where.addFirst")}
      </LinkButton>
    </div>
  );
}
