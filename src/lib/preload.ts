// Fetches a lazy chunk's imports beside it instead of one step after it (issue 16: on a slow network each step is a
// round trip before the screen can ask the server for its data). The build (vite.config.ts, chunkPreloads) writes which
// chunks each lazy chunk needs into index.html as JSON, outside the JavaScript of the first load, and has every
// dynamic import call `__pl(file)` first; here each of those files gets one <link rel=modulepreload>.
interface Preloads {
  /** Chunk file names (under assets/). */
  n: string[];
  /** For a lazy chunk's index in `n`: the indexes of the chunks it imports, all the way down, each after its imports. */
  d: Record<string, number[]>;
  /** The indexes of the chunks that may not run alone before the chunk that imports them (import cycles); none when absent. */
  x?: number[];
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

function flush() {
  for (const name of waiting.splice(0, PER_TASK)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = `./assets/${name}`;
    document.head.appendChild(link);
  }
  if (waiting.length) setTimeout(flush);
  else flushing = false;
}

/** Preloads what the chunk `file` ("assets/x.js") imports, each file once, from the next task on. */
export function preloadChunk(file: string) {
  if (preloads === undefined) {
    try {
      preloads = JSON.parse(document.getElementById("chunk-preloads")?.textContent || "null") as Preloads | null;
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
    setTimeout(flush);
  }
}

/** The chunks that ran (or run now) on their own, ahead of a chunk that imports them. */
const ran = new Set<string>();
const nextTask = () => new Promise<void>((done) => setTimeout(done));
/** Imports the chunk `name`, from this module's folder (assets/). */
let importChunk = (name: string): Promise<unknown> => import(/* @vite-ignore */ `./${name}`);

/**
 * `load()` (the dynamic import of the lazy chunk `file`, as the build rewrote it), after preloading what the chunk
 * imports and running those imports one by one, each in a task of its own, where they may run alone (the build's
 * list). A screen's chunk and its imports otherwise run in one task when the last of them arrives: 39 ms in one piece
 * on /home and /technician-register on a fast machine (the shared chunk's schemas, the lists, the phone rules), four
 * times that on a slow phone, all of it blocking the screen (issue 16, profiled). A step that fails (offline) leaves
 * it to `load`, which fails as it would have, and is tried again with it (load-again.ts).
 */
export function loadInSteps<T>(file: string, load: () => Promise<T>): Promise<T> {
  preloadChunk(file);
  const list = preloads;
  const own = list?.d[list.n.indexOf(file.replace(/^assets\//, ""))];
  if (!list || !own) return load();
  const tied = new Set(list.x);
  const ahead = own.filter((i) => !tied.has(i) && !ran.has(list.n[i]));
  if (!ahead.length) return load();
  // The chunk itself is fetched meanwhile, first of the links.
  const self = file.replace(/^assets\//, "");
  if (!asked.has(self)) {
    asked.add(self);
    waiting.unshift(self);
    if (!flushing) {
      flushing = true;
      setTimeout(flush);
    }
  }
  let steps = Promise.resolve();
  for (const i of ahead) {
    const name = list.n[i];
    steps = steps.then(() => {
      if (ran.has(name)) return;
      ran.add(name);
      return importChunk(name).then(nextTask, (e) => {
        ran.delete(name);
        throw e;
      });
    });
  }
  return steps.then(load, load);
}

/** Forgets what was read and asked (tests); `importer` stands for the browser's import() of a chunk. */
export function resetPreloads(importer?: (name: string) => Promise<unknown>) {
  preloads = undefined;
  asked.clear();
  ran.clear();
  waiting = [];
  flushing = false;
  if (importer) importChunk = importer;
}

(globalThis as { __pl?: typeof loadInSteps }).__pl = loadInSteps;
