// Where in its property an issue is: its unit, or the common areas for an issue of the property as a whole (a lift,
// the roof, the gate: unit_id null). Nothing when the answer says neither.
import { t } from "../../signals/language";

type Place = { unit_id?: number | null; unit_name?: string | null };

/** The unit's name ("101"), or "Common areas", as a form's "Unit:" line says it. */
export const unitName = (issue: Place): string | null => issue.unit_name || (issue.unit_id === null ? t("repair.card.common") : null);

/** As a card or a job says it: "Unit 101", or "Common areas". */
export const unitText = (issue: Place): string | null => (issue.unit_name ? t("repair.card.unit", { name: issue.unit_name }) : unitName(issue));
