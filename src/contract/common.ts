// Rules every area's contract shares, without zod, so screens can use them without loading it.

/** Dial codes as the app sends them: "+968". */
export const DIAL_CODE = /^\+\d{1,4}$/;
export const DEFAULT_DIAL_CODE = "+968";

/** What people type inside numbers ("9100 0002", "9100-0002", "(9100) 0002") is dropped before the digits rule,
 * the same characters the server's sign-in identifier ignores. */
export const stripNumber = (s: string) => s.replace(/[\s\-.()\u00a0]/g, "");

/** The name a deleted account keeps (issue 14: issues and receipts others need still point at it); the app shows it
 * in the reader's language. */
export const DELETED_NAME = "Deleted user";
