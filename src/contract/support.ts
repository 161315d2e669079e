// Wire contract of the support desk (issue 14; LOOP.md: /contact): where support answers and the message form.
// Kept apart from src/contract/account.ts, whose phone rules /contact does not need (they weigh about 30 KB).
import * as z from "zod/mini";

export const SUPPORT_LIMITS = { messageMax: 2000, subjectMax: 120 } as const;

export const SUPPORT_MESSAGES = {
  sent: "Thank you. Your message has been sent to our support team.",
  messageRequired: "Please write your message.",
  messageTooLong: `Your message can be at most ${SUPPORT_LIMITS.messageMax} characters.`,
} as const;

/** POST /support/contact (signed in): kept in the database and mailed to the support address. */
export const supportMessage = z.lazy(() =>
  z.object({
    subject: z.optional(z.string().check(z.trim(), z.maxLength(SUPPORT_LIMITS.subjectMax))),
    message: z
      .string(SUPPORT_MESSAGES.messageRequired)
      .check(z.trim(), z.minLength(1, SUPPORT_MESSAGES.messageRequired), z.maxLength(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageTooLong)),
  }),
);
export type SupportMessage = z.input<typeof supportMessage>;

const nullishString = z.optional(z.nullable(z.string()));

/** GET /support/info: where support answers (SUPPORT_PHONE, SUPPORT_WHATSAPP, SUPPORT_EMAIL on the server). */
export const supportInfoResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({ phone: nullishString, whatsapp: nullishString, email: nullishString }),
  }),
);
export type SupportInfo = z.infer<typeof supportInfoResponse>["data"];
