import { css } from "goober";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchInviteInfo } from "../../api/property";
import { acceptInvite } from "../../api/property-edit";
import { Button, Spinner } from "../../components/ui";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";
import { homeFor, paths, type ViewProps } from "../../paths";
import { lang, setLanguage, t } from "../../signals/language";
import { isAuthenticated, role, user } from "../../signals/session";
import { authToast } from "../../signals/toasts";
import { NewPasswordField, TermsRow } from "../../components/AccountFields";
import { failureOf, focusFirstError } from "../property/failure";
import { notice } from "../../styles/theme";
import { AuthLayout, formCss, inlineLink } from "./auth-layout";

const who = css`
  margin: 0; padding: 12px 14px; border-radius: 10px; background: var(--brand-soft); color: var(--brand-dark);
  display: flex; flex-direction: column; gap: 4px;
`;

/** An invitation that can no longer be used: the server answers 410 (expired or used) or 422 (unknown) with a detail. */
const isDeadLink = (status: number | null) => status === 410 || status === 422;

/**
 * /invite?token=T (public): who invited the person and to what, a new password and the terms, then the invitation is
 * accepted, the person is signed in and lands on their role's home. A dead link says so and offers Forgot password.
 */
export function InviteView({ title }: ViewProps) {
  useSignals();
  // Without direction marks: a message shared before they were kept out of links carried them after the token.
  const query = new URLSearchParams(useHashSearch());
  const token = (query.get("token") ?? "").replace(/[\u200e\u200f\u2066-\u2069]/g, "");
  // The language the invitation was written in (the link's lang=), once as the screen opens; the switch stays free.
  const linkLang = query.get("lang");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link
  useEffect(() => {
    if ((linkLang === "ar" || linkLang === "en") && linkLang !== lang.peek()) void setLanguage(linkLang);
  }, [linkLang]);
  // A dead link's sentence is the server's, in the language the request asked for: the first request waits for the
  // link's language, and a dead link is read again when the user switches (a live one is not: its form stays as typed).
  const [langReady, setLangReady] = useState(!(linkLang === "ar" || linkLang === "en") || linkLang === lang.peek());
  if (!langReady && lang.value === linkLang) setLangReady(true);
  const deadRead = useRef(false);
  const info = useResource(
    async (signal) => {
      try {
        return { ok: true as const, data: await fetchInviteInfo(token, signal) };
      } catch (e) {
        const failure = await failureOf(e);
        if (isDeadLink(failure.status)) return { ok: false as const, detail: failure.detail };
        throw e;
      }
    },
    [token, deadRead.current ? lang.value : ""],
    { enabled: token.length > 0 && langReady },
  );
  const [password, setPassword] = useState("");
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dead, setDead] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const deadLink = (detail?: string | null) => (
    <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
      <p role="alert" className={notice}>
        {/* The server's words say to sign in: not for someone signed in already. */}
        {(!isAuthenticated.value && detail) || t("propertyForms.invite.dead")}
      </p>
      {isAuthenticated.value ? (
        // Signed in already (the invited person, back on the link): their home, not a sign-in they do not need.
        <>
          <p className={css`margin: 0;`}>{t("propertyForms.invite.deadSignedIn", { name: String(user.value?.name ?? user.value?.email ?? "") })}</p>
          <a className={inlineLink} href={`#${homeFor(role.value)}`}>
            {t("propertyForms.invite.toHome")}
          </a>
        </>
      ) : (
        <>
          <p className={css`margin: 0;`}>{t("propertyForms.invite.deadHint")}</p>
          <a className={inlineLink} href={`#${paths.login}`}>
            {t("login.submit")}
          </a>
          <a className={inlineLink} href={`#${paths.forgot}`}>
            {t("login.forgot")}
          </a>
        </>
      )}
    </div>
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // The rules of the contract's acceptInvite (8 to 128 characters, the terms), checked here without loading the
    // contract file, which brings the phone-number metadata (34 KB of gzip) a tenant's first screen does not need.
    // The server validates the body with the schema itself.
    const problems: Record<string, string> = {};
    if (password.length < 8) problems.password = t("register.errors.passwordShort");
    else if (password.length > 128) problems.password = t("propertyForms.invite.passwordLong");
    if (!terms) problems.terms_service = t("register.termsRequired");
    if (Object.keys(problems).length) {
      setErrors(problems);
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const session = await acceptInvite(token, password);
      authToast({ key: "propertyForms.invite.welcome" }, "success");
      navigate(homeFor(session.role), { replace: true });
    } catch (err) {
      const failure = await failureOf(err);
      setBusy(false);
      if (isDeadLink(failure.status) && !failure.errors.password) {
        setDead(failure.detail ?? t("propertyForms.invite.dead"));
        return;
      }
      setErrors(failure.errors);
      authToast({ key: "propertyForms.invite.failed", message: failure.detail }, "error");
      focusFirstError(formRef.current);
    }
  }

  let body: ReactNode;
  const isDead = !token || !!dead || info.data?.ok === false;
  if (!token) body = deadLink(null);
  else if (dead) body = deadLink(dead);
  else if (info.loading) body = <Spinner />;
  else if (info.error || !info.data)
    body = (
      <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
        <p role="alert">{t("propertyForms.invite.loadFailed")}</p>
        <Button variant="secondary" onClick={info.retry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  else if (!info.data.ok) {
    deadRead.current = true;
    body = deadLink(info.data.detail);
  } else {
    const d = info.data.data;
    // A tenant is invited to their unit; an employee to their company.
    const place = [d.property_name, d.unit_name].filter(Boolean).join(" · ") || d.company_name || "";
    body = (
      <>
        <div className={who} data-testid="invite-who">
          <strong>{t("propertyForms.invite.hello", { name: d.name })}</strong>
          <span>
            {d.inviter_name ? t("propertyForms.invite.invitedBy", { inviter: d.inviter_name }) : t("propertyForms.invite.invited")}
            {place && (
              <>
                {" "}
                <bdi>{place}</bdi>
              </>
            )}
          </span>
        </div>
        {isAuthenticated.value && (
          <p className={notice} role="note">
            {t("propertyForms.invite.signedIn", { name: String(user.value?.name ?? user.value?.email ?? "") })}
          </p>
        )}
        <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
          <NewPasswordField
            idPrefix="invite"
            value={password}
            error={errors.password}
            onChange={(v) => {
              setPassword(v);
              setErrors(({ password: _, ...rest }) => rest);
            }}
          />
          <TermsRow
            idPrefix="invite"
            checked={terms}
            error={errors.terms_service}
            onChange={(v) => {
              setTerms(v);
              setErrors(({ terms_service: _, ...rest }) => rest);
            }}
          />
          <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("propertyForms.invite.submitting") : t("propertyForms.invite.submit")}
          </Button>
        </form>
      </>
    );
  }

  return (
    <AuthLayout heading={t(title)} prompt={isDead ? undefined : t("propertyForms.invite.prompt")}>
      {body}
    </AuthLayout>
  );
}
