import { css } from "goober";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchMapIssues, fetchTechLocations } from "../../api/map";
import type { Issue } from "../../contract/issues";
import type { Stage } from "../../contract/repairs";
import type { TechLocation } from "../../contract/map";
import { formatAddress } from "../../lib/address";
import { navigate } from "../../lib/hash-location";
import { type Stop, directionsLink, visitOrder } from "../../lib/map-stops";
import { personName } from "../../lib/person";
import { useResource } from "../../lib/use-resource";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { card, cx, muted } from "../../styles/theme";
import { PhoneIcon, WaIcon, action, telLink, wa, whatsappLink } from "../issues/ContactCard";
import { LoadError } from "../property/parts";
import { AssignButton } from "../repair/AssignSheet";
import { EmergencyMark, STAGE_COLOURS, StageBadge, isStage } from "../repair/StageBadge";
import { slotLine } from "../repair/visit";
import { SavedAt } from "../SavedAt";
import { Button, IconButton, Spinner } from "../ui";
import { IssuesMap, type MapPin } from "./IssuesMap";
import { stageColour, stopHtml, techHtml } from "./markers";
import { unitText } from "../repair/unit-text";

// Scrolled to whole when a marker is chosen, clear of the header and of the bottom bar, which stay over the page.
const cardCss = css`
  position: relative; display: flex; flex-direction: column; gap: 8px; scroll-margin-block: 72px 88px;
  & h2 { font-size: 17px; margin: 0; padding-inline-end: 44px; overflow-wrap: anywhere; }
  & h2:focus { outline: none; }
  & p { margin: 0; overflow-wrap: anywhere; }
  & .badges { display: flex; flex-wrap: wrap; gap: 6px; }
  & .close { position: absolute; top: 6px; inset-inline-end: 6px; }
`;
const linksCss = css`display: flex; flex-wrap: wrap; gap: 8px; margin-top: 4px; & > * { flex: 1 1 130px; }`;
const legendCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 14px; font-size: 14px;
  & li { display: inline-flex; align-items: center; gap: 6px; }
  & .dot { width: 14px; height: 14px; border-radius: 50%; flex: none; }
  & .square { width: 14px; height: 14px; border-radius: 3px; background: #7c2d12; flex: none; }
`;
const toolsCss = css`display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: center; justify-content: space-between;`;
const checkCss = css`display: inline-flex; align-items: center; gap: 8px; min-height: 44px; font-weight: 600; & input { width: 22px; height: 22px; }`;
const columnCss = css`display: flex; flex-direction: column; gap: 12px;`;

/** The card a marker opened, per map, kept while the user visits an issue and comes back. */
const chosen = new Map<string, string | null>();
function useChosen(key: string) {
  const [id, setId] = useState<string | null>(() => chosen.get(key) ?? null);
  const set = (next: string | null) => {
    chosen.set(key, next);
    setId(next);
  };
  return [id, set] as const;
}

const CloseIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);
const RouteIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M21.7 11.3l-9-9a1 1 0 0 0-1.4 0l-9 9a1 1 0 0 0 0 1.4l9 9a1 1 0 0 0 1.4 0l9-9a1 1 0 0 0 0-1.4zM14 14.5V12h-4v3H8v-4a1 1 0 0 1 1-1h5V7.5l3.5 3.5z"
      fill="currentColor"
    />
  </svg>
);

/** A marker's card: its heading takes the focus when it opens, so the keyboard and a screen reader land on it. */
function MarkerCard({ heading, onClose, children, testId }: { heading: string; onClose: () => void; children: ReactNode; testId: string }) {
  useSignals();
  const h = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another marker's card takes the focus again
  useEffect(() => {
    h.current?.focus({ preventScroll: true });
    // The whole card, not its heading alone: the heading came into view at the bottom edge, under the bottom bar.
    box.current?.scrollIntoView?.({ block: "nearest" });
  }, [heading]);
  return (
    <section ref={box} className={cx(card, cardCss)} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} ref={h} tabIndex={-1}>
        <bdi>{heading}</bdi>
      </h2>
      {children}
      <IconButton label={t("map.closeCard")} className="close" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </section>
  );
}

const addressOf = (issue: Issue) => formatAddress(issue.addres, issue.addrs) ?? issue.name;

/** Where and when: the property (and unit) and the agreed visit, or that none is agreed yet. */
function WhereWhen({ issue }: { issue: Issue }) {
  useSignals();
  const unit = unitText(issue);
  return (
    <>
      <div className="badges">
        <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held_at} />
        {issue.emergency && <EmergencyMark />}
      </div>
      <p>
        <bdi>{addressOf(issue)}</bdi>
        {unit && (
          <>
            {" · "}
            <bdi>{unit}</bdi>
          </>
        )}
      </p>
      <p className={muted} data-testid="card-visit">
        {issue.visit ? t("repair.card.visit", { slot: slotLine(issue.visit, lang.value) }) : t("map.noVisit")}
      </p>
    </>
  );
}

/** The stages on the map, each with its colour and name (the colour is never the only sign: cards and labels name it). */
function Legend({ stages, techs }: { stages: Stage[]; techs?: boolean }) {
  useSignals();
  if (!stages.length && !techs) return null;
  return (
    <ul className={legendCss} aria-label={t("map.legend")} data-testid="map-legend">
      {stages.map((s) => (
        <li key={s}>
          <span className="dot" style={{ background: STAGE_COLOURS[s].fg }} aria-hidden="true" />
          {t(`repair.stage.${s}`)}
        </li>
      ))}
      {techs && (
        <li>
          <span className="square" aria-hidden="true" />
          {t("map.technicians")}
        </li>
      )}
    </ul>
  );
}

const NO_TECHS: TechLocation[] = [];
const stagesOf = (issues: Issue[]) => [...new Set(issues.map((i) => i.stage).filter(isStage))];
const stopLabel = (s: Stop) =>
  t("map.stopLabel", { n: s.n, title: s.issue.title, stage: t(isStage(s.issue.stage) ? `repair.stage.${s.issue.stage}` : "repair.stage.open") });
const pinsOf = (stops: Stop[], selected: string | null, label: (s: Stop) => string, numbered: boolean): MapPin[] =>
  stops.map((s) => {
    const id = `i${s.issue.issue_id}`;
    return {
      id,
      lat: s.lat,
      lng: s.lng,
      layer: "issues",
      html: stopHtml(numbered ? s.n : null, stageColour(s.issue.stage, s.issue.issue_status), label(s), id === selected),
    };
  });

/** What a map says while it loads, fails or has nothing on it, else the map and what goes with it. */
function MapState({
  loading,
  error,
  retry,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: unknown;
  retry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  useSignals();
  if (error != null && loading === false && empty) return <LoadError retry={retry} text="map.loadError" />;
  if (loading && empty)
    return (
      <div className={css`display: flex; justify-content: center; padding: 24px;`}>
        <Spinner label={t("map.loading")} />
      </div>
    );
  if (empty)
    return (
      <p className={cx(card, css`margin: 0;`)} data-testid="map-empty">
        {emptyText}
      </p>
    );
  return <>{children}</>;
}

/**
 * The technician's day on a map (issue 17): every open job as a marker numbered in visit order (today's first) and
 * coloured by stage; a marker opens a card with the address, the visit, call and WhatsApp, directions in the phone's
 * maps app, and the job itself.
 */
export function JobsMap() {
  useSignals();
  const jobs = useResource((signal) => fetchMapIssues("jobs", {}, signal), [], { keep: "map:jobs" });
  const { stops, missing } = useMemo(() => visitOrder(jobs.data ?? []), [jobs.data]);
  const [selected, setSelected] = useChosen("jobs");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels are in the user's language, read by t()
  const pins = useMemo(() => pinsOf(stops, selected, stopLabel, true), [stops, selected, lang.value]);
  const stop = stops.find((s) => `i${s.issue.issue_id}` === selected);
  const mobile = stop?.issue.creater_mob_no;
  return (
    <div className={columnCss}>
      <SavedAt at={jobs.savedAt} />
      <MapState loading={jobs.loading} error={jobs.error} retry={jobs.retry} empty={!jobs.data?.length} emptyText={t("map.emptyJobs")}>
        <IssuesMap pins={pins} viewKey="jobs" label={t("map.jobsLabel")} selected={selected} onSelect={setSelected} />
        {missing > 0 && <p className={muted}>{t("map.missing", { n: missing })}</p>}
        <Legend stages={stagesOf(stops.map((s) => s.issue))} />
        {stop && (
          <MarkerCard heading={`${stop.n}. ${stop.issue.title}`} onClose={() => setSelected(null)} testId="stop-card">
            <WhereWhen issue={stop.issue} />
            <div className={linksCss}>
              {mobile && /\d/.test(mobile) && (
                <>
                  <a className={action} href={telLink(mobile)} aria-label={t("contact.callLabel", { name: personName(stop.issue.creater_name) || mobile })}>
                    <PhoneIcon />
                    {t("contact.call")}
                  </a>
                  <a
                    className={cx(action, wa)}
                    href={whatsappLink(mobile, t("notifications.whatsappAnon", { title: stop.issue.title }))}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("contact.whatsappLabel", { name: personName(stop.issue.creater_name) || mobile })}
                  >
                    <WaIcon />
                    {t("contact.whatsapp")}
                  </a>
                </>
              )}
              <a className={action} href={directionsLink(stop.lat, stop.lng, addressOf(stop.issue) || stop.issue.title)} data-testid="directions">
                <RouteIcon />
                {t("map.directions")}
              </a>
              <Button onClick={() => navigate(paths.openIssue(stop.issue.issue_id), { state: stop.issue })}>{t("map.openJob")}</Button>
            </div>
          </MarkerCard>
        )}
      </MapState>
    </div>
  );
}

/**
 * The company's open repairs on a map for managers (issue 17): markers by stage, gathered into clusters when close,
 * the technicians where they work as a second layer, and a card per marker; Assign on a card opens the assign sheet.
 * `query` is the list's own filter (all open repairs on /repair, the unassigned on /home).
 */
export function CompanyMap({ query, viewKey, onAssigned }: { query: Record<string, string>; viewKey: string; onAssigned?: () => void }) {
  useSignals();
  const [version, setVersion] = useState(0);
  const issues = useResource((signal) => fetchMapIssues("repairs", query, signal), [version, JSON.stringify(query)], { keep: `map:${viewKey}` });
  const techs = useResource((signal) => fetchTechLocations(signal), [], { keep: "map:techs" });
  const [showTechs, setShowTechs] = useState(true);
  const [selected, setSelected] = useChosen(viewKey);
  const { stops, missing } = useMemo(() => visitOrder(issues.data ?? []), [issues.data]);
  const techList = techs.data ?? NO_TECHS;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels are in the user's language, read by t()
  const pins = useMemo(() => {
    const list = pinsOf(
      stops,
      selected,
      (s) => t("map.issueLabel", { title: s.issue.title, stage: t(isStage(s.issue.stage) ? `repair.stage.${s.issue.stage}` : "repair.stage.open") }),
      false,
    );
    if (showTechs)
      for (const tech of techList)
        list.push({
          id: `t${tech.user_id}`,
          lat: tech.location.lat,
          lng: tech.location.lng,
          layer: "techs",
          html: techHtml(t("map.techLabel", { name: personName(tech.name) }), !tech.taking_jobs),
        });
    return list;
  }, [stops, selected, showTechs, techList, lang.value]);
  const stop = stops.find((s) => `i${s.issue.issue_id}` === selected);
  const tech = techList.find((x) => `t${x.user_id}` === selected);

  const assigned = () => {
    setSelected(null);
    setVersion((v) => v + 1);
    onAssigned?.();
  };

  return (
    <div className={columnCss}>
      <SavedAt at={issues.savedAt} />
      <MapState loading={issues.loading} error={issues.error} retry={issues.retry} empty={!issues.data} emptyText="">
        <div className={toolsCss}>
          <p className={cx(muted, css`margin: 0;`)} data-testid="map-count">
            {t("map.count", { n: stops.length })}
          </p>
          {techList.length > 0 && (
            <label className={checkCss}>
              <input type="checkbox" checked={showTechs} onChange={(e) => setShowTechs(e.currentTarget.checked)} data-testid="show-techs" />
              {t("map.showTechnicians")}
            </label>
          )}
        </div>
        {issues.data?.length === 0 && (
          <p className={cx(card, css`margin: 0;`)} data-testid="map-empty">
            {t("map.emptyCompany")}
          </p>
        )}
        <IssuesMap pins={pins} cluster viewKey={viewKey} label={t("map.companyLabel")} selected={selected} onSelect={setSelected} />
        {missing > 0 && <p className={muted}>{t("map.missing", { n: missing })}</p>}
        <Legend stages={stagesOf(stops.map((s) => s.issue))} techs={showTechs && techList.length > 0} />
        {stop && (
          <MarkerCard heading={stop.issue.title} onClose={() => setSelected(null)} testId="stop-card">
            <WhereWhen issue={stop.issue} />
            {stop.issue.tech_name && (
              <p>
                {t("repair.card.technician")} <bdi>{personName(stop.issue.tech_name)}</bdi>
              </p>
            )}
            <div className={linksCss}>
              <Button variant="secondary" onClick={() => navigate(paths.issueView(stop.issue.issue_id), { state: stop.issue })}>
                {t("map.openRepair")}
              </Button>
              <AssignButton issue={stop.issue} onDone={assigned} />
            </div>
          </MarkerCard>
        )}
        {tech && (
          <MarkerCard heading={personName(tech.name)} onClose={() => setSelected(null)} testId="tech-card">
            {tech.addres && (
              <p>
                <bdi>{tech.addres}</bdi>
              </p>
            )}
            {tech.area_range != null && <p className={muted}>{t("map.range", { km: tech.area_range.toLocaleString(lang.value) })}</p>}
            <p>{t(tech.taking_jobs ? "map.takingJobs" : "map.notTakingJobs")}</p>
          </MarkerCard>
        )}
      </MapState>
    </div>
  );
}
