// tests/fast-style.ts: the display and visibility that the app project's getComputedStyle answers are happy-dom's own.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HAPPY_DOM } from "../fast-style";

type Real = (element: Element) => CSSStyleDeclaration;
const happyDom = () => (window.getComputedStyle as unknown as { [HAPPY_DOM]?: Real })[HAPPY_DOM];

/** Puts `css` in a sheet of the page and `html` in its body; answers the element of each id. */
function page(css: string, html: string) {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  document.body.innerHTML = html;
  return (id: string) => document.getElementById(id) as HTMLElement;
}

/** The two properties as the installed getComputedStyle gives them, checked against happy-dom's. */
function both(element: Element) {
  const fast = getComputedStyle(element);
  const real = happyDom()?.(element);
  const answer = { display: fast.display, visibility: fast.getPropertyValue("visibility") };
  expect(answer).toEqual({ display: real?.display, visibility: real?.getPropertyValue("visibility") });
  return answer;
}

afterEach(() => {
  for (const s of document.head.querySelectorAll("style:not(#_goober)")) s.remove();
  document.body.innerHTML = "";
});

describe("fast display and visibility", () => {
  it("is installed over happy-dom's own", () => {
    expect(happyDom()).toBeTypeOf("function");
  });

  it("hides what a class rule hides, from role queries too", () => {
    const el = page(
      ".gone { display: none } .shy { visibility: hidden }",
      '<button id="a" class="gone">A</button><button id="b" class="shy">B</button><button id="c">C</button>',
    );
    expect(both(el("a")).display).toBe("none");
    expect(both(el("b")).visibility).toBe("hidden");
    expect(both(el("c"))).toEqual({ display: "inline-block", visibility: "" });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["C"]);
  });

  it("weighs selectors, then their order, then !important and the style attribute", () => {
    const el = page(
      ".x.y { display: grid } .y { display: flex } .z { display: flex } .z { display: block } .w { display: inline !important }",
      '<div id="a" class="x y"></div><div id="b" class="z"></div><div id="c" class="w" style="display: none"></div><div id="d" class="z" style="display: none"></div>',
    );
    expect(both(el("a")).display).toBe("grid");
    expect(both(el("b")).display).toBe("block");
    expect(both(el("c")).display).toBe("inline");
    expect(both(el("d")).display).toBe("none");
  });

  it("files rules by the class their element must have, and tries the others on every element", () => {
    const el = page(
      ".a .b { display: flex } .c > .d.e { display: grid } .f:not(.g) { display: table } .h, section { display: inline } [class~=k] { display: none } div.m:is(.n) { display: contents }",
      '<div class="a"><span id="a" class="b"></span></div><span id="b" class="b"></span><div class="c"><p id="c" class="d e"></p><p id="d" class="d"></p></div>' +
        '<i id="e" class="f"></i><i id="f" class="f g"></i><section id="g"></section><b id="h" class="k"></b><div id="i" class="m n"></div><div id="j" class="m"></div>',
    );
    expect(both(el("a")).display).toBe("flex");
    expect(both(el("b")).display).toBe("");
    expect(both(el("c")).display).toBe("grid");
    expect(both(el("d")).display).toBe("block");
    expect(both(el("e")).display).toBe("table");
    expect(both(el("f")).display).toBe("");
    expect(both(el("g")).display).toBe("inline");
    expect(both(el("h")).display).toBe("none");
    expect(both(el("i")).display).toBe("contents");
    expect(both(el("j")).display).toBe("block");
  });

  it("inherits visibility from a style attribute when no rule sets it", () => {
    const el = page(".x { display: flex }", '<div style="visibility: hidden"><p><span id="a"></span></p></div><div><span id="b"></span></div>');
    expect(both(el("a")).visibility).toBe("hidden");
    expect(both(el("b")).visibility).toBe("");
  });

  it("inherits visibility, which a child may set back unless it was important", () => {
    const el = page(
      ".off { visibility: hidden } .on { visibility: visible } .must { visibility: hidden !important }",
      '<section class="off"><p id="a"><span id="b" class="on"></span></p></section><section class="must"><span id="c" class="on"></span></section>',
    );
    expect(both(el("a")).visibility).toBe("hidden");
    expect(both(el("b")).visibility).toBe("visible");
    expect(both(el("c")).visibility).toBe("hidden");
  });

  it("applies a media rule only when its media match, and the element defaults", () => {
    const el = page(
      "@media print { .p { display: none } } @media (min-width: 1px) { .s { display: flex } }",
      '<div id="a" class="p"></div><div id="b" class="s"></div><dialog id="c"></dialog><dialog id="d" open></dialog><span id="e"></span>',
    );
    expect(both(el("a")).display).toBe("block");
    expect(both(el("b")).display).toBe("flex");
    expect(both(el("c")).display).toBe("none");
    expect(both(el("d")).display).toBe("block");
    expect(both(el("e")).display).toBe("");
  });

  it("follows a sheet that changes, and leaves variables to happy-dom", () => {
    const el = page(".v { display: flex }", '<div id="a" class="v"></div><div id="b" class="u"></div>');
    expect(both(el("b")).display).toBe("block");
    document.head.append(Object.assign(document.createElement("style"), { textContent: ".u { display: none }" }));
    expect(both(el("b")).display).toBe("none");
    const sheet = document.head.querySelector("style:not(#_goober)") as HTMLStyleElement;
    sheet.textContent = ":root { --d: grid } .v { display: var(--d) }";
    expect(both(el("a")).display).toBe("grid");
  });

  it("gives an element out of the page no style, and every other property from happy-dom", () => {
    const el = page(".m { max-height: 10rem; display: flex }", '<div id="a" class="m"></div>');
    expect(getComputedStyle(document.createElement("div")).display).toBe("");
    expect(["10rem", "160px"]).toContain(getComputedStyle(el("a")).maxHeight);
    expect(getComputedStyle(el("a")).getPropertyValue("max-height")).toBe(happyDom()?.(el("a")).getPropertyValue("max-height"));
  });
});
