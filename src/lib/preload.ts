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
/** Files asked for and not yet linked, in order. */
let waiting: string[] = [];
let flushing = false;

/**
 * How many links one task adds. Inserting a <link rel=modulepreload> costs the browser from a fraction of a
 * millisecond to a few (it starts the fetch then and there); a screen's first import asks for up to sixteen, all
 * inside the task that evaluates the app's code, its longest at boot (issue 16, profiled on /technician-register:
 * about a quarter of that task; four took 9 ms in one task on a busy machine). Two per task, each task after the one
 * that asked: the requests still leave long before the screen's own chunk has arrived and asks for its imports.
 */
const PER_TASK = 2;

function flush(doc: Document) {
  for (const name of waiting.splice(0, PER_TASK)) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = `./assets/${name}`;
    doc.head.appendChild(link);
  }
  if (waiting.length) setTimeout(flush, 0, doc);
  else flushing = false;
}

/** Preloads what the chunk `file` ("assets/x.js") imports, each file once, from the next task on. */
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
    waiting.push(name);
  }
  if (waiting.length && !flushing) {
    flushing = true;
    setTimeout(flush, 0, doc);
  }
}

/** Forgets what was read and asked (tests). */
export function resetPreloads() {
  preloads = undefined;
  asked.clear();
  waiting = [];
  flushing = false;
}

(globalThis as { __pl?: (file: string) => void }).__pl = (file) => preloadChunk(file);
