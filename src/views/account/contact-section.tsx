import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { AccountSection, hintCss } from "../../components/account/parts";
import { Button } from "../../components/ui";
import type { ContactKind, PendingContact } from "../../contract/account";
import { t } from "../../signals/language";
import { muted } from "../../styles/theme";
import { type ContactBody, ContactSheet, type SheetStart, sendChange, shownValue, useResendWait } from "./contact-sheet";
import { formatCountdown } from "../../lib/use-seconds-left";
import { phoneOf, splitPhone } from "./rules";
import type { SectionProps } from "./use-profile-form";

const rowCss = css`
  display: flex; flex-direction: column; gap: 8px; padding-block: 4px;
  & + & { border-top: 1px solid var(--line); padding-block-start: 14px; }
  & .top { display: flex; align-items: center; gap: 10px; }
  & .what { flex: 1; min-width: 0; }
  & .label { margin: 0; font-size: 13px; color: var(--muted); }
  & .value { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
const pendingCss = css`
  display: flex; flex-direction: column; gap: 6px; padding: 10px 12px; border-radius: 10px; background: #fef3c7; color: #78350f;
  & p { margin: 0; font-size: 14px; overflow-wrap: anywhere; }
  & .actions { display: flex; flex-wrap: wrap; gap: 8px; }
  & button { min-height: 44px; padding: 6px 12px; }
`;

/** The change that waits for its code, as POST /user/change_contact would send it again. */
function bodyOf(p: PendingContact): ContactBody | null {
  if (p.kind === "email") return { kind: "email", email: p.value };
  // The server names the parts of a mobile number beside its E.164 value; otherwise the value is read.
  const parts =
    typeof p.cntry_code === "string" && typeof p.mob_no === "string" && p.mob_no ? { cntry_code: p.cntry_code, mob_no: p.mob_no } : splitPhone(p.value);
  return parts ? { kind: "mobile", ...parts } : null;
}

/** How a waiting change reads: the email, or the number as "+968 92345678". */
function shownPending(p: PendingContact): string {
  const body = bodyOf(p);
  return body ? shownValue(body) : p.value;
}

/** An email that may break after its "@" (not mid-word) when the row is too narrow for it whole. */
function Breakable({ value }: { value: string }) {
  const at = value.indexOf("@");
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

/** Email and mobile, each with Change; a change waiting for its code says where it went, with Enter code and Resend. */
export function ContactSection({ profile, onSaved, onDirty }: SectionProps) {
  useSignals();
  const [sheet, setSheet] = useState<SheetStart | null>(null);
  const [resending, setResending] = useState<ContactKind | null>(null);
  // As the sheet counts it: a code just sent (here or in the sheet) may not be asked for again for a minute.
  const waits: Record<ContactKind, number> = { email: useResendWait("email"), mobile: useResendWait("mobile") };

  const resend = async (p: PendingContact) => {
    const body = bodyOf(p);
    if (!body) {
      setSheet({ kind: p.kind, step: "value" });
      return;
    }
    setResending(p.kind);
    await sendChange(body, profile, onSaved);
    setResending(null);
  };

  const row = (kind: ContactKind, label: string, value: string) => {
    const pending = profile.pending?.find((p) => p.kind === kind);
    const labelId = `profile-${kind}-label`;
    return (
      <div className={rowCss} data-testid={`contact-${kind}`}>
        <div className="top">
          <div className="what">
            <p id={labelId} className="label">
              {label}
            </p>
            <p className="value">
              {value ? (
                <bdi dir="ltr">
                  <Breakable value={value} />
                </bdi>
              ) : (
                <span className={muted}>{t("account.none")}</span>
              )}
            </p>
          </div>
          <Button variant="secondary" aria-describedby={labelId} onClick={() => setSheet({ kind, step: "value" })}>
            {t(value ? "account.contact.change" : "account.contact.add")}
          </Button>
        </div>
        {pending && (
          <div className={pendingCss} role="status">
            <p>
              {t("account.contact.waiting")} <bdi dir="ltr">{shownPending(pending)}</bdi>
            </p>
            <div className="actions">
              <Button variant="secondary" onClick={() => setSheet({ kind, step: "code", sentTo: shownPending(pending), body: bodyOf(pending) })}>
                {t("account.contact.enterCode")}
              </Button>
              <Button
                variant="ghost"
                disabled={resending === kind || waits[kind] > 0}
                aria-describedby={waits[kind] > 0 ? `profile-${kind}-wait` : undefined}
                onClick={() => void resend(pending)}
              >
                {resending === kind ? t("account.contact.sending") : t("account.contact.resend")}
              </Button>
            </div>
            {waits[kind] > 0 && (
              <p id={`profile-${kind}-wait`} className={hintCss}>
                {t("auth.countdown.wait", { time: formatCountdown(waits[kind]) })}
              </p>
            )}
          </div>
        )}
      </div>
    );
  };

  return (
    <AccountSection id="profile-contact" title={t("account.contact.title")} testId="contact-section">
      <div>
        {row("email", t("account.contact.email"), profile.email ?? "")}
        {row("mobile", t("account.contact.mobile"), phoneOf(profile))}
      </div>
      {sheet && <ContactSheet start={sheet} profile={profile} onClose={() => setSheet(null)} onSaved={onSaved} onDirty={onDirty} />}
    </AccountSection>
  );
}
