// Fetches a lazy chunk's imports beside it instead of one step after it (issue 16: on a slow network each step is a
// round trip before the screen can ask the server for its data). The build (vite.config.ts, chunkPreloads) writes which
// chunks each lazy chunk needs into index.html as JSON, outside the JavaScript of the first load, and has every
// dynamic import call `__pl(file)` first; here each of those files gets one <link rel=modulepreload>.
interface Preloads {
  /** Chunk file names (under assets/). */
  n: string[];
  /** For a lazy chunk's index in `n`: the indexes of the chunks it imports, all the way down. */
  d: Record<string, number[]>;
}

let preloads: Preloads | null | undefined;
const asked = new Set<string>();

/** Preloads what the chunk `file` ("assets/x.js") imports, each file once. */
export function preloadChunk(file: string, doc: Document = document) {
  if (preloads === undefined) {
    try {
      preloads = JSON.parse(doc.getElementById("chunk-preloads")?.textContent || "null") as Preloads | null;
    } catch {
      preloads = null;
    }
  }
  if (!preloads) return;
  const deps = preloads.d[preloads.n.indexOf(file.replace(/^assets\//, ""))];
  for (const i of deps ?? []) {
    const name = preloads.n[i];
    if (!name || asked.has(name)) continue;
    asked.add(name);
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = `./assets/${name}`;
    doc.head.appendChild(link);
  }
}

/** Forgets what was read and asked (tests). */
export function resetPreloads() {
  preloads = undefined;
  asked.clear();
}

(globalThis as { __pl?: (file: string) => void }).__pl = (file) => preloadChunk(file);
