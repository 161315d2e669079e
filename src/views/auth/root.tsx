import { useSignals } from "@preact/signals-react/runtime";
import { readKey } from "../../lib/storage";
import type { ViewProps } from "../../paths";
import { LoginView } from "./login";
import { WelcomeView } from "./welcome";

/** `/`: the login screen once onboarding is done (oncmp = 1), else the welcome screen. */
export function RootView(props: ViewProps) {
  useSignals();
  return readKey("oncmp") === "1" ? <LoginView {...props} title="titles.login" /> : <WelcomeView {...props} />;
}
