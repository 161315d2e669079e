/**
 * The direction of what someone typed: from its first strong letter (dir=auto) once there is text, else the page's.
 * English typed on the Arabic screens showed its full stop and brackets on the wrong side ("Water leak (kitchen)."
 * read ".Water leak (kitchen)"); an empty field keeps the page's side for its caret and placeholder (auto would put
 * them on the left). For free text (titles, notes, messages), not numbers, emails or passwords. TextField does not pass
 * it (it is on the first load), so a screen passes it to the fields that take free text.
 */
export const typedDir = (value: unknown): "auto" | undefined => (typeof value === "string" && value.trim() ? "auto" : undefined);
