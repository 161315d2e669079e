import { css } from "goober";
import { card, cx } from "../../styles/theme";

/** A card section of the issue screens, with headings sized for a phone. */
export const section = cx(card, css`& > h2 { font-size: 18px; margin-bottom: 10px; }`);
