// What the app's `import … from "goober"` gets (vite.config.ts points it here): goober's css`` and glob`` writing into
// the batched sheet of goober-sheet.ts. In the build only the css`` with ${} still come here (the others are compiled,
// scripts/precompiled-styles.mjs), from lazy screens: the first load leaves goober out.
import { css as gooberCss } from "goober";
import { target } from "./goober-sheet";

export const css: typeof gooberCss = /* @__PURE__ */ gooberCss.bind({ target });
export const glob: typeof gooberCss = /* @__PURE__ */ gooberCss.bind({ g: 1, target });
