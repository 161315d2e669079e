import { css } from "goober";
import type { Issue } from "../../contract/issues";
import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperties, fetchProperty } from "../../api/property";
import { fetchRepairs } from "../../api/repairs";
import { Later } from "../../components/Later";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, PlacesListEnd, LoadError, PlusIcon, PropertyRow, href, listCss } from "../../components/property/parts";
import { RepairCards } from "../../components/repair/RepairCard";
import { needsYou } from "../../components/repair/visit";
import { Button, Spinner } from "../../components/ui";
import type { PropertySummary } from "../../contract/property-answers";
import { KEPT_HOME_PLACES, keptProperty, keptRepairs } from "../../lib/kept";
import { type Resource, keepFirstPage, usePagedList, useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { role, user } from "../../signals/session";
import { errorText, muted, page, stack } from "../../styles/theme";
import { usePropertyScreensSoon } from "./property-door";

const byId = (p: PropertySummary) => p.property_id;

const reportCss = css`
  display: flex; align-items: center; gap: 14px; min-height: 72px; padding: 16px 18px; border-radius: var(--radius);
  background: var(--brand); color: #fff; text-decoration: none; font-size: 19px; font-weight: 700;
  box-shadow: 0 2px 8px rgba(15, 118, 110, 0.25);
  & .icon { width: 44px; height: 44px; flex: none; border-radius: 50%; background: rgba(255, 255, 255, 0.2);
    display: flex; align-items: center; justify-content: center; }
  & small { display: block; font-size: 14px; font-weight: 500; opacity: 0.92; }
`;
const headCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  & h2 { font-size: 18px; margin: 0; }
`;
const unitsCss = css`display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px;`;

/** The first thing on the screen (LOOP.md section 3): one big way to report a problem. */
function ReportButton() {
  useSignals();
  return (
    <a href={href(paths.addIssue())} className={reportCss} data-testid="report-problem">
      <span className="icon">
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z" fill="currentColor" />
        </svg>
      </span>
      <span>
        {t("places.reportProblem")}
        <small>{t("places.reportHint")}</small>
      </span>
    </a>
  );
}

/** How many active repairs /home shows; "All repairs" opens the rest. */
export const HOME_ACTIVE_REPAIRS = 3;

/**
 * The order of Home's active repairs: emergencies first, then those with a visit, the soonest first, then the rest as
 * the server sent them (the newest first). A booked visit or an emergency no longer falls off Home behind new reports.
 */
function homeOrder(a: Issue, b: Issue): number {
  if (!!a.emergency !== !!b.emergency) return a.emergency ? -1 : 1;
  const at = (i: Issue) => (i.visit ? `${i.visit.date} ${i.visit.time_from}` : null);
  const [va, vb] = [at(a), at(b)];
  if (va && vb) return va < vb ? -1 : va > vb ? 1 : 0;
  return va ? -1 : vb ? 1 : 0;
}
// A touch target of 44 px, as the "All repairs" link above.
const moreCss = css`align-self: flex-start; display: inline-flex; align-items: center; min-height: 44px; font-weight: 600;`;

const repairHeadCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  & h2 { font-size: 18px; margin: 0; }
  & a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;
const subHeadCss = css`font-size: 16px; margin: 4px 0 0;`;
const quietCss = css`
  display: flex; align-items: center; gap: 12px; padding: 14px 16px; border-radius: var(--radius);
  background: var(--card); border: 1px solid var(--line);
  & p { margin: 0; }
  & .icon { width: 40px; height: 40px; flex: none; border-radius: 50%; background: #dcfce7; color: #14532d;
    display: flex; align-items: center; justify-content: center; }
`;

/**
 * The customer's repairs on /home (LOOP.md section 3): first those that need the user (pick a time, confirm and rate;
 * the server's `actions` say which, and its open list puts them first), then a few active ones with their stage and
 * next visit, and "All repairs". Nothing open: a friendly word, not an empty box.
 */
function HomeRepairs({ open }: { open: Resource<Awaited<ReturnType<typeof fetchRepairs>>> }) {
  useSignals();
  if (open.loading)
    return (
      <div className={css`display: flex; justify-content: center; padding: 8px;`}>
        <Spinner label={t("repair.home.loading")} />
      </div>
    );
  if (open.error != null)
    // Its own button label: the properties below have a "Try again" of their own.
    return (
      <div className={css`display: flex; flex-direction: column; gap: 8px; align-items: flex-start;`} data-testid="home-repairs-error">
        <p role="alert" className={errorText}>
          {t("repair.home.loadError")}
        </p>
        <Button variant="secondary" onClick={open.retry}>
          {t("repair.home.retry")}
        </Button>
      </div>
    );
  const all = open.data?.data ?? [];
  const mine = all.filter(needsYou);
  const others = all.filter((i) => !needsYou(i)).sort(homeOrder);
  const active = others.slice(0, HOME_ACTIVE_REPAIRS);
  // Open repairs not shown here: those of this page left out, and those of later pages.
  const more = Math.max(0, (open.data?.total ?? all.length) - mine.length - active.length);
  if (all.length === 0)
    return (
      <div className={quietCss} data-testid="home-repairs-empty">
        <span className="icon">
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p>
          <strong>{t("repair.home.emptyTitle")}</strong>
          <br />
          <span className={muted}>{t("repair.home.emptyHint")}</span>
        </p>
      </div>
    );
  return (
    <section className={stack} aria-labelledby="repairs-title" data-testid="home-repairs">
      <div className={repairHeadCss}>
        <h2 id="repairs-title">{t("repair.home.title")}</h2>
        <a href={href(paths.repair)}>{t("repair.home.all")}</a>
      </div>
      {mine.length > 0 && (
        <>
          <h3 className={subHeadCss}>{t("repair.home.needsYou")}</h3>
          <RepairCards issues={mine} testId="needs-you" />
        </>
      )}
      {active.length > 0 && (
        <>
          <h3 className={subHeadCss}>{t("repair.home.active")}</h3>
          <RepairCards issues={active} testId="active-repairs" />
        </>
      )}
      {more > 0 && (
        <a href={href(paths.repair)} className={moreCss} data-testid="more-repairs">
          {t("repair.home.more", { n: more })}
        </a>
      )}
    </section>
  );
}

/** A tenancy whose end date has passed (dates are YYYY-MM-DD, so they compare as text). */
const ended = (end: string | null) => !!end && end.slice(0, 10) < new Date().toISOString().slice(0, 10);

/**
 * A tenant's home: the property, and the units in it that are theirs. The server names the tenant of a unit only to
 * those who may see them, so for a tenant the units that carry a tenant are their own (LOOP.md section 1); an ended one is an earlier home.
 */
function TenantHome({ property }: { property: PropertySummary }) {
  useSignals();
  const detail = useResource((signal) => fetchProperty({ property_id: property.property_id }, signal), [property.property_id], {
    keep: keptProperty(property.property_id),
  });
  const me = user.value?.user_id;
  const mine = detail.data?.units.filter((u) => u.tenant && !ended(u.tenant.end_date) && (u.tenant.user_id == null || u.tenant.user_id === me)) ?? [];
  return (
    <div>
      <PropertyRow property={property} />
      {mine.length > 0 && (
        <div className={unitsCss}>
          {mine.map((u) => (
            <LinkButton key={u.unit_id} to={paths.apartment(property.name, u.unit_id)}>
              {t("places.yourUnit", { name: u.name })}
            </LinkButton>
          ))}
        </div>
      )}
    </div>
  );
}

/** /home for owners (their properties with open counts) and tenants (their homes), with "Report a problem" first. */
export function OwnerHome({ title }: ViewProps) {
  useSignals();
  usePropertyScreensSoon();
  const tenant = role.value === 3;
  const places = usePagedList((n, signal) => fetchProperties(n, "", signal), byId, [], { keep: KEPT_HOME_PLACES });
  const items = places.list.items;
  const empty = places.list.done && places.error == null && items.length === 0;
  const open = useResource((signal) => fetchRepairs("open", 1, signal), [], { keep: "home:repairs" });
  // The same first page as /repair's Open tab: kept for it too, for a first visit there offline.
  useEffect(() => {
    if (open.data && open.savedAt == null) void keepFirstPage(keptRepairs("open"), open.data);
  }, [open.data, open.savedAt]);
  // The repairs and the places first show together, so whichever answers first is not pushed down by the other a
  // moment later (issue 16: Lighthouse measured a layout shift of 0.12 here). Later reloads of either show in place.
  const shown = useRef(false);
  if (!open.loading && !(places.loading && items.length === 0)) shown.current = true;
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <SavedAt at={places.savedAt} />
        <ReportButton />
        {!shown.current && (
          <div className={css`display: flex; justify-content: center; padding: 8px;`}>
            <Spinner label={t("repair.home.loading")} />
          </div>
        )}
        {shown.current && <HomeRepairs open={open} />}
        {/* Below the repairs, on a phone below the fold: a frame later when Home is the page's first screen. */}
        {shown.current && (
          <Later>
            <section className={stack} aria-labelledby="places-title">
              <div className={headCss}>
                <h2 id="places-title">{tenant ? t("places.yourHomes") : t("places.yourProperties")}</h2>
                {!tenant && !empty && (
                  <LinkButton to={paths.addProperty}>
                    <PlusIcon />
                    {t("places.addProperty")}
                  </LinkButton>
                )}
              </div>
              {items.length > 0 && (
                <ul className={listCss}>
                  {items.map((p) => (
                    <li key={p.property_id}>{tenant ? <TenantHome property={p} /> : <PropertyRow property={p} />}</li>
                  ))}
                </ul>
              )}
              {empty &&
                (tenant ? (
                  <EmptyState text={t("places.tenantEmpty")} />
                ) : (
                  <EmptyState text={t("places.ownerEmpty")}>
                    <LinkButton to={paths.addProperty} primary>
                      <PlusIcon />
                      {t("places.addFirstProperty")}
                    </LinkButton>
                  </EmptyState>
                ))}
              {places.error != null && <LoadError retry={places.retry} />}
              <PlacesListEnd paged={places} />
              {tenant && (
                <a href={href(paths.prevTenant())} className={css`align-self: flex-start; display: inline-flex; align-items: center; min-height: 44px;`}>
                  {t("places.earlierHomes")}
                </a>
              )}
            </section>
          </Later>
        )}
      </div>
    </main>
  );
}
