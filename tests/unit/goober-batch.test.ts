import { beforeAll, describe, expect, it } from "vitest";
import { css } from "../../src/lib/goober-batch";

const sheet = () => document.querySelectorAll("style#_goober");
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

// The test setup's own imports use goober itself (no build here), whose sheet has the same id: it leaves first. (glob
// is left to the browser suite: goober keeps one global block per module instance, which the setup's theme holds.)
beforeAll(() => {
  for (const s of sheet()) s.remove();
});

describe("goober's rules, batched (issue 16)", () => {
  it("writes the rules made in one task to the one sheet once, after the task, not one write per rule", async () => {
    const writes: MutationRecord[] = [];
    const seen = new MutationObserver((records) => writes.push(...records));
    seen.observe(document.head, { childList: true, subtree: true, characterData: true });
    const a = css`color: red;`;
    const b = css`margin: 3px; & > p { padding: 1px; }`;
    const c = css`display: grid;`;
    expect(new Set([a, b, c]).size).toBe(3);
    // Nothing written while the task runs.
    expect([...sheet()].some((s) => s.textContent?.includes(a))).toBe(false);
    await tick();
    await tick();
    seen.disconnect();
    expect(sheet()).toHaveLength(1);
    const text = sheet()[0].textContent ?? "";
    expect(text).toContain(`.${a}{color:red;}`);
    expect(text).toContain(`.${b} > p{padding:1px;}`);
    expect(text).toContain(`.${c}{display:grid;}`);
    // The sheet was made and filled in at most two DOM changes (the <style> in, its text set), not one per rule.
    expect(writes.length).toBeLessThanOrEqual(2);
  });

  it("rules made later go into a sheet of their own after the first, which is not written again; the same rule twice is written once", async () => {
    const first = sheet()[0];
    const before = first.textContent;
    const changed: MutationRecord[] = [];
    const seen = new MutationObserver((records) => changed.push(...records));
    seen.observe(first, { childList: true, subtree: true, characterData: true });
    const d = css`opacity: 0.5;`;
    expect(css`opacity: 0.5;`).toBe(d);
    await tick();
    seen.disconnect();
    expect(changed).toEqual([]);
    expect(first.textContent).toBe(before);
    const added = document.querySelectorAll("style[data-goober]");
    expect(added).toHaveLength(1);
    expect(added[0].textContent).toBe(`.${d}{opacity:0.5;}`);
    // After the first sheet, in the order the rules were made.
    expect(first.compareDocumentPosition(added[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const all = [...document.querySelectorAll("style#_goober, style[data-goober]")].map((s) => s.textContent).join("");
    expect(all.split(`.${d}{`)).toHaveLength(2);
  });

  it("puts the whole sheet back in one when something took one of them out of the page", async () => {
    const a = css`color: red;`;
    for (const s of sheet()) s.remove();
    const e = css`z-index: 7;`;
    await tick();
    expect(sheet()).toHaveLength(1);
    expect(document.querySelectorAll("style[data-goober]")).toHaveLength(0);
    expect(sheet()[0].textContent).toContain(`.${e}{z-index:7;}`);
    expect(sheet()[0].textContent).toContain(`.${a}{color:red;}`);
  });
});
