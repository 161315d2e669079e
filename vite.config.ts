import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import type { OutputAsset, OutputChunk } from "rolldown";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { type ManifestOptions, VitePWA } from "vite-plugin-pwa";
import { literalsOf, pickWords } from "./scripts/first-words.mjs";
import { precompileStyles } from "./scripts/precompiled-styles.mjs";
import { LANGUAGES } from "./src/lib/lang-code";
import { patterns } from "./src/paths";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The web app manifest (DECISIONS.md D23): the brand green of src/styles/theme.ts as the theme colour, the page's
// background (--bg, index.html) behind the splash screen so it matches the first paint. Icons come from
// scripts/icons.mjs. The Arabic copy below differs only in its words and direction; src/lib/pwa.ts links it while the
// app is in Arabic.
const manifest = {
  id: "/",
  name: "Fixit Gulf",
  short_name: "Fixit",
  description: "Report home maintenance issues, take jobs and manage your maintenance staff.",
  lang: "en",
  // The specification's "auto" (each name in its own direction); the plugin's type knows only "ltr" and "rtl".
  dir: "auto" as string as ManifestOptions["dir"],
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: "#0f766e",
  background_color: "#f6f7f9",
  icons: [
    { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
} satisfies Partial<ManifestOptions>;
const manifestAr = {
  ...manifest,
  name: "فيكسِت الخليج",
  short_name: "فيكسِت",
  description: "أبلغ عن أعطال الصيانة في منزلك، واستلم المهام، وأدر فريق الصيانة لديك.",
  lang: "ar",
  dir: "rtl",
} satisfies Partial<ManifestOptions>;

/**
 * Writes manifest.ar.webmanifest beside the English manifest (which vite-plugin-pwa writes), and links the icon iOS puts
 * on the home screen (it reads no manifest icons). The manifest's own link leaves the page: Chromium fetches a linked
 * manifest and its icon as the page is read, two of the six connections a phone has to the server while the first
 * screen's code and data are on their way (issue 16). src/lib/pwa.ts links it, in the app's language, once the first
 * screen is up.
 */
function manifestExtras(): Plugin {
  return {
    name: "fixit:manifest-extras",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_, bundle) {
        this.emitFile({ type: "asset", fileName: "manifest.ar.webmanifest", source: `${JSON.stringify(manifestAr)}\n` });
        const html = bundle["index.html"] as OutputAsset | undefined;
        if (html && typeof html.source === "string") html.source = html.source.replace(/\s*<link rel="manifest"[^>]*>/, "");
      },
    },
    transformIndexHtml: () => [{ tag: "link", attrs: { rel: "apple-touch-icon", href: "./icons/apple-touch-icon.png" }, injectTo: "head" }],
  };
}

/**
 * The dev server has no build to precache, but push notifications (src/lib/push.ts registers /sw.js) should still work
 * there: /sw.js is src/sw.ts bundled on request with an empty precache, so nothing is served stale while developing.
 */
function devServiceWorker(): Plugin {
  return {
    name: "fixit:dev-sw",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split("?")[0] !== "/sw.js") return next();
        try {
          const { build } = await import("vite");
          const out = await build({
            configFile: false,
            publicDir: false,
            logLevel: "warn",
            define: { "self.__WB_MANIFEST": "[]", "process.env.NODE_ENV": JSON.stringify("development") },
            build: { write: false, minify: false, lib: { entry: here("./src/sw.ts"), formats: ["iife"], name: "sw" } },
          });
          const result = Array.isArray(out) ? out[0] : out;
          const code = "output" in result ? result.output[0].code : "";
          res.setHeader("Content-Type", "text/javascript");
          res.setHeader("Cache-Control", "no-cache");
          res.end(code);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/**
 * Vite wraps every dynamic import in its preload helper (about 0.6 KB of gzip on the first load) to fetch a lazy
 * chunk's imports beside it. The build gives it no dependency lists (build.modulePreload below) and the app no CSS
 * files, so the helper would only call the import: this one does just that.
 */
function plainDynamicImports(): Plugin {
  const id = "\0vite/preload-helper.js";
  return {
    name: "fixit:plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    resolveId: (source) => (source === id ? id : undefined),
    load: (source) => (source === id ? "export const __vitePreload = (load) => load();" : undefined),
    // And the plain `helper(() => import("./x.js"), [], import.meta.url)` calls become the import itself.
    renderChunk: {
      order: "post",
      handler: (code) => ({
        code: code.replace(
          /__vitePreload\(\(\) => (import\("[^"]+"\)(?:\.then\(\((\w+)\) => \2\.\w+\))?), (?:__VITE_PRELOAD__|\[\]|void 0), import\.meta\.url\)/g,
          "$1",
        ),
        map: null,
      }),
    },
  };
}

/**
 * The screens a signed-in phone most often opens on (issue 16's list, as src/lib/early.ts's first reads) and the views
 * each shows, by stored role where they differ ("*": any other): the page preloads their code (chunkPreloads).
 */
const FIRST_SCREENS: Record<string, Record<string, string[]>> = {
  [patterns.jobs]: { "*": ["views/issues/jobs.tsx"] },
  [patterns.openIssues]: { "*": ["views/issues/open-issue.tsx"] },
  [patterns.repair]: { "*": ["views/repair/repairs.tsx"] },
  [patterns.resources]: { "*": ["views/staff/resources.tsx"] },
  [patterns.home]: { "2": ["views/home/home.tsx", "views/home/manager-home.tsx"], "*": ["views/home/home.tsx", "views/home/owner-home.tsx"] },
  [patterns.addIssue]: { "*": ["views/repair/report.tsx"] },
};

const FIRST_VIEWS = [...new Set(Object.values(FIRST_SCREENS).flatMap((byRole) => Object.values(byRole).flat()))];

/**
 * Signed-in screens that links from outside open on a first visit (a push's or an email's issue, the notifications
 * list; server/push/worker.ts routeFor), by stored role as FIRST_SCREENS: their words and code start with the page
 * too, but they keep their own chunks (the first screens' chunks are not split for them).
 */
const LINKED_SCREENS: Record<string, Record<string, string[]>> = {
  [patterns.issuesView]: { "*": ["views/issues/issue-view.tsx"] },
  [patterns.closedIssue]: { "*": ["views/issues/issue-view.tsx"] },
  [patterns.notifications]: { "*": ["views/notifications/notifications.tsx"] },
};

/** The signed-in screens whose words and code start with the page, by stored role. */
const SIGNED_IN_SCREENS = { ...FIRST_SCREENS, ...LINKED_SCREENS };

/**
 * The screens a signed-out phone most often opens on, and their views: each has its first words too (firstWords), and
 * its code starts with the page (chunkPreloads). Besides the front door, where links from outside land on a first
 * visit: the sign-ups the role picker and a company's welcome link open, and the email's and SMS's code, reset and
 * invitation links.
 */
const PUBLIC_SCREENS: Record<string, string[]> = {
  [patterns.root]: ["views/auth/root.tsx"],
  [patterns.login]: ["views/auth/login.tsx"],
  [patterns.getRole]: ["views/auth/get-role.tsx"],
  [patterns.technicianRegister]: ["views/register/technician.tsx"],
  [patterns.register]: ["views/register/customer.tsx"],
  [patterns.companyRegister]: ["views/register/company.tsx"],
  [patterns.forgot]: ["views/recovery/forgot.tsx"],
  [patterns.verifyCode]: ["views/recovery/verify-code.tsx"],
  [patterns.resetPassword]: ["views/recovery/reset.tsx"],
  [patterns.invite]: ["views/auth/invite.tsx"],
};

/**
 * A lazy chunk's own imports load beside it, not one round trip after it, without putting dependency lists in the first
 * load's JavaScript: which chunks each lazy chunk needs (all the way down, less what the entry already loaded) goes
 * into index.html as JSON, and every dynamic import of such a chunk first calls `__pl` (src/lib/preload.ts), which adds
 * the <link rel=modulepreload> tags.
 */
function chunkPreloads(apiUrl: string | undefined): Plugin {
  return {
    name: "fixit:chunk-preloads",
    apply: "build",
    enforce: "post",
    async generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const walk = (name: string, into: Set<string>) => {
        if (into.has(name)) return;
        into.add(name);
        for (const i of byName.get(name)?.imports ?? []) walk(i, into);
      };
      const initial = new Set<string>();
      for (const c of chunks) if (c.isEntry) walk(c.fileName, initial);
      const names: string[] = [];
      const index = new Map<string, number>();
      const idx = (n: string) => {
        let i = index.get(n);
        if (i === undefined) {
          i = names.push(n.replace(/^assets\//, "")) - 1;
          index.set(n, i);
        }
        return i;
      };
      const deps: Record<number, number[]> = {};
      for (const c of chunks) {
        if (!c.isDynamicEntry) continue;
        const all = new Set<string>();
        walk(c.fileName, all);
        const extra = [...all].filter((n) => n !== c.fileName && !initial.has(n));
        if (extra.length) deps[idx(c.fileName)] = extra.map(idx);
      }
      for (const c of chunks)
        c.code = c.code.replace(/\bimport\((["`])\.\/([^"`]+\.js)\1\)/g, (call, _q, file: string) => {
          const i = index.get(`assets/${file}`);
          return i !== undefined && deps[i] ? `(globalThis.__pl?.("${file}"),${call})` : call;
        });
      // Signed in (a token in storage, SPEC.md's key), the page itself starts what main.tsx imports at boot (the early
      // reads, the header, the HTTP client and ky, which it loads lazily) beside the entry, instead of once the entry has arrived and run; and, on
      // the screens a phone most often opens on, that screen's code (for the role stored, where it differs), and that
      // screen's first reads: src/boot.ts, compiled here and inlined into the page.
      const signedIn = new Set<string>();
      for (const c of chunks)
        if (c.moduleIds.some((id) => /[\\/]src[\\/](lib[\\/]early|components[\\/]Header|api[\\/]client)\.tsx?$|[\\/]node_modules[\\/]ky[\\/]/.test(id)))
          walk(c.fileName, signedIn);
      const short = (n: string) => n.replace(/^assets\//, "");
      const start = [...signedIn].filter((n) => !initial.has(n)).map(short);
      /** The chunks `views` load, all the way down. */
      const codeOf = (views: string[]) => {
        const files = new Set<string>();
        for (const v of views) for (const c of chunks) if (c.isDynamicEntry && c.facadeModuleId?.endsWith(`/src/${v}`)) walk(c.fileName, files);
        return [...files];
      };
      const screens: Record<string, Record<string, string[]>> = {};
      for (const [path, byRole] of Object.entries(SIGNED_IN_SCREENS))
        for (const [who, views] of Object.entries(byRole))
          (screens[path] ??= {})[who] = codeOf(views)
            .filter((n) => !initial.has(n) && !signedIn.has(n))
            .map(short);
      // Signed out, a public screen's code that the first load lacks (a sign-up form's pickers and fields) starts beside
      // the entry too, rather than once the entry has run and asked for it: technician sign-up's LCP, issue 16.
      for (const [path, views] of Object.entries(PUBLIC_SCREENS)) {
        const out = codeOf(views)
          .filter((n) => !initial.has(n))
          .map(short);
        if (out.length) (screens[path] ??= {}).out = out;
      }
      // esbuild comes with vite and tsx (scripts/build-server.mjs uses it too).
      const { build } = await import("esbuild");
      const boot = await build({
        entryPoints: [here("src/boot.ts")],
        bundle: true,
        format: "iife",
        minify: true,
        write: false,
        target: "es2020",
        legalComments: "none",
        define: {
          __BOOT__: JSON.stringify({ start, screens, words: Object.fromEntries(firstWords) }),
          "import.meta.env.VITE_API_URL": apiUrl === undefined ? "undefined" : JSON.stringify(apiUrl),
        },
      });
      const html = bundle["index.html"] as OutputAsset | undefined;
      // The boot script runs first in the page, before the parser meets the entry's own preloads: what it asks for
      // (the signed-in screen's code, its words and reads) is asked for first, and gets the phone's first connections.
      if (html && typeof html.source === "string")
        html.source = html.source
          .replace(/(<meta charset="utf-8" \/>)/, `$1\n    <script>${boot.outputFiles[0].text.trim()}</script>`)
          .replace("</head>", `<script type="application/json" id="chunk-preloads">${JSON.stringify({ n: names, d: deps })}</script>\n</head>`);
    },
  };
}

const SIGNIN = /src[\\/](views[\\/]auth[\\/](root|login|welcome|auth-layout)|components[\\/](Logo|LanguageSwitch|PasswordField)|signals[\\/]auth-state)\./;
/** The modules the entry (src/main.tsx) and the sign-in screen load through static imports: the first load's own. */
const onStartPath = new Set<string>();
/**
 * What any screen loads, signed in or not, with what it needs (the "client" chunk): the HTTP client and ky (which it
 * loads lazily), through which a signed-in screen reads and the sign-in screen's Google button asks the server. None
 * of it may wait for the whole signed-in shell. (The toasts and the update prompt come once the first screen is up, in
 * chunks of their own: src/lib/first-screen.ts.)
 */
const client = new Set<string>();
const ANY_SCREEN_LATER = /[\\/]src[\\/]api[\\/]client\.ts$|[\\/]node_modules[\\/]ky[\\/]distribution[\\/]index\.js$/;
/**
 * What the signed-in app loads at start (the header, the bottom bar, the bell's count) and what the staff list shares
 * with the other first screens (the "shell" chunk): not the first load's. The staff list needs least of the first
 * screens, so what it shares is what they all need.
 */
const shell = new Set<string>();
/** The module's first screen (its view), for a module only one first screen imports: the "<view>-parts" chunks. */
const firstScreenPart = new Map<string, string>();
/**
 * The chunk of a module that two first screens or more share but the staff list does not: "lists" when a home or the
 * job list is among them (the dates, the repairs' and jobs' answers, cards and tabs), else "work" (the outbox, the push
 * prompt: only an open job, the repairs and the report form use them). One shared chunk for all took /resources 1.65 s
 * to 1.33 s of LCP and /home 1.71 to 1.46 (Lighthouse, issue 16).
 */
const sharedBy = new Map<string, "lists" | "work">();
const LIGHTEST_VIEWS = new Set(Object.values(FIRST_SCREENS[patterns.resources]).flat());
const LIST_VIEWS = new Set([
  ...Object.values(FIRST_SCREENS[patterns.home]).flatMap((views) => views.filter((v) => v.endsWith("-home.tsx"))),
  ...Object.values(FIRST_SCREENS[patterns.jobs]).flat(),
]);
/** Each first screen's words file (locales/{lng}.{name}.json) by path, then by stored role ("*": any other; "out": signed out). */
const firstWords = new Map<string, Record<string, string>>();
const SIGNED_IN_FRAME = /[\\/]src[\\/](components[\\/](Header|BottomNav)\.tsx|signals[\\/]unread-watch\.ts)$/;
/** The app's `import … from "goober"` gets src/lib/goober-batch.ts, which alone imports goober itself (goober-sheet.ts's batch). */
function batchedStyles(): Plugin {
  const shim = here("./src/lib/goober-batch.ts");
  return {
    name: "fixit:goober-batch",
    enforce: "pre",
    resolveId: (source, importer) => (source === "goober" && importer && importer !== shim && !importer.includes("node_modules") ? shim : undefined),
  };
}

/** The build compiles the app's css`` (scripts/precompiled-styles.mjs, issue 16) into calls of src/lib/goober-sheet.ts. */
function precompiledStyles(): Plugin {
  const sheet = here("./src/lib/goober-sheet.ts");
  return {
    name: "fixit:precompiled-styles",
    apply: "build",
    enforce: "pre",
    transform: (code, id) => (/[\\/]src[\\/].*\.tsx?$/.test(id) && code.includes("goober") ? precompileStyles(code, id, sheet) : null),
  };
}

/**
 * Brotli copies (x.br) of the page, the code, the styles and the dictionaries beside them: the server sends one to a
 * browser that takes br (server/static.ts), about a sixth fewer bytes than its gzip on every first visit (issue 16).
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "fixit:precompress",
    apply: "build",
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        for (const dir of ["", "assets", "locales"])
          for (const name of existsSync(join(outDir, dir)) ? readdirSync(join(outDir, dir)) : []) {
            if (!/\.(js|css|json|html|webmanifest)$/.test(name) || name === "sw.js") continue;
            const file = join(outDir, dir, name);
            const raw = readFileSync(file);
            const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
            if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          }
      },
    },
  };
}

/** Fills onStartPath and shell from the module graph once it is complete (the chunk groups ask after the build). */
function moduleGraph(): Plugin {
  const staticImports = new Map<string, readonly string[]>();
  const dynamicImports = new Map<string, readonly string[]>();
  const lazy = new Set<string>();
  /** Each first screen's words, by language: emitted as locales/{lng}.{name}.json. */
  const wordFiles = new Map<string, Record<string, unknown>>();
  return {
    name: "fixit:module-graph",
    apply: "build",
    buildStart: () => {
      staticImports.clear();
      dynamicImports.clear();
      lazy.clear();
      firstWords.clear();
      wordFiles.clear();
      onStartPath.clear();
      client.clear();
      shell.clear();
      firstScreenPart.clear();
      sharedBy.clear();
    },
    moduleParsed: (info) => {
      staticImports.set(info.id, info.importedIds);
      dynamicImports.set(info.id, info.dynamicallyImportedIds);
      for (const id of info.dynamicallyImportedIds) lazy.add(id);
    },
    buildEnd: () => {
      /** Every module `from` imports statically, all the way down, less the first load's. */
      const reach = (from: string[], into = new Set<string>()) => {
        const stack = [...from];
        for (let m = stack.pop(); m !== undefined; m = stack.pop())
          if (!into.has(m) && !onStartPath.has(m)) {
            into.add(m);
            stack.push(...(staticImports.get(m) ?? []));
          }
        return into;
      };
      const ids = [...staticImports.keys()];
      reach(
        ids.filter((k) => /[\\/]src[\\/]main\.tsx$/.test(k) || SIGNIN.test(k)),
        onStartPath,
      );
      reach(
        ids.filter((k) => ANY_SCREEN_LATER.test(k)),
        client,
      );
      for (const m of reach(ids.filter((k) => SIGNED_IN_FRAME.test(k)))) if (!client.has(m)) shell.add(m);
      /** Which first screens load each module: their view itself, and what it imports all the way down. */
      const seen = new Map<string, Set<string>>();
      // A view loaded lazily (a screen, a sheet) keeps a chunk of its own: the page's preloads and the size
      // budget (scripts/size.mjs) find a screen's code by its chunk.
      for (const view of FIRST_VIEWS)
        for (const m of reach(ids.filter((k) => k.endsWith(`/src/${view}`))))
          if (!(lazy.has(m) && /[\\/]src[\\/]views[\\/]/.test(m))) seen.set(m, (seen.get(m) ?? new Set()).add(view));
      for (const [m, by] of seen)
        if (client.has(m)) continue;
        else if (by.size < 2) firstScreenPart.set(m, [...by][0]);
        else if ([...by].some((v) => LIGHTEST_VIEWS.has(v))) shell.add(m);
        else sharedBy.set(m, [...by].some((v) => LIST_VIEWS.has(v)) ? "lists" : "work");
      pickFirstWords(ids);
    },
    generateBundle() {
      for (const [fileName, words] of wordFiles) this.emitFile({ type: "asset", fileName, source: `${JSON.stringify(words)}\n` });
    },
  };

  /**
   * A first screen's words (issue 16): what its code can show before the whole dictionary has come. The page asks for
   * them instead of the whole dictionary (src/boot.ts) and the app loads the whole one once the screen is up
   * (src/signals/language.ts). The code a first screen runs: the app's own (main.tsx, everything it imports, at once or
   * later: the header, the toasts, a sheet) and the screen's views, but no other screen's view it loads lazily.
   */
  function pickFirstWords(ids: string[]) {
    const routes = new Set(ids.filter((k) => /[\\/]src[\\/]routes\.ts$/.test(k)));
    // The routes' views: those they load lazily, and the sign-in screens' they import (src/routes.ts).
    const routeViews = new Set(
      [...routes].flatMap((k) => [...(dynamicImports.get(k) ?? []), ...(staticImports.get(k) ?? []).filter((d) => /[\\/]src[\\/]views[\\/]/.test(d))]),
    );
    const literals = new Map<string, ReturnType<typeof literalsOf>>();
    const wordsOf = (views: string[]) => {
      const roots = ids.filter((k) => /[\\/]src[\\/]main\.tsx$/.test(k) || views.some((v) => k.endsWith(`/src/${v}`)));
      const seen = new Set<string>(roots);
      const found = { exact: new Set<string>(), prefixes: new Set<string>() };
      for (let stack = [...roots], m = stack.pop(); m !== undefined; m = stack.pop()) {
        if (!/[\\/]src[\\/].*\.tsx?$/.test(m) || m.includes("node_modules")) continue;
        if (!literals.has(m)) literals.set(m, literalsOf(readFileSync(m, "utf8"), m.endsWith(".tsx") ? "tsx" : "ts"));
        const own = literals.get(m) as ReturnType<typeof literalsOf>;
        for (const x of own.exact) found.exact.add(x);
        for (const x of own.prefixes) found.prefixes.add(x);
        // What it imports, at once or later; another screen's view only when imported at once (/ shows the login's).
        const next = [
          ...(staticImports.get(m) ?? []).filter((d) => !routes.has(m) || !routeViews.has(d)),
          ...(dynamicImports.get(m) ?? []).filter((d) => !routeViews.has(d)),
        ];
        for (const n of next)
          if (!seen.has(n)) {
            seen.add(n);
            stack.push(n);
          }
      }
      return found;
    };
    const dictionaries = Object.fromEntries(LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(here(`public/locales/${lng}.json`), "utf8"))]));
    const add = (path: string, who: string, views: string[]) => {
      const name = `${path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "root"}${who === "*" || who === "out" ? "" : `-${who}`}`;
      const found = wordsOf(views);
      for (const [lng, dict] of Object.entries(dictionaries)) wordFiles.set(`locales/${lng}.${name}.json`, pickWords(dict, found));
      (firstWords.get(path) ?? firstWords.set(path, {}).get(path))![who] = name;
    };
    for (const [path, byRole] of Object.entries(SIGNED_IN_SCREENS)) for (const [who, views] of Object.entries(byRole)) add(path, who, views);
    for (const [path, views] of Object.entries(PUBLIC_SCREENS)) add(path, "out", views);
  }
}

// The production build runs the React code on preact/compat (D14); `--mode react` builds it on React itself.
export default defineConfig(({ mode }) => {
  const preact = mode !== "react" && mode !== "test";
  return {
    base: "./",
    resolve: {
      alias: [
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: here("./src/lib/use-sync-external-store.ts") },
        // rosetta's key lookup: its ES module, not the UMD build a browser bundle resolves to ("browser" field), which
        // spells the function three times in a CommonJS wrapper (the first load, about 150 bytes of gzip).
        { find: /^dlv$/, replacement: here("./node_modules/dlv/dist/dlv.es.js") },
        ...(preact
          ? [
              { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
              { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
              { find: /^react-dom$/, replacement: "preact/compat" },
              { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
              { find: /^react$/, replacement: "preact/compat" },
              { find: /^@preact\/signals-react\/runtime$/, replacement: here("./src/lib/use-signals-shim.ts") },
              { find: /^@preact\/signals-react$/, replacement: "@preact/signals" },
            ]
          : []),
      ],
    },
    plugins: [
      {
        // wouter's default location is the browser's path; the app's is its hash (src/lib/wouter-default.ts).
        name: "wouter-hash-default",
        enforce: "pre",
        resolveId: (source: string, importer?: string) =>
          source === "./use-browser-location.js" && /[\\/]wouter[\\/]src[\\/]index\.js$/.test(importer ?? "") ? here("./src/lib/wouter-default.ts") : null,
      } satisfies Plugin,
      // One service worker (src/sw.ts → /sw.js) holds the precache and the push handlers (D22, D23). src/lib/pwa.ts
      // registers it with Workbox-window after the first screen, so no script is injected into index.html.
      VitePWA({
        strategies: "injectManifest",
        srcDir: "src",
        filename: "sw.ts",
        injectRegister: false,
        registerType: "prompt",
        manifest,
        includeManifestIcons: false,
        injectManifest: {
          // The shell, the locales and every screen's code; never /api or /files (the worker caches nothing else).
          globPatterns: ["index.html", "locales/*.json", "assets/*.{js,css}", "manifest.ar.webmanifest"],
          // Not the first screens' words (locales/en.jobs.json): a phone the worker serves takes the whole dictionary.
          globIgnores: ["locales/*.*.json"],
        },
        devOptions: { enabled: false },
      }),
      manifestExtras(),
      devServiceWorker(),
      plainDynamicImports(),
      chunkPreloads(loadEnv(mode, here("."), "VITE_").VITE_API_URL),
      moduleGraph(),
      precompress(),
      batchedStyles(),
      precompiledStyles(),
    ],
    build: {
      target: "es2020",
      cssCodeSplit: true,
      // No dependency lists for the lazy screens (about 2 KB of gzip on the first load, one list per route): main.tsx
      // starts the first screen's code at boot, a screen's own imports follow it one step later, and once the service
      // worker has precached the app (D23) they all come from the phone. The page still preloads the entry's imports.
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
      reportCompressedSize: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // Seven characters of hash, not eight (the fewest rolldown takes for this many chunks): the first load names some
          // fifty chunks (its routes' lazy imports), and its 25 KB budget has only bytes to spare.
          chunkFileNames: "assets/[name]-[hash:7].js",
          entryFileNames: "assets/[name]-[hash:7].js",
          codeSplitting: {
            // The sign-in screen's modules, with the libraries they share with the entry, in one chunk: one request
            // and one gzip stream instead of nine small ones (issue 16: about 2 KB less on the first load).
            groups: [
              {
                name: "signin",
                test: SIGNIN,
              },
              {
                name: "client",
                includeDependenciesRecursively: false,
                test: (id: string) => client.has(id),
              },
              {
                // The signed-in frame (the header, the bottom bar, the bell's count) and what all the first screens
                // (FIRST_SCREENS) share, in one chunk the page preloads when someone is signed in; what only some share
                // comes in two more (sharedBy): /jobs loads 7 scripts (6 with one shared chunk, 16 with none; issue
                // 16). Nothing the first load already has, nor a screen's own view.
                name: "shell",
                includeDependenciesRecursively: false,
                test: (id: string) => shell.has(id),
              },
              // What some first screens share, but not the staff list (sharedBy).
              { name: (id: string) => sharedBy.get(id) ?? null, debugName: "lists and work", includeDependenciesRecursively: false },
              // Each first screen's own imports that no other first screen shares, beside its view in one chunk
              // rather than one chunk each (an open issue: 9 files instead of 22).
              ...FIRST_VIEWS.map((view) => ({
                name: `${view.replace(/.*\//, "").replace(/\.tsx$/, "")}-parts`,
                includeDependenciesRecursively: false,
                test: (id: string) => firstScreenPart.get(id) === view,
              })),
            ],
          },
        },
      },
    },
    server: { proxy: { "/api": "http://localhost:8080", "/files": "http://localhost:8080" } },
  };
});
