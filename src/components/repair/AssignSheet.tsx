import { css } from "goober";
import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { isHttpError } from "../../api/client";
import { assignIssue, fetchCandidates } from "../../api/jobs";
import type { Issue } from "../../contract/issues";
import type { Candidate } from "../../contract/jobs";
import { SKILLS, skillName } from "../../data/skills";
import { userFileUrl } from "../../lib/media";
import { useResource } from "../../lib/use-resource";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { role } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { cx, errorText, muted } from "../../styles/theme";
import { Overlay } from "../Overlay";
import { LinkButton, LoadError, listCss } from "../property/parts";
import { Button, Spinner } from "../ui";

const headCss = css`
  margin: 4px 0 12px; display: flex; flex-direction: column; gap: 2px;
  & p { margin: 0; overflow-wrap: anywhere; }
`;
const rowCss = css`
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 64px; padding: 10px 12px; text-align: start;
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); color: var(--ink); cursor: pointer;
  font: inherit;
  &:hover:not([aria-disabled="true"]) { border-color: var(--brand); }
  &:focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
  &[aria-disabled="true"] { cursor: default; }
  & .body { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  & .name { font-size: 16px; font-weight: 700; overflow-wrap: anywhere; }
  & .line { font-size: 14px; color: var(--muted); overflow-wrap: anywhere; }
  & .facts { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 14px; color: var(--ink); }
`;
const currentCss = css`background: var(--brand-soft); border-color: var(--brand);`;
const badgeCss = css`
  align-self: flex-start; font-size: 12px; font-weight: 700; padding: 2px 10px; border-radius: 999px;
  background: var(--brand); color: #fff; white-space: nowrap;
`;
const avatarCss = css`
  width: 44px; height: 44px; flex: none; border-radius: 50%; object-fit: cover; background: var(--brand-soft);
  color: var(--brand-dark); display: flex; align-items: center; justify-content: center; font-weight: 800; font-size: 18px;
`;
const centerCss = css`display: flex; justify-content: center; padding: 16px;`;
const emptyCss = css`
  display: flex; flex-direction: column; align-items: flex-start; gap: 10px; padding: 14px; border-radius: var(--radius);
  background: var(--bg); border: 1px solid var(--line);
  & p { margin: 0; }
`;

/** A technician's picture, or the first letter of their name when there is none (or it fails to load). Decorative. */
function Avatar({ name, path }: { name: string; path: string | null }) {
  const [failed, setFailed] = useState(false);
  if (path && !failed)
    return <img className={avatarCss} src={userFileUrl(path)} alt="" width={44} height={44} loading="lazy" onError={() => setFailed(true)} />;
  return (
    <span className={avatarCss} aria-hidden="true">
      {Array.from(name.trim())[0]?.toLocaleUpperCase() ?? "?"}
    </span>
  );
}

/** "2.4 km" in the user's digits, or "Distance unknown" when the technician has no location. */
export function distanceText(km: number | null, locale: string) {
  if (km == null) return t("assign.distanceUnknown");
  return t("assign.distance", { km: km.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** What a failed assignment says: the field's sentence (422 errors.tech_id), else the server's detail, else ours. */
async function failureText(error: unknown): Promise<string> {
  if (isHttpError(error)) {
    try {
      const body = (await error.response.clone().json()) as { detail?: unknown; errors?: Record<string, unknown> };
      const field = body.errors?.tech_id;
      if (typeof field === "string" && field) return field;
      if (typeof body.detail === "string" && body.detail) return body.detail;
    } catch {
      /* not JSON */
    }
  }
  return t("assign.error");
}

/** What a manager left with no one (else) to choose is told: by the skill, or (no skill, or all listed) at all. */
const deadEndKey = (bySkill: boolean, current: boolean) =>
  bySkill ? (current ? "assign.noOtherWithSkill" : "assign.emptyCompany") : current ? "assign.noOther" : "assign.emptyCompanyAny";

type Assigned = (next: Issue | undefined, tech: Candidate) => void;

/** One technician to choose: picture, name, job title, distance, open jobs; the one assigned now is marked and not chosen again. */
function CandidateRow({ c, busy, sending, onPick }: { c: Candidate; busy: boolean; sending: boolean; onPick: (c: Candidate) => void }) {
  useSignals();
  const locale = lang.value;
  const blocked = c.current || busy;
  return (
    <button
      type="button"
      className={cx(rowCss, c.current && currentCss)}
      aria-disabled={blocked ? "true" : undefined}
      aria-busy={sending || undefined}
      onClick={() => !blocked && onPick(c)}
      data-testid="candidate"
    >
      <Avatar name={c.name} path={c.profile_path} />
      <span className="body">
        <span className="name">
          <bdi>{c.name}</bdi>
        </span>
        {c.job_title && (
          <span className="line">
            <bdi>{c.job_title}</bdi>
          </span>
        )}
        <span className="facts">
          <span data-testid="candidate-distance">{distanceText(c.distance_km, locale)}</span>
          <span data-testid="candidate-jobs">{t("assign.openJobs", { n: c.open_jobs.toLocaleString(locale) })}</span>
        </span>
        {!c.has_skill && (
          <span className="line" data-testid="candidate-lacks-skill">
            {t("assign.lacksSkill")}
          </span>
        )}
        {c.declined && (
          <span className="line" data-testid="candidate-declined">
            {t("assign.declined")}
          </span>
        )}
        {c.current && <span className={badgeCss}>{t("assign.current")}</span>}
        {sending && (
          <span className="line" role="status">
            {t("assign.assigning")}
          </span>
        )}
      </span>
    </button>
  );
}

/**
 * Who gets the repair (LOOP.md section 4): a bottom sheet listing the candidates the server allows (a manager's
 * company's technicians with the issue's skill; for the owner of a property no company runs, nearby independent ones),
 * nearest first, with the one assigned now marked. Choosing one assigns at once; failures are said inside the sheet.
 * When the skill leaves a manager no one else to choose (the one who has the job is the only one with it), the sheet
 * says so and offers all their technicians: LOOP.md lets a manager give the job to any technician of theirs.
 */
export function AssignSheet({ issue, open, onClose, onAssigned }: { issue: Issue; open: boolean; onClose: () => void; onAssigned: Assigned }) {
  useSignals();
  const [all, setAll] = useState(false);
  const candidates = useResource((signal) => fetchCandidates(issue.issue_id, signal, all), [issue.issue_id, open, all], { enabled: open });
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reassign = !!issue.tech_name || issue.stage === "assigned";
  const skill = SKILLS.find((s) => s.id === issue.category);
  const list = candidates.data?.data ?? [];
  // Technicians of the manager's the skill left out, whom "Show all your technicians" brings in.
  const others = all ? 0 : (candidates.data?.others ?? 0);
  const noneElse = !list.some((c) => !c.current);
  // The sheet opens on a spinner, with the focus on the dialog itself; once the choices are in, the keyboard starts on
  // the first one that can be chosen (unless the user has already moved elsewhere in the sheet).
  const listRef = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new list of choices has been rendered
  useEffect(() => {
    const el = listRef.current;
    const active = document.activeElement;
    const dialog = el?.closest('[role="dialog"]');
    if (!el || !dialog || (active && active !== dialog && dialog.contains(active))) return;
    el.querySelector<HTMLElement>('[data-testid="candidate"]:not([aria-disabled])')?.focus();
  }, [candidates.data]);

  const close = () => {
    setError(null);
    setAll(false);
    onClose();
  };
  const pick = async (c: Candidate) => {
    setSending(c.user_id);
    setError(null);
    try {
      const answer = await assignIssue(issue.issue_id, c.user_id);
      showToast({ key: "assign.done", params: { name: c.name } }, "success", { id: "assign" });
      onAssigned(answer.data, c);
      onClose();
    } catch (e) {
      setError(await failureText(e));
      // The repair or the staff changed meanwhile: show the candidates as they are now.
      if (isHttpError(e) && [403, 409, 422].includes(e.response.status)) candidates.retry();
    } finally {
      setSending(null);
    }
  };

  return (
    <Overlay open={open} kind="sheet" title={t(reassign ? "assign.reassignTitle" : "assign.title")} onClose={close}>
      <div className={headCss}>
        <p>
          <bdi>{t("assign.issue", { title: issue.title })}</bdi>
        </p>
        <p className={muted}>{skill ? t("assign.skill", { skill: skillName(skill, lang.value) }) : t("assign.anySkill")}</p>
      </div>
      {candidates.loading ? (
        <div className={centerCss}>
          <Spinner label={t("assign.loading")} />
        </div>
      ) : candidates.error != null ? (
        <LoadError retry={candidates.retry} text="assign.loadError" testId="candidates-error" />
      ) : (
        <>
          {list.length > 0 && (
            <>
              <p className={cx(muted, css`margin: 0 0 8px;`)} id={`assign-hint-${issue.issue_id}`}>
                {t(all ? "assign.allHint" : "assign.hint")}
              </p>
              <ul
                ref={listRef}
                className={listCss}
                aria-label={t("assign.listLabel")}
                aria-describedby={`assign-hint-${issue.issue_id}`}
                data-testid="candidates"
              >
                {list.map((c) => (
                  <li key={c.user_id}>
                    <CandidateRow c={c} busy={sending != null} sending={sending === c.user_id} onPick={pick} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {noneElse && (
            <div className={cx(emptyCss, list.length > 0 && css`margin-top: 12px;`)} data-testid="candidates-empty">
              {role.value === 2 ? (
                <>
                  <p>
                    <strong>{t(deadEndKey(!!skill && !all, list.length > 0))}</strong>
                  </p>
                  <p className={muted}>{t(others > 0 ? "assign.widenHint" : skill && !all ? "assign.emptyCompanyHint" : "assign.addTechHint")}</p>
                  {others > 0 && (
                    <Button variant="secondary" onClick={() => setAll(true)} data-testid="candidates-all">
                      {t("assign.showAll")}
                    </Button>
                  )}
                  <LinkButton to={paths.resources} onClick={close}>
                    {t("assign.manageStaff")}
                  </LinkButton>
                </>
              ) : (
                <p>{t("assign.emptyIndependent")}</p>
              )}
            </div>
          )}
          {!noneElse && others > 0 && (
            <Button variant="ghost" className={css`margin-top: 8px;`} onClick={() => setAll(true)} data-testid="candidates-all">
              {t("assign.showAll")}
            </Button>
          )}
        </>
      )}
      {error && (
        <p role="alert" className={cx(errorText, css`margin-top: 12px;`)} data-testid="assign-error">
          {error}
        </p>
      )}
    </Overlay>
  );
}

/**
 * "Assign" (or "Reassign" when a technician has it) for a repair the caller may assign: only when the server's
 * `actions` include `assign`. Opens the sheet; `onDone` gets the issue as the server answered it after the assignment.
 */
export function AssignButton({ issue, onDone, className }: { issue: Issue; onDone?: (next: Issue | undefined) => void; className?: string }) {
  useSignals();
  const [open, setOpen] = useState(false);
  if (!issue.actions?.includes("assign")) return null;
  const reassign = !!issue.tech_name || issue.stage === "assigned";
  return (
    <>
      <Button
        variant={reassign ? "secondary" : "primary"}
        className={className}
        aria-haspopup="dialog"
        aria-label={t(reassign ? "assign.reassignLabel" : "assign.assignLabel", { title: issue.title })}
        onClick={() => setOpen(true)}
        data-testid="assign-button"
      >
        {t(reassign ? "assign.reassign" : "assign.assign")}
      </Button>
      <AssignSheet issue={issue} open={open} onClose={() => setOpen(false)} onAssigned={(next) => onDone?.(next)} />
    </>
  );
}
