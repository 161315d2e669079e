import type { ViewProps } from "../../paths";
import { PlaceholderView } from "../placeholder";

/** /property/addissues (issue 11): being built. */
export function ReportIssueView(props: ViewProps) {
  return <PlaceholderView {...props} />;
}
