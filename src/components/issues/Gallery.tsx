import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { MediaItem } from "../../contract/issues";
import { type MediaKind, mediaKind, mediaUrl } from "../../lib/media";
import { t } from "../../signals/language";
import { useAfterFirstScreen } from "../AfterFirstScreen";
import { section } from "./styles";
// The viewer stays in the gallery's chunk (1.7 KB): loaded lazily, React's build missed the video's loadeddata and
// kept its spinner.
import { MediaViewer, type ViewerItem } from "./MediaViewer";

// 2 to 5 columns by width: a cell is never narrower than a fifth of the row, nor wider than allows two.
const grid = css`
  display: grid; gap: 8px; margin: 0; padding: 0; list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(max(calc((100% - 32px) / 5), min(120px, calc((100% - 8px) / 2))), 1fr));
  & button {
    position: relative; display: block; width: 100%; aspect-ratio: 1; padding: 0; border: 1px solid var(--line); border-radius: 10px;
    overflow: hidden; background: #e5e7eb; cursor: pointer;
  }
  & img, & video { width: 100%; height: 100%; object-fit: cover; display: block; }
  & .play { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; color: #fff; background: rgba(0, 0, 0, 0.25); }
`;

/**
 * Image or video: the server's `kind` when it says (an upload's stored name may carry no extension), else the file
 * name's extension (SPEC.md section 2).
 */
export function mediaItemKind(m: { file_name: string; kind?: unknown }): MediaKind | null {
  if (m.kind === "image" || m.kind === "video") return m.kind;
  return mediaKind(m.file_name);
}

/** The issue gallery: count, grid of images and videos (typed by extension), full-screen viewer, empty message. */
export function Gallery({ images, videos }: { images: MediaItem[]; videos: MediaItem[] }) {
  useSignals();
  const later = useAfterFirstScreen();
  const [open, setOpen] = useState<ViewerItem | null>(null);
  const items = [...images, ...videos]
    .map((m) => ({ ...m, kind: mediaItemKind(m) }))
    .filter((m): m is MediaItem & { kind: "image" | "video" } => m.kind !== null);
  let imageNo = 0;
  let videoNo = 0;
  return (
    <section className={section} aria-labelledby="gallery-title" data-testid="gallery">
      <h2 id="gallery-title">
        {t("gallery.title")} <span className={css`color: var(--muted); font-size: 15px; font-weight: 500;`}>({t("gallery.count", { n: images.length })})</span>
      </h2>
      {items.length === 0 ? (
        <p>{t("gallery.empty")}</p>
      ) : (
        <ul className={grid}>
          {items.map((m) => {
            const name = m.kind === "image" ? t("gallery.image", { n: ++imageNo }) : t("gallery.video", { n: ++videoNo });
            const url = mediaUrl(m);
            return (
              <li key={m.media_id ?? (m.path || url)}>
                <button type="button" aria-label={t("gallery.open", { name })} onClick={() => setOpen({ kind: m.kind, url, name })}>
                  {m.kind === "image" ? (
                    <img src={url} alt="" loading="lazy" />
                  ) : (
                    <>
                      {/* A video's first frame, once the screen is up: the start of a video is heavier than a photo. */}
                      {later && <video src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />}
                      <span className="play" aria-hidden="true">
                        <svg width="36" height="36" viewBox="0 0 24 24">
                          <circle cx="12" cy="12" r="11" fill="rgba(0,0,0,0.5)" />
                          <path d="M10 8l6 4-6 4z" fill="#fff" />
                        </svg>
                      </span>
                    </>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {open && <MediaViewer item={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
