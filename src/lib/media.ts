// Media typing and URLs (SPEC.md sections 3 and 9, D11).
export const IMAGE_EXTENSIONS = ["jpeg", "jpg", "gif", "png"] as const;
export const VIDEO_EXTENSIONS = ["mp4", "mov", "avi", "mkv"] as const;
export type MediaKind = "image" | "video";

/** The kind of a file by the extension of its name; null for anything else. */
export function mediaKind(fileName: string | null | undefined): MediaKind | null {
  const m = /\.([a-z0-9]+)$/i.exec((fileName ?? "").trim());
  const ext = m?.[1].toLowerCase() ?? "";
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return "image";
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return "video";
  return null;
}

const FILES_BASE = ((import.meta.env?.VITE_FILES_URL as string | undefined) ?? "files").replace(/\/$/, "");
const encodePath = (path: string) => path.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/");

/** URL of a property or issue file: {host}/files/properties/{path}. */
export const propertyFileUrl = (path: string) => `${FILES_BASE}/properties/${encodePath(path)}`;
/** Where a file is: its signed `url` (private uploads, issue 11) when it has one, else its public path. */
export const mediaUrl = (m: { url?: string; path: string }) => m.url || propertyFileUrl(m.path);
/** URL of a user file (profile pictures): {host}/files/users/{path}. */
export const userFileUrl = (path: string) => `${FILES_BASE}/users/${encodePath(path)}`;
