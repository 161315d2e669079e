import { useSignals } from "@preact/signals-react/runtime";
import { ScreenTitle } from "../components/ScreenTitle";
import type { ViewProps } from "../paths";
import { t } from "../signals/language";
import { page } from "../styles/theme";

/** D5: a screen whose content comes in a later issue shows its header, navigation and title, and nothing that pretends. */
export function PlaceholderView({ title }: ViewProps) {
  useSignals();
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
    </main>
  );
}
