import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { Overlay } from "./Overlay";

// Stub: the verify-info form comes in its own issue.
export function VerifyInfoModal({ onClose }: { onClose: () => void }) {
  useSignals();
  return <Overlay open title={t("verifyInfo.title")} onClose={onClose}>{null}</Overlay>;
}
