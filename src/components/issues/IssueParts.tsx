import { css } from "goober";
import { type ReactNode, useEffect, useState } from "react";
import { errorDetail, isHttpError } from "../../api/client";
import { useSignals } from "@preact/signals-react/runtime";
import { type Issue, type Slot, isAcknowledged } from "../../contract/issues";
import { PRESENCE } from "../../contract/repairs";
import { formatAddress } from "../../lib/address";
import { formatCreated, formatSlotDate, formatSlotTime } from "../../lib/dates";
import { navigate } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { homeFor, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { role } from "../../signals/session";
import { card, cx, muted, page, stack } from "../../styles/theme";
import { section } from "./styles";
import { SavedAt } from "../SavedAt";
import { ScreenTitle } from "../ScreenTitle";
import { Spinner } from "../ui";
import { IssueMap } from "./IssueMap";
import { useIssue } from "./use-issue";

const repeatCss = css`
  display: flex; flex-wrap: wrap; align-items: center; column-gap: 8px; margin: 8px 0 0; padding: 0 12px;
  border-radius: 10px; background: #fef3c7; color: #78350f;
  & span { padding: 10px 0; }
  & a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; color: #78350f; }
`;

/** Header with back (to the previous screen, or the role's home when opened from a link) and 'issue details'. */
export function IssueHeader() {
  useSignals();
  const back = () => goBack(homeFor(role.value));
  return <ScreenTitle title={t("issues.detailsTitle")} onBack={back} />;
}

export function IssueSummary({ issue }: { issue: Issue }) {
  useSignals();
  return (
    <section className={section} aria-labelledby="issue-title">
      {/* Isolated, not dir="auto": an English title on an Arabic screen keeps the right edge, as on the cards and job
          rows, and still reads left to right. */}
      <h2 id="issue-title">
        <bdi>{issue.title}</bdi>
      </h2>
      {issue.desc && (
        <p dir="auto" className={css`margin: 0 0 8px;`}>
          {issue.desc}
        </p>
      )}
      <p className={muted} data-testid="issue-created">
        <time dateTime={issue.created_at}>{t("issues.createdOn", { date: formatCreated(issue.created_at, lang.value) })}</time>
      </p>
      {/* Whether the technician may come in alone, as the reporter said (LOOP.md: "you may enter" or "I will be there"). */}
      {(PRESENCE as readonly unknown[]).includes(issue.presence) && (
        <p className={css`margin: 8px 0 0; font-weight: 600;`} data-testid="issue-presence">
          {t(`issues.presence.${issue.presence}`)}
        </p>
      )}
      {/* Report again (LOOP.md section 2): the problem came back; the earlier repair for those who may open it. */}
      {issue.repeat && (
        <p className={repeatCss} data-testid="issue-repeat">
          <span>{t("repair.again.repeat")}</span>
          {issue.again_of != null && <a href={`#${paths.issueView(issue.again_of)}`}>{t("repair.again.openEarlier")}</a>}
        </p>
      )}
    </section>
  );
}

const list = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;
  & li { padding: 10px 12px; border-radius: 10px; background: var(--bg); }
`;
/** One slot as 'Wed 25 Nov 2026 between 9:00 AM - 11:00 AM' (D18). */
// The times in one piece: a line broke before the dash («بين 2:30 م» above, «- 4:00 م» below).
const betweenCss = css`white-space: nowrap;`;

function SlotText({ slot, locale }: { slot: Slot; locale: string }) {
  return (
    <>
      <strong>{formatSlotDate(slot.date, locale)}</strong>{" "}
      <span className={betweenCss}>{t("issues.between", { from: formatSlotTime(slot.time_from, locale), to: formatSlotTime(slot.time_to, locale) })}</span>
    </>
  );
}

/** The reporter's times (SPEC.md's Tenant Availability); `title` names them otherwise (the reporter's own screen). */
export function AvailabilityList({ slots, title }: { slots: Slot[]; title?: string }) {
  useSignals();
  const locale = lang.value;
  return (
    <section className={section} aria-labelledby="availability-title">
      <h2 id="availability-title">{title ?? t("issues.tenantAvailability")}</h2>
      {slots.length ? (
        <ul className={list} data-testid="availability">
          {slots.map((s, i) => (
            <li key={i}>
              <SlotText slot={s} locale={locale} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={css`margin: 0;`}>{t("issues.noAvailability")}</p>
      )}
    </section>
  );
}

/**
 * The acknowledged visit: 'Agreed visit' when the technician chose one of the tenant's slots, 'Proposed visit times'
 * when the technician proposed their own (LOOP.md section 2). Nothing before acknowledgement. With a stage (issue 11)
 * the stage says which, and a scheduled issue shows its agreed `visit`; without one, proposed means the tenant gave
 * no slots. The date under them says when the times were proposed, or when the visit was acknowledged.
 */
export function AgreedVisit({ issue }: { issue: Issue }) {
  useSignals();
  const locale = lang.value;
  const staged = issue.stage !== undefined;
  const slots = staged && issue.stage !== "proposed" && issue.visit ? [issue.visit] : (issue.tech_available ?? []);
  if (!isAcknowledged(issue) && !(staged && issue.visit)) return null;
  const proposed = staged ? issue.stage === "proposed" : !issue.available.length && slots.length > 0;
  return (
    <section className={section} aria-labelledby="agreed-title" data-testid="agreed-visit">
      <h2 id="agreed-title">{t(proposed ? "issues.proposedVisit" : "issues.agreedVisit")}</h2>
      {slots.length > 0 && (
        <ul className={list}>
          {slots.map((s, i) => (
            <li key={i}>
              <SlotText slot={s} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      {issue.acknowledged_at && (
        <p className={cx(muted, css`margin: 8px 0 0;`)}>
          <time dateTime={issue.acknowledged_at}>
            {t(proposed ? "issues.proposedOn" : "issues.acknowledgedOn", { date: formatCreated(issue.acknowledged_at, locale) })}
          </time>
        </p>
      )}
    </section>
  );
}

/** Location text and the map; `fallback` is the centre when the issue has no coordinates. */
export function LocationSection({ issue, fallback }: { issue: Issue; fallback: [number, number] }) {
  useSignals();
  const lat = issue.location?.lat ?? fallback[0];
  const lng = issue.location?.lng ?? fallback[1];
  const address = formatAddress(issue.addres, issue.addrs) ?? t("issues.addressUnavailable");
  return (
    <section className={section} aria-labelledby="location-title">
      <h2 id="location-title">{t("issues.location")}</h2>
      <p dir="auto" className={css`margin: 0 0 10px;`}>
        {address}
      </p>
      <IssueMap lat={lat} lng={lng} />
    </section>
  );
}

export function IssueLoading() {
  return (
    <div className={css`display: flex; justify-content: center; padding: 40px;`}>
      <Spinner />
    </div>
  );
}
/**
 * The issue could not be read. A 409 says why in the server's words: a job offered to an independent technician that
 * the owner cancelled, or another technician took, since the offer's notification (it was the bare not-found screen).
 */
export function IssueError({ error }: { error?: unknown }) {
  useSignals();
  const [detail, setDetail] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (isHttpError(error) && error.response.status === 409) errorDetail(error).then((d) => live && setDetail(d));
    return () => void (live = false);
  }, [error]);
  return (
    <p role="alert" className={card}>
      {detail ?? t("issues.issueLoadError")}
    </p>
  );
}

/** The frame both issue screens share: header, then loading, error, or the issue's sections. */
export function IssueScreen({ children }: { children: (issue: Issue) => ReactNode }) {
  useSignals();
  const state = useIssue();
  return (
    <main className={page}>
      <IssueHeader />
      {state.kind === "loading" && <IssueLoading />}
      {state.kind === "error" && <IssueError error={state.error} />}
      {state.kind === "ready" && (
        <div className={stack}>
          <SavedAt at={state.savedAt} />
          {children(state.issue)}
        </div>
      )}
    </main>
  );
}
