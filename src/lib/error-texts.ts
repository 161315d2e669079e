import { t } from "../signals/language";

/** A translation key ("account.errors.nameRequired"), as a form's own checks give; a server's sentence has spaces. */
const KEY = /^[\w-]+(\.[\w-]+)+$/;

/**
 * A form's errors as shown: each translation key in the current language, a server's sentence as it came. Forms keep
 * the keys and call this when they render, so switching the language re-words the errors on the screen.
 */
export const errorTexts = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, KEY.test(e) ? t(e) : e]));
