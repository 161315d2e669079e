import { overlayTarget } from "../Overlay";
import { css } from "goober";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useSignals } from "@preact/signals-react/runtime";
import type { MediaKind } from "../../lib/media";
import { t } from "../../signals/language";
import { IconButton, Spinner } from "../ui";

const screen = css`
  position: fixed; inset: 0; z-index: 90; background: rgba(0, 0, 0, 0.92); display: flex; align-items: center; justify-content: center;
  & img, & video { max-width: 100%; max-height: 100%; object-fit: contain; }
  & .spin { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
  & .err { color: #fff; padding: 24px; text-align: center; }
`;
const closeCss = css`position: absolute; top: 10px; inset-inline-end: 10px; z-index: 1; background: rgba(255, 255, 255, 0.18); color: #fff;`;

export interface ViewerItem {
  kind: MediaKind;
  url: string;
  name: string;
}

/** Full-screen viewer: a spinner until the file has loaded, a close button, Escape closes (SPEC.md section 2). */
export function MediaViewer({ item, onClose }: { item: ViewerItem; onClose: () => void }) {
  useSignals();
  const [status, setStatus] = useState<"loading" | "loaded" | "failed">("loading");
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    boxRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, []);
  return createPortal(
    <div ref={boxRef} className={screen} role="dialog" aria-modal="true" aria-label={t("gallery.viewer")} data-testid="media-viewer">
      <IconButton label={t("gallery.close")} className={closeCss} onClick={onClose}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </IconButton>
      {status === "loading" && (
        <div className="spin">
          <Spinner />
        </div>
      )}
      {status === "failed" ? (
        <p className="err" role="alert">
          {t("gallery.loadError")}
        </p>
      ) : item.kind === "image" ? (
        <img
          src={item.url}
          alt={item.name}
          onLoad={() => setStatus("loaded")}
          onError={() => setStatus("failed")}
          style={status === "loading" ? { opacity: 0 } : undefined}
        />
      ) : (
        <video
          src={item.url}
          controls
          autoPlay
          playsInline
          aria-label={item.name}
          onLoadedData={() => setStatus("loaded")}
          onError={() => setStatus("failed")}
          style={status === "loading" ? { opacity: 0 } : undefined}
        />
      )}
    </div>,
    overlayTarget(),
  );
}
