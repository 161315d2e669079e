import { css } from "goober";
import { type ReactNode, useEffect, useState } from "react";
import { holdFirstScreen, splitsFirstScreen } from "../lib/first-screen";

// Holds the fold down until what is below it comes: what follows stays off the screen, and nothing seen moves.
const room = css`min-height: 100vh;`;

/**
 * What a screen shows below its fold, rendered in a task after the rest when the screen is the page's first (issue 16):
 * on a cheap phone the screen's one long render and layout become two shorter ones, and what shows first paints first.
 * The first screen waits for it (src/lib/first-screen.ts). Any other time, rendered with the rest.
 */
export function Later({ children, as: Room = "div" }: { children: ReactNode /** The placeholder's element: "li" inside a list. */; as?: "div" | "li" }) {
  const [shown, setShown] = useState(() => !splitsFirstScreen());
  useEffect(() => {
    if (shown) return;
    const release = holdFirstScreen();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the rest: a task of its own, not the end of the one that rendered it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setShown(true);
        release();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      release();
    };
  }, [shown]);
  return shown ? children : <Room className={room} aria-hidden="true" />;
}

/**
 * A list's items: the first `onScreen` (what a phone's first screen shows) with the rest of the screen, the others
 * Later, a list item holding the fold. Each item is a keyed <li> from `item`.
 */
export function LaterItems<T>({ items, onScreen, item }: { items: readonly T[]; onScreen: number; item: (each: T) => ReactNode }) {
  return (
    <>
      {items.slice(0, onScreen).map(item)}
      {items.length > onScreen && <Later as="li">{items.slice(onScreen).map(item)}</Later>}
    </>
  );
}
