// A signature drawn with a finger, a stylus or a mouse (issue 12, the work report): a canvas fed by pointer events,
// Clear, and the drawing exported as a PNG. The strokes are kept as points too, so "is anything drawn" never needs
// to read pixels, and a resized pad draws them again.
import { css } from "goober";
import { type PointerEvent as ReactPointerEvent, type Ref, useCallback, useEffect, useImperativeHandle, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../../signals/language";
import { muted } from "../../styles/theme";
import { Button } from "../ui";

export interface SignaturePadHandle {
  /** Whether anything is drawn. */
  readonly empty: boolean;
  /** The drawing as a PNG on a white background, or null when nothing is drawn (or the browser cannot export). */
  toPng(): Promise<Blob | null>;
  clear(): void;
}

type Point = [number, number];

const padCss = css`
  display: flex; flex-direction: column; gap: 8px;
  & canvas { display: block; width: 100%; height: 180px; border: 1px dashed var(--line); border-radius: 12px; background: #fff;
    touch-action: none; cursor: crosshair; }
  & .row { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
`;

/** The canvas's 2D context, or null where there is none (tests, a browser without canvas). */
function contextOf(c: HTMLCanvasElement | null) {
  try {
    return c?.getContext("2d") ?? null;
  } catch {
    return null;
  }
}

function dataUrlToBlob(url: string): Blob | null {
  const m = /^data:([^;,]+)(;base64)?,(.*)$/.exec(url);
  if (!m?.[2]) return null;
  const bin = atob(m[3]);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: m[1] });
}

/** The pad; `handle` gives the form its PNG. `onChange` tells whether anything is drawn after each stroke or clear. */
export function SignaturePad({ handle, label, onChange }: { handle: Ref<SignaturePadHandle>; label: string; onChange?: (empty: boolean) => void }) {
  useSignals();
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<number | null>(null);

  /** Sizes the canvas to its box (in device pixels) and draws every stroke again. */
  const redraw = useCallback(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth || 320;
    const h = c.clientHeight || 180;
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(h * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    const ctx = contextOf(canvas.current);
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    ctx.lineWidth = 2.4;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
    for (const s of strokes.current) {
      ctx.beginPath();
      ctx.moveTo(s[0][0], s[0][1]);
      for (const [x, y] of s.length > 1 ? s.slice(1) : [[s[0][0] + 0.1, s[0][1] + 0.1] as Point]) ctx.lineTo(x, y);
      ctx.stroke();
    }
  }, []);

  useEffect(() => {
    redraw();
    if (typeof ResizeObserver === "undefined" || !canvas.current) return;
    const ro = new ResizeObserver(() => redraw());
    ro.observe(canvas.current);
    return () => ro.disconnect();
  }, [redraw]);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.button !== undefined && e.button > 0) return;
    e.preventDefault();
    drawing.current = e.pointerId;
    try {
      e.currentTarget.setPointerCapture?.(e.pointerId);
    } catch {
      // A synthetic event has no pointer to capture.
    }
    strokes.current.push([point(e)]);
    redraw();
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== e.pointerId) return;
    e.preventDefault();
    const s = strokes.current[strokes.current.length - 1];
    const p = point(e);
    const ctx = contextOf(canvas.current);
    if (ctx && s.length) {
      ctx.beginPath();
      ctx.moveTo(...s[s.length - 1]);
      ctx.lineTo(...p);
      ctx.stroke();
    }
    s.push(p);
  };
  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== e.pointerId) return;
    drawing.current = null;
    onChange?.(strokes.current.length === 0);
  };
  const clear = useCallback(() => {
    strokes.current = [];
    drawing.current = null;
    redraw();
    onChange?.(true);
  }, [redraw, onChange]);

  useImperativeHandle(
    handle,
    () => ({
      get empty() {
        return strokes.current.length === 0;
      },
      clear,
      toPng() {
        const c = canvas.current;
        if (!c || !strokes.current.length) return Promise.resolve(null);
        redraw();
        return new Promise<Blob | null>((resolve) => {
          try {
            if (typeof c.toBlob === "function") c.toBlob((b) => resolve(b), "image/png");
            else resolve(dataUrlToBlob(c.toDataURL("image/png")));
          } catch {
            resolve(null);
          }
        });
      },
    }),
    [clear, redraw],
  );

  return (
    <div className={padCss}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onLostPointerCapture={up}
      />
      <div className="row">
        <span className={muted}>{t("work.signature.hint")}</span>
        <Button variant="ghost" onClick={clear}>
          {t("work.signature.clear")}
        </Button>
      </div>
    </div>
  );
}
