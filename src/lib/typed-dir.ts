/**
 * The direction of what someone typed: from its first strong letter (dir=auto) once there is text, else the page's.
 * English typed on the Arabic screens showed its full stop and brackets on the wrong side ("Water leak (kitchen)."
 * read ".Water leak (kitchen)"); an empty field keeps the page's side for its caret and placeholder (auto would put
 * them on the left). For free text (titles, names, notes, messages), not numbers or passwords. TextField gives it to
 * its text, search and email inputs; a screen passes it to its text areas.
 */
export const typedDir = (value: unknown): "auto" | undefined => (typeof value === "string" && value.trim() ? "auto" : undefined);
