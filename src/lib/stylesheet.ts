// Leaflet's stylesheets, added when a map first shows. The build's own loader of a lazy chunk's CSS is replaced by a plain
// import (vite.config.ts, plainDynamicImports), so the maps link theirs here: once each, and waited for, so a map is
// never laid out without them.
const added = new Map<string, Promise<void>>();

/** Links the stylesheet at `href` once; resolves when it has loaded, or failed (the map then shows unstyled, never stuck). */
export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  let done = added.get(href);
  if (!done) {
    done = new Promise<void>((resolve) => {
      const link = doc.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      doc.head.appendChild(link);
      // A browser (or test DOM) that never reports either still gets its map.
      setTimeout(resolve, 4000);
    });
    added.set(href, done);
  }
  return done;
}
