import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../components/ui";
import { navigate } from "../lib/hash-location";
import { goBack } from "../lib/go-back";
import { homeFor, paths, type ViewProps } from "../paths";
import { t } from "../signals/language";
import { isAuthenticated, role } from "../signals/session";
import { centered } from "../styles/theme";

/** 404: Go back goes one step back when signed in (home when the app opened here), otherwise to /login. */
export function NotFoundView(_: ViewProps) {
  useSignals();
  const back = () => (isAuthenticated.value ? goBack(homeFor(role.value)) : navigate(paths.login, { replace: true }));
  return (
    <main className={centered}>
      <p className={css`font-size: 64px; font-weight: 800; color: var(--brand); margin: 0;`} aria-hidden="true">
        404
      </p>
      <h1 className={css`font-size: 22px;`}>{t("notFound.title")}</h1>
      <p>{t("notFound.message")}</p>
      <Button onClick={back}>{t("notFound.goBack")}</Button>
    </main>
  );
}
