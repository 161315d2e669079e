import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { StatusTabs } from "./StatusTabs";
import { Spinner } from "./ui";

export type ListOrMap = "list" | "map";
const VIEWS: ListOrMap[] = ["list", "map"];

/** The view a list screen's query asks for (`view=map`); the list when absent. */
export const viewOf = (search: string): ListOrMap => (new URLSearchParams(search).get("view") === "map" ? "map" : "list");

/**
 * List | Map above a list screen (issue 17: /jobs, the manager's /repair and /home). ARIA tabs like Open | Closed; the
 * panel is the caller's, with id `view-panel`, labelled by `view-tab-${value}`.
 */
export function ViewSwitch({ value, onSelect }: { value: ListOrMap; onSelect: (next: ListOrMap) => void }) {
  useSignals();
  return (
    <StatusTabs
      tabs={VIEWS}
      value={value}
      onSelect={onSelect}
      label={t("map.switchLabel")}
      labelOf={(v) => t(v === "map" ? "map.map" : "map.list")}
      idPrefix="view"
      className={css`margin-bottom: 14px;`}
    />
  );
}

/** What shows while the map's code arrives. */
export function MapSpinner() {
  useSignals();
  return (
    <div className={css`display: flex; justify-content: center; padding: 24px;`}>
      <Spinner label={t("map.loading")} />
    </div>
  );
}
