import { describe, expect, it } from "vitest";
import { literalsOf, pickWords } from "../../scripts/first-words.mjs";

describe("a first screen's words (scripts/first-words.mjs)", () => {
  const code = `
    import { t } from "../signals/language";
    const MESSAGES = { busy: "jobs.busy", gone: 'jobs.gone' };
    export const emptyList = <T,>(): T[] => [];
    export function View({ s }: { s: string }) {
      const label = t(\`repair.stage.\${s}\`);
      const other = "nav." + s;
      return <Button aria-label="forms.close" title={t("jobs.title")}>{label}{t(\`plain.key\`)}</Button>;
    }
    const css = \`margin: 0; & .x { color: red }\`;
    const file = "./photo.jpg";
  `;

  it("reads the keys a module names whole, and the prefixes it completes at run time", () => {
    const { exact, prefixes } = literalsOf(code, "tsx");
    expect([...exact].sort()).toEqual(["forms.close", "jobs.busy", "jobs.gone", "jobs.title", "plain.key"]);
    expect([...prefixes].sort()).toEqual(["nav.", "repair.stage."]);
  });

  it("reads TypeScript whose generics would not parse as JSX", () => {
    expect([...literalsOf("const f = <T>(x: T): T => x; const k = 'a.b';", "ts").exact]).toEqual(["a.b"]);
  });

  it("keeps only the keys named, nested as in the dictionary, and never a whole area for a bare word", () => {
    const dict = {
      jobs: { title: "Jobs", busy: "Busy", other: "Other" },
      repair: { stage: { reported: "Reported", done: "Done" }, title: "Repair" },
      nav: { home: "Home", jobs: "Jobs" },
      forms: { close: "Close" },
      open: { a: "x" },
    };
    const words = pickWords(dict, {
      exact: new Set(["jobs.title", "jobs.busy", "forms.close", "open", "missing.key"]),
      prefixes: new Set(["repair.stage.", "nav."]),
    });
    expect(words).toEqual({
      jobs: { title: "Jobs", busy: "Busy" },
      repair: { stage: { reported: "Reported", done: "Done" } },
      nav: { home: "Home", jobs: "Jobs" },
      forms: { close: "Close" },
    });
  });
});
