import type { ViewProps } from "../../paths";
import { PlaceholderView } from "../placeholder";

/** /property/edit-issue (issue 11): being built. */
export function EditIssueView(props: ViewProps) {
  return <PlaceholderView {...props} />;
}
