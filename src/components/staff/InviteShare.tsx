import { css } from "goober";
import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { StaffRecord } from "../../contract/staff";
import { t } from "../../signals/language";
import { ShareMessage } from "../ShareMessage";
import { Button } from "../ui";

const boxCss = css`
  display: flex; flex-direction: column; gap: 10px; padding: 14px; margin-bottom: 16px; border-radius: 12px; background: var(--brand-soft);
  /* Scrolled to as it appears: clear of the sticky header above it. */
  & h2 { font-size: 17px; margin: 0; overflow-wrap: anywhere; scroll-margin-top: 72px; }
  & p { margin: 0; }
`;
/** An employee's invitation to send: who, the one-time link, and the company that invites them. */
export interface StaffInvite {
  name: string;
  url: string;
  /** The employee's mobile with its dial code (the WhatsApp chat to open), when known. */
  phone: string | null;
  company: string | null;
  /** A new link for one who had not opened the first ("Invite again"). */
  again?: boolean;
}

/** The invitation to send an employee: to their mobile, from their company. */
export const inviteOf = (s: StaffRecord, url: string, again = false): StaffInvite => ({
  name: s.name,
  url,
  phone: s.mob_no ? `${s.cntry_code ?? ""}${s.mob_no}` : null,
  company: s.comp_name,
  again,
});

/**
 * The invitation a manager sends a new employee (LOOP.md section 1: employees get the tenants' link, mailed and offered
 * as a prepared WhatsApp message, as many have only a mobile): the message with the link, Send on WhatsApp and Copy.
 * It takes the focus as it appears, so that the manager, whose sheet has just closed, lands on it.
 */
export function InviteShare({ invite, onDone }: { invite: StaffInvite; onDone: () => void }) {
  useSignals();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link
  useEffect(() => {
    // A frame later: the closing sheet gives the focus back to the button that opened it in the same commit, which
    // scrolled the page again and left the heading under the sticky header (walked at 360 px).
    const frame = requestAnimationFrame(() => {
      titleRef.current?.focus({ preventScroll: true });
      titleRef.current?.scrollIntoView?.({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [invite.url]);
  const message = t("staff.invite.whatsappText", { app: t("app.name"), name: invite.name, company: invite.company ?? "", url: invite.url });
  return (
    <section className={boxCss} aria-labelledby="staff-invite-title" data-testid="staff-invite">
      <h2 id="staff-invite-title" ref={titleRef} tabIndex={-1}>
        {t(invite.again ? "staff.invite.againTitle" : "staff.invite.addedTitle", { name: invite.name })}
      </h2>
      <p>{t("staff.invite.hint", { name: invite.name })}</p>
      <ShareMessage key={invite.url} id="staff-invite-message" message={message} phone={invite.phone} words="staff.invite" />
      <Button variant="ghost" onClick={onDone}>
        {t("staff.invite.done")}
      </Button>
    </section>
  );
}
