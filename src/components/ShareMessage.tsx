import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { plainText, whatsappUrl } from "../lib/whatsapp";
import { t } from "../signals/language";
import { showToast } from "../signals/toasts";
import { Button, Field } from "./ui";

const boxCss = css`width: 100%; min-height: 110px; padding: 10px; border: 1px solid var(--line); border-radius: 10px; background: #fff; resize: vertical;`;
const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
const waLink = css`
  display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 18px; border-radius: 10px;
  background: #128c4b; color: #fff; font-weight: 600; text-decoration: none; text-align: center;
`;

/**
 * A prepared message (an invitation with its one-time link, LOOP.md section 1) in a read-only box, with Send on
 * WhatsApp (to `phone`, else to whoever the user picks) and Copy: the tenant's and the employee's invitations. Its
 * words are `${words}.message`, `.whatsapp`, `.copy`, `.copied` and `.copyFailed`. Give it a `key` per message, so that
 * a new link starts as not copied.
 */
export function ShareMessage({ id, message, phone, words }: { id: string; message: string; phone: string | null; words: string }) {
  useSignals();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(plainText(message));
      setCopied(true);
    } catch {
      showToast({ key: `${words}.copyFailed` }, "error", { id: `${id}-copy` });
    }
  };
  return (
    <>
      <Field id={id} label={t(`${words}.message`)}>
        <textarea id={id} className={boxCss} readOnly value={message} />
      </Field>
      <div className={actionsCss}>
        <a className={waLink} href={whatsappUrl(phone, message)} target="_blank" rel="noopener noreferrer">
          {t(`${words}.whatsapp`)}
        </a>
        <Button variant="secondary" onClick={() => void copy()}>
          {t(copied ? `${words}.copied` : `${words}.copy`)}
        </Button>
      </div>
    </>
  );
}
