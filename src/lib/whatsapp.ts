// Text this app hands to other apps (a WhatsApp message, the share sheet): the isolates the app's sentences put around
// names and numbers (U+2066-U+2069, for its own right-to-left layout) would travel inside the message, invisible
// characters in the chat; other apps lay out the text themselves.
const ISOLATES = /[\u2066-\u2069]/g;

/** `text` without the app's direction isolates, as another app should receive it. */
export const plainText = (text: string) => text.replace(ISOLATES, "");

/** A wa.me link with `text` ready to send: to `phone` (its digits: the full number) when known, else to whoever the user picks. */
export const whatsappUrl = (phone: string | null | undefined, text: string) =>
  `https://wa.me/${(phone ?? "").replace(/\D/g, "")}?text=${encodeURIComponent(plainText(text))}`;
