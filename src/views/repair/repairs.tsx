import type { ViewProps } from "../../paths";
import { PlaceholderView } from "../placeholder";

/** /repair (issue 11): being built. */
export function RepairsView(props: ViewProps) {
  return <PlaceholderView {...props} />;
}
