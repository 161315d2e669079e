import { css, glob } from "goober";

/** Theme tokens as CSS variables, so one stylesheet serves LTR and RTL (logical properties only). */
glob`
  :root {
    --brand: #0f766e; --brand-dark: #115e59; --brand-soft: #ccfbf1;
    --ink: #1f2933; --muted: #52606d; --line: #d9dee4; --bg: #f6f7f9; --card: #fff;
    --danger: #b91c1c; --ok: #15803d; --warn: #b45309;
    --radius: 12px; --gap: 16px; --nav-h: 64px; --header-h: 56px;
  }
  *, *::before, *::after { box-sizing: border-box; }
  body { font-size: 16px; line-height: 1.45; -webkit-tap-highlight-color: transparent; overflow-wrap: break-word; }
  h1, h2, h3 { line-height: 1.25; margin: 0 0 8px; overflow-wrap: anywhere; }
  button, input, select, textarea { font: inherit; color: inherit; }
  a { color: var(--brand-dark); }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export const page = css`
  max-width: 768px; margin-inline: auto; padding: var(--gap); padding-bottom: calc(var(--nav-h) + 24px);
`;
export const card = css`
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: var(--gap);
`;
export const stack = css`
  display: flex; flex-direction: column; gap: 12px;
`;
export const row = css`
  display: flex; align-items: center; gap: 8px;
`;
export const muted = css`
  color: var(--muted); font-size: 14px;
`;
export const errorText = css`
  color: var(--danger); font-size: 14px; margin: 4px 0 0;
`;
export const centered = css`
  min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 12px; padding: 24px; text-align: center;
`;

/** Joins class names, skipping falsy ones. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(" ");

/** A warning set apart from the text around it (an invitation that cannot be used, an account other than the one named). */
export const notice = css`
  background: #fff7ed; border: 1px solid #fed7aa; color: #7c2d12; border-radius: 10px; padding: 12px 14px; margin: 0;
`;
