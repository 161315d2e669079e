import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe; only its SHA-256 is stored (D9). */
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
