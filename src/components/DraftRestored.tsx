import { css } from "goober";

const noteCss = css`margin: 0; padding: 10px 12px; border-radius: 10px; background: var(--brand-soft); color: var(--brand-dark); font-weight: 600;`;

/** At the top of a form whose draft came back from the phone (lib/use-draft.ts): says so, once, as the form opens. */
export function DraftRestored({ text }: { text: string }) {
  return (
    <p role="status" className={noteCss} data-testid="draft-restored">
      {text}
    </p>
  );
}
