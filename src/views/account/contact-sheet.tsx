import { css } from "goober";
import { type FormEvent, useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProfile, requestContactChange, verifyContactChange } from "../../api/account";
import { actionsCss, hintCss } from "../../components/account/parts";
import { DialCodePicker } from "../../components/DialCodePicker";
import { OtpInput } from "../../components/OtpInput";
import { Overlay } from "../../components/Overlay";
import { Button, TextField } from "../../components/ui";
import type * as z from "zod/mini";
import { type AccountProfile, type ContactKind, changeContact, verifyContact } from "../../contract/account";
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import { t } from "../../signals/language";
import { user } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { errorText, stack } from "../../styles/theme";
import { check, failureOf } from "./rules";
import { errorTexts } from "../../lib/error-texts";
import { formatCountdown, useSecondsLeft } from "../../lib/use-seconds-left";
import { isHttpError } from "../../api/client";
import { signal } from "@preact/signals-react";
import { RESEND_COOLDOWN_MS } from "../../contract/auth";

/** A change of contact as POST /user/change_contact takes it (the mobile as its national number). */
export type ContactBody = z.output<typeof changeContact>;

const mobileRow = css`display: grid; grid-template-columns: minmax(112px, 38%) 1fr; gap: 8px; align-items: start;`;

/** Where the sheet opens: asking for the new value, or at the code of a change already sent (`body` to resend it). */
export type SheetStart = { kind: ContactKind; step: "value" } | { kind: ContactKind; step: "code"; sentTo: string; body: ContactBody | null };

/** How a contact detail being changed reads: the email, or "+968 91234567". */
export const shownValue = (body: ContactBody) => (body.kind === "email" ? body.email : `${body.cntry_code} ${body.mob_no}`);

/**
 * When a new code may be asked for each kind (ms since 1970): the server refuses one within a minute of the last
 * (RESEND_COOLDOWN_MS), and says how long is left (Retry-After). Kept here, not in the sheet: the sheet and the
 * profile's "Waiting for the code" row both offer "Send the code again", and the sheet may be closed and opened again.
 */
export const resendAfter = signal<Record<string, number>>({});
/** Per account and kind: on a phone two people share, one's minute is not the other's. */
const waitKey = (kind: ContactKind) => `${user.peek()?.user_id ?? ""}:${kind}`;
const waitUntil = (kind: ContactKind, at: number) => {
  resendAfter.value = { ...resendAfter.value, [waitKey(kind)]: at };
};

/** Seconds until a new code may be asked for `kind` (0: now), ticking while there are any. */
export const useResendWait = (kind: ContactKind) => useSecondsLeft(resendAfter.value[waitKey(kind)] ?? null);

/**
 * Sends POST /user/change_contact: on success the change is pending (the answer's profile, or the value sent) and the
 * toast says where the code went; returns the failure otherwise (the toast already shown).
 */
export async function sendChange(
  body: ContactBody,
  profile: AccountProfile,
  onSaved: (p: AccountProfile) => void,
): Promise<{ ok: true } | { ok: false; errors: Record<string, string> }> {
  const value = shownValue(body);
  try {
    const answer = await requestContactChange(body);
    const others = (profile.pending ?? []).filter((p) => p.kind !== body.kind);
    onSaved(answer.data ?? { ...profile, pending: answer.pending ?? [...others, { kind: body.kind, value, expires_at: "" }] });
    showToast({ key: "account.contact.codeSent", params: { value }, message: answer.message }, "success", { id: "account-contact" });
    waitUntil(body.kind, Date.now() + RESEND_COOLDOWN_MS);
    return { ok: true };
  } catch (err) {
    // Too soon: wait as long as the server says.
    const retry = isHttpError(err) && err.response.status === 429 ? Number(err.response.headers.get("Retry-After")) : Number.NaN;
    if (retry > 0) waitUntil(body.kind, Date.now() + retry * 1000);
    const failure = await failureOf(err);
    showToast({ key: "account.contact.sendFailed", message: failure.detail }, "error", { id: "account-contact" });
    return { ok: false, errors: failure.errors };
  }
}

/**
 * The change of an email or mobile number (LOOP.md section 3): the new value (checked with the contract), a code sent
 * to it, and the code entered here. The old value stays until the code is verified.
 */
export function ContactSheet({
  start,
  profile,
  onClose,
  onSaved,
  onDirty,
}: {
  start: SheetStart;
  profile: AccountProfile;
  onClose: () => void;
  onSaved: (p: AccountProfile) => void;
  onDirty: (section: string, dirty: boolean) => void;
}) {
  useSignals();
  const kind = start.kind;
  const [step, setStep] = useState(start.step);
  const [email, setEmail] = useState("");
  const [dial, setDial] = useState(profile.cntry_code || DEFAULT_DIAL_CODE);
  const [mobile, setMobile] = useState("");
  const [sent, setSent] = useState<{ to: string; body: ContactBody | null }>(
    start.step === "code" ? { to: start.sentTo, body: start.body } : { to: "", body: null },
  );
  const [code, setCode] = useState("");
  const wait = useResendWait(kind);
  const [errorKeys, setErrors] = useState<Record<string, string>>({});
  const errors = errorTexts(errorKeys);
  const [busy, setBusy] = useState(false);

  const dirty = step === "value" ? !!(email.trim() || mobile.trim()) : !!code.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports this sheet's state only
  useEffect(() => onDirty("contact", dirty), [dirty]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on closing only
  useEffect(() => () => onDirty("contact", false), []);

  const send = async (body: ContactBody) => {
    setBusy(true);
    const outcome = await sendChange(body, profile, onSaved);
    setBusy(false);
    if (!outcome.ok) {
      setErrors(outcome.errors);
      return;
    }
    setSent({ to: shownValue(body), body });
    setErrors({});
    setCode("");
    setStep("code");
  };

  const submitValue = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const typed = kind === "email" ? { kind, email } : { kind, cntry_code: dial, mob_no: mobile };
    const checked = check(changeContact, typed);
    if (!checked.data) {
      setErrors(checked.errors);
      return;
    }
    void send(checked.data);
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(verifyContact, { kind, otp: code.replace(/\s/g, "") });
    if (!checked.data) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const answer = await verifyContactChange(checked.data);
      onSaved(answer.data ?? (await fetchProfile()));
      showToast({ key: "account.contact.changed", message: answer.message }, "success", { id: "account-contact" });
      onDirty("contact", false);
      onClose();
    } catch (err) {
      const failure = await failureOf(err);
      setErrors({ otp: failure.errors.otp ?? failure.detail ?? "account.contact.verifyFailed" });
      showToast({ key: "account.contact.verifyFailed", message: failure.detail }, "error", { id: "account-contact" });
      setBusy(false);
    }
  };

  const title = t(kind === "email" ? "account.contact.changeEmail" : "account.contact.changeMobile");
  return (
    <Overlay open kind="sheet" title={title} onClose={busy ? undefined : onClose}>
      {step === "value" ? (
        <form className={stack} noValidate onSubmit={submitValue} data-testid="contact-value-form">
          <p className={hintCss}>{t(kind === "email" ? "account.contact.emailPrompt" : "account.contact.mobilePrompt")}</p>
          {kind === "email" ? (
            <TextField
              id="contact-email"
              label={t("account.contact.newEmail")}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              error={errors.email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setErrors({});
              }}
            />
          ) : (
            <div className={mobileRow}>
              <DialCodePicker
                id="contact-dial"
                label={t("account.contact.dialCode")}
                value={dial}
                error={errors.cntry_code}
                onChange={(d) => {
                  setDial(d);
                  setErrors({});
                }}
              />
              <TextField
                id="contact-mobile"
                label={t("account.contact.newMobile")}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                dir="ltr"
                value={mobile}
                error={errors.mob_no}
                onChange={(e) => {
                  setMobile(e.currentTarget.value);
                  setErrors({});
                }}
              />
            </div>
          )}
          <div className={actionsCss}>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t("common.cancel")}
            </Button>
            {/* The server's minute is the account's, whatever the address: a code to another one waits it out too. */}
            <Button type="submit" disabled={busy || wait > 0} aria-busy={busy || undefined} aria-describedby={wait > 0 ? "contact-send-wait" : undefined}>
              {busy ? t("account.contact.sending") : t("account.contact.sendCode")}
            </Button>
          </div>
          {wait > 0 && (
            <p id="contact-send-wait" className={hintCss}>
              {t("auth.countdown.wait", { time: formatCountdown(wait) })}
            </p>
          )}
        </form>
      ) : (
        <form className={stack} noValidate onSubmit={submitCode} data-testid="contact-code-form">
          <p>
            {t("account.contact.codePrompt")} <bdi dir="ltr">{sent.to}</bdi>
          </p>
          <OtpInput
            id="contact-otp"
            value={code}
            onChange={(c) => {
              setCode(c);
              setErrors({});
            }}
            disabled={busy}
          />
          {errors.otp && (
            <p role="alert" className={errorText}>
              {errors.otp}
            </p>
          )}
          <Button type="submit" disabled={busy || code.replace(/\s/g, "").length < 6} aria-busy={busy || undefined}>
            {busy ? t("account.contact.verifying") : t("account.contact.verify")}
          </Button>
          <div className={actionsCss}>
            {sent.body && (
              <Button
                variant="ghost"
                disabled={busy || wait > 0}
                aria-describedby={wait > 0 ? "contact-resend-wait" : undefined}
                onClick={() => void send(sent.body as ContactBody)}
              >
                {t("account.contact.resend")}
              </Button>
            )}
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setErrors({});
                setCode("");
                setStep("value");
              }}
            >
              {t(kind === "email" ? "account.contact.anotherEmail" : "account.contact.anotherMobile")}
            </Button>
          </div>
          {sent.body && wait > 0 && (
            <p id="contact-resend-wait" className={hintCss}>
              {t("auth.countdown.wait", { time: formatCountdown(wait) })}
            </p>
          )}
        </form>
      )}
    </Overlay>
  );
}
