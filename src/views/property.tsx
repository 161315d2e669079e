import { useSignals } from "@preact/signals-react/runtime";
import type { ViewProps } from "../paths";
import { t } from "../signals/language";
import { page } from "../styles/theme";

/** SPEC.md: the property screen is only a placeholder showing the word Property. */
export function PropertyView(_: ViewProps) {
  useSignals();
  return (
    <main className={page}>
      <h1>{t("titles.property")}</h1>
    </main>
  );
}
