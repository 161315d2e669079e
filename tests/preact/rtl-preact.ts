// @testing-library/react's surface on Preact, for running view tests on preact/compat (tests/preact/vitest.config.ts):
// render into a container, cleanup, act, and fireEvent wrapped in act so Preact's batched renders land before asserts.
import * as dom from "@testing-library/dom";
import { type ComponentChild, render as preactRender } from "preact";
import { act as preactAct } from "preact/test-utils";

export * from "@testing-library/dom";

const mounted = new Set<HTMLElement>();

export function render(ui: ComponentChild) {
  const container = document.body.appendChild(document.createElement("div"));
  preactAct(() => preactRender(ui, container));
  mounted.add(container);
  return { container, unmount: () => preactAct(() => preactRender(null, container)) };
}

export function cleanup() {
  for (const c of mounted) {
    preactAct(() => preactRender(null, c));
    c.remove();
  }
  mounted.clear();
}

export const act = (cb: () => void | Promise<void>) => preactAct(cb);

type Fire = (...args: unknown[]) => boolean;
const wrap =
  (fn: Fire): Fire =>
  (...args) => {
    let result = false;
    preactAct(() => {
      result = fn(...args);
    });
    return result;
  };
export const fireEvent = Object.assign(
  wrap(dom.fireEvent as unknown as Fire),
  Object.fromEntries(Object.entries(dom.fireEvent).map(([k, f]) => [k, wrap(f as Fire)])),
) as unknown as typeof dom.fireEvent;
