import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Issue } from "../../contract/issues";
import { userFileUrl } from "../../lib/media";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { cx } from "../../styles/theme";
import { section } from "./styles";
import { personName } from "../../lib/person";
import { wholePhoneText } from "../../lib/phone";
import { whatsappUrl } from "../../lib/whatsapp";

const WA_TEXT = "Hello there";
/**
 * Digits of a number for wa.me with a prepared message: SPEC.md section 9's 'Hello there', or (issue 13, D22) a
 * sentence in the user's language naming the repair the two people write about.
 */
export const whatsappLink = (mobile: string, text = WA_TEXT) => whatsappUrl(mobile, text);
export const telLink = (mobile: string) => `tel:${mobile.replace(/[^\d+]/g, "")}`;

const box = css`
  display: flex; flex-direction: column; gap: 12px;
  & .who { display: flex; gap: 12px; align-items: center; }
  & .who img, & .who .avatar { width: 52px; height: 52px; border-radius: 50%; object-fit: cover; flex: none; background: var(--brand-soft); color: var(--brand-dark); display: flex; align-items: center; justify-content: center; }
  & .who p { margin: 0; }
  & .num, & .none { color: var(--muted); font-size: 14px; }
  & .num { direction: ltr; unicode-bidi: isolate; }
  /* No number yet: the buttons still say why when tapped (SPEC.md's toasts), but do not look ready to call. */
  & .actions .none { background: var(--bg); border-color: var(--line); color: #4b5563; }
  & .actions { display: flex; gap: 10px; }
  & .actions > * { flex: 1; }
`;
/** A call or WhatsApp link as a 48 px button (the contact card, the map's cards). */
export const action = css`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 48px; padding: 10px 14px;
  border-radius: 10px; font-weight: 600; text-decoration: none; cursor: pointer; border: 1px solid var(--brand);
  background: #fff; color: var(--brand-dark); font-size: 15px;
`;
export const wa = css`background: #166534; border-color: #166534; color: #fff;`;

function Avatar() {
  return (
    <div className="avatar" role="img" aria-label={t("contact.profilePicture")}>
      <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="8" r="4.2" fill="currentColor" />
        <path d="M3.5 21c.8-4.6 4.2-7 8.5-7s7.7 2.4 8.5 7z" fill="currentColor" />
      </svg>
    </div>
  );
}

export const WaIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M12 2a10 10 0 0 0-8.7 14.9L2 22l5.3-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2.1 1-2.4c.3-.3.6-.3.8-.3h.6c.2 0 .4 0 .6.5l.8 2c.1.2.1.4 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.7-.1l1.9.9c.3.1.5.2.5.3.1.1.1.7-.1 1.3z"
      fill="currentColor"
    />
  </svg>
);
export const PhoneIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
      fill="currentColor"
    />
  </svg>
);

/** The contact card of the person who reported an issue (its creater_* fields), the WhatsApp message naming it. */
export const ReporterCard = ({ issue, title }: { issue: Issue; title: string }) => (
  <ContactCard
    title={title}
    name={issue.creater_name}
    mobile={issue.creater_mob_no}
    profile={issue.creater_profile[0]?.path}
    repair={issue.title}
    // A job only offered to a technician carries no number until they take it (the server keeps it back).
    noNumberKey={issue.offered && !issue.creater_mob_no ? "contact.afterAccept" : undefined}
  />
);

/** Contact details: avatar, name, number, WhatsApp and call; without a number each action shows its error toast. */
export function ContactCard({
  title,
  name,
  mobile,
  profile,
  id = "contact-title",
  repair,
  noNumberKey,
}: {
  title: string;
  name: string | null;
  mobile: string | null;
  profile?: string | null;
  /** The heading's id: a screen with two cards (creator and technician) gives each its own. */
  id?: string;
  /** The repair's title: the WhatsApp message then greets the person and names it, in the user's language. */
  repair?: string | null;
  /** Why there is no number, when it is known (shown in its place and said by the buttons). */
  noNumberKey?: string;
}) {
  useSignals();
  const who = personName(name) || t("contact.unknownName");
  const hasNumber = !!mobile && /\d/.test(mobile);
  // A picture that fails to load (a patchy network) gives way to the plain avatar, not a broken-image icon.
  const [failed, setFailed] = useState(false);
  return (
    <section className={cx(section, box)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="who">
        {profile && !failed ? (
          <img src={userFileUrl(profile)} alt={t("contact.profilePicture")} width={52} height={52} onError={() => setFailed(true)} />
        ) : (
          <Avatar />
        )}
        <div>
          <p>
            <strong dir="auto">{who}</strong>
          </p>
          {/* A number reads left to right; the sentence saying why there is none takes the page's direction. */}
          <p className={hasNumber ? "num" : "none"}>{hasNumber ? wholePhoneText(mobile!) : t(noNumberKey ?? "contact.noNumber")}</p>
        </div>
      </div>
      <div className="actions">
        {hasNumber ? (
          <a
            className={`${action} ${wa}`}
            href={whatsappLink(mobile!, repair ? t(name ? "notifications.whatsapp" : "notifications.whatsappAnon", { name, title: repair }) : undefined)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("contact.whatsappLabel", { name: who })}
          >
            <WaIcon />
            {t("contact.whatsapp")}
          </a>
        ) : (
          <button
            type="button"
            className={`${action} none`}
            onClick={() => showToast({ key: noNumberKey ?? "contact.phoneError" }, "error", { id: "contact-error" })}
          >
            <WaIcon />
            {t("contact.whatsapp")}
          </button>
        )}
        {hasNumber ? (
          <a className={action} href={telLink(mobile!)} aria-label={t("contact.callLabel", { name: who })}>
            <PhoneIcon />
            {t("contact.call")}
          </a>
        ) : (
          <button
            type="button"
            className={`${action} none`}
            onClick={() => showToast({ key: noNumberKey ?? "contact.noTenant" }, "error", { id: "contact-error" })}
          >
            <PhoneIcon />
            {t("contact.call")}
          </button>
        )}
      </div>
    </section>
  );
}
