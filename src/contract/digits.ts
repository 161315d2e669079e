// Numbers as an Arabic keyboard types them (D18 shows digits 0-9 in both languages, and takes either when typed).
// Shared: the app's forms and the server read typed numbers the same way.

/** Arabic-Indic and Persian digits ("٩١٠٠٠٠٠١") as Western ones. */
export const westernDigits = (s: string) => s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90));

/** A number as typed ("٢٫٥", "١٢"): Western digits, and the Arabic decimal sign as a point. */
export const westernNumber = (s: string) => westernDigits(s).replace(/\u066b/g, ".");
