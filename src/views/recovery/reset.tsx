import type { ViewProps } from "../../routes";
import { PlaceholderView } from "../../views/placeholder";

// Stub: replaced by the screen's own issue.
export function ResetPasswordView(props: ViewProps) {
  return <PlaceholderView {...props} />;
}
