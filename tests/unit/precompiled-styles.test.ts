import { describe, expect, it } from "vitest";
import { compileCss, precompileStyles } from "../../scripts/precompiled-styles.mjs";
import { rule } from "../../src/lib/goober-sheet";

const SHIM = "/app/src/lib/goober-sheet.ts";
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const sheetText = () => [...document.querySelectorAll("style#_goober, style[data-goober]")].map((s) => s.textContent).join("");

describe("the build's compiled css`` (scripts/precompiled-styles.mjs, issue 16)", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, whose ${} is what the test is about
  it("turns each css`` without ${} into rule() with goober's rule, & for its class, and keeps the lines", () => {
    const code = [
      'import { css } from "goober";',
      "const a = css`",
      "  color: red;",
      "  &:hover { color: blue; }",
      "`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, whose ${} is what the test is about
      "const b = css`margin: ${1}px;`;",
      "export const c = [a, b];",
    ].join("\n");
    const out = precompileStyles(code, "/app/src/x.tsx", SHIM)?.code ?? "";
    expect(out).toContain('__gooberRule("&{color:red;}&:hover{color:blue;}"\n\n\n)');
    // Interpolated: left to goober.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, whose ${} is what the test is about
    expect(out).toContain("css`margin: ${1}px;`");
    expect(out.split("\n")[6]).toBe("export const c = [a, b];");
    expect(out).toContain(`import { rule as __gooberRule, globalRules as __gooberGlobal } from "${SHIM}";`);
  });

  it("reads the import's local name, and leaves modules without goober's css alone", () => {
    const renamed = precompileStyles('import { css as style } from "goober";\nconst a = style`display: grid;`;\nconst b = css`x: y;`;', "/app/src/y.ts", SHIM);
    expect(renamed?.code).toContain('__gooberRule("&{display:grid;}")');
    expect(renamed?.code).toContain("css`x: y;`");
    expect(precompileStyles("const a = css`display: grid;`;", "/app/src/z.ts", SHIM)).toBeNull();
  });

  it("compiles a glob`` into globalRules() with goober's rules, which have no class", () => {
    const out = precompileStyles('import { glob } from "goober";\nglob`\n  body { margin: 0; }\n`;', "/app/src/g.ts", SHIM)?.code ?? "";
    expect(out).toContain('__gooberGlobal("body{margin:0;}"\n\n)');
    expect(compileCss("body { margin: 0; }", true).rule).toBe("body{margin:0;}");
  });

  it("cuts the code right after Arabic text (the parser's offsets are the string's)", () => {
    const out =
      precompileStyles('import { css } from "goober";\n// تعليق عربي\nconst a = css`gap: 4px;`;\nexport default a;', "/app/src/w.ts", SHIM)?.code ?? "";
    expect(out).toContain('const a = __gooberRule("&{gap:4px;}");\nexport default a;');
  });

  it("gives the page the rule goober would write, under the class rule() returns, once", async () => {
    const text = "padding: 2px; & > p { margin: 0; } @media (min-width: 600px) { padding: 8px; }";
    const { cls, rule: goobers } = compileCss(text);
    const compiled = precompileStyles(`import { css } from "goober";\nconst a = css\`${text}\`;`, "/app/src/v.ts", SHIM)?.code ?? "";
    const arg = JSON.parse(/__gooberRule\(("(?:[^"\\]|\\.)*")\)/.exec(compiled)?.[1] ?? '""') as string;
    const mine = rule(arg);
    expect(mine).toMatch(/^gb[0-9a-z]+$/);
    expect(rule(arg)).toBe(mine);
    await tick();
    const written = sheetText();
    expect(written).toContain(goobers.split(cls).join(mine));
    expect(written.split(`.${mine} > p{margin:0;}`)).toHaveLength(2);
  });
});
