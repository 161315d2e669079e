import { css } from "goober";
import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchSupportInfo, sendSupportMessage } from "../../api/support";
import { AccountSection, actionsCss, hintCss } from "../../components/account/parts";
import { DiscardChanges } from "../../components/DiscardChanges";
import { telLink, whatsappLink } from "../../components/issues/ContactCard";
import { LoadError, Loading } from "../../components/property/parts";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button, Field, TextField } from "../../components/ui";
import { typedDir } from "../../lib/typed-dir";
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, supportMessage } from "../../contract/support";
import { navigate } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { useResource } from "../../lib/use-resource";
import { homeFor, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { role } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { page, stack } from "../../styles/theme";
import { errorTexts } from "../../lib/error-texts";
import { checkWith, dropError, failureOf, focusFirstError } from "./form-check";

const KEYS = { [SUPPORT_MESSAGES.messageRequired]: "account.errors.message", [SUPPORT_MESSAGES.messageTooLong]: "account.errors.messageTooLong" };

const linkBase = `
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 48px; padding: 10px 14px;
  border-radius: 10px; font-weight: 600; text-decoration: none; border: 1px solid;
`;
// Each link's colours in its own class: goober shares a class between identical rules, so an override class defined
// here could come before the base in the stylesheet (the issue screen's WhatsApp button has the same rule).
const actionLink = css`${linkBase} border-color: var(--brand); background: #fff; color: var(--brand-dark);`;
const waLink = css`${linkBase} border-color: #166534; background: #166534; color: #fff;`;
const counterCss = css`font-size: 13px; color: var(--muted); text-align: end; margin: 0;`;
const textareaCss = css`resize: vertical; min-height: 140px; &[aria-invalid="true"] { border-color: var(--danger); }`;

const EMPTY = { subject: "", message: "" };

/** Call, WhatsApp (with a greeting ready) and email the support desk, as GET /support/info names them. */
function SupportLinks() {
  useSignals();
  const info = useResource((signal) => fetchSupportInfo(signal), []);
  if (info.loading) return <Loading />;
  if (info.error || !info.data) return <LoadError retry={info.retry} text="account.support.loadError" testId="support-error" />;
  const { phone, whatsapp, email } = info.data;
  if (!phone && !whatsapp && !email) return <p className={hintCss}>{t("account.support.noLinks")}</p>;
  return (
    <div className={actionsCss}>
      {whatsapp && (
        <a
          className={waLink}
          href={whatsappLink(whatsapp, t("account.support.whatsappText", { app: t("app.name") }))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("account.support.whatsapp")}
        </a>
      )}
      {phone && (
        <a className={actionLink} href={telLink(phone)}>
          {t("account.support.call")} <bdi dir="ltr">{phone}</bdi>
        </a>
      )}
      {email && (
        <a className={actionLink} href={`mailto:${email}`}>
          {t("account.support.email")}
        </a>
      )}
    </div>
  );
}

/** /contact (roles 0, 1): call and WhatsApp the support desk, or write to it (POST /support/contact). */
export function ContactView({ title }: ViewProps) {
  useSignals();
  const [form, setForm] = useState(EMPTY);
  const [errorKeys, setErrors] = useState<Record<string, string>>({});
  const errors = errorTexts(errorKeys);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const dirty = !!(form.subject.trim() || form.message.trim());
  const guard = useDiscardGuard(dirty);
  const back = () => guard.leave(() => goBack(homeFor(role.value)));

  const set = (field: keyof typeof EMPTY, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(dropError(field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkWith(supportMessage, { message: form.message, ...(form.subject.trim() ? { subject: form.subject } : {}) }, KEYS);
    if (!checked.data) {
      setErrors(checked.errors);
      focusFirstError(ref.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await sendSupportMessage(checked.data);
      setForm(EMPTY);
      setErrors({});
      showToast({ key: "account.support.sent", message: answer.message }, "success", { id: "support-message" });
    } catch (err) {
      const failure = await failureOf(err);
      setErrors(failure.errors);
      showToast({ key: "account.support.failed", message: failure.detail }, "error", { id: "support-message" });
    } finally {
      setBusy(false);
    }
  };

  const max = SUPPORT_LIMITS.messageMax;
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} onBack={back} />
      <div className={stack}>
        <AccountSection id="support-reach" title={t("account.support.reachTitle")}>
          <p className={hintCss}>{t("account.support.reachHint")}</p>
          <SupportLinks />
        </AccountSection>
        <AccountSection id="support-write" title={t("account.support.writeTitle")}>
          <form ref={ref} className={stack} noValidate onSubmit={submit}>
            <TextField
              id="support-subject"
              label={t("account.support.subject")}
              maxLength={SUPPORT_LIMITS.subjectMax}
              value={form.subject}
              error={errors.subject}
              onChange={(e) => set("subject", e.currentTarget.value)}
            />
            <Field id="support-message" label={t("account.support.message")} error={errors.message}>
              <textarea
                id="support-message"
                rows={6}
                required
                maxLength={max}
                className={textareaCss}
                value={form.message}
                dir={typedDir(form.message)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "support-message-error support-message-count" : "support-message-count"}
                onChange={(e) => set("message", e.currentTarget.value)}
              />
              <p id="support-message-count" className={counterCss}>
                <bdi dir="ltr">{t("account.support.count", { n: form.message.length, max })}</bdi>
              </p>
            </Field>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t("account.support.sending") : t("account.support.send")}
            </Button>
          </form>
        </AccountSection>
      </div>
      <DiscardChanges guard={guard} />
    </main>
  );
}
