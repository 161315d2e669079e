// The auth state of SPEC.md section 4 (one request at a time, its error and its message), apart from the actions of
// auth.ts that write it, so the sign-in screen reads it on its first load and fetches the actions' code afterwards.
import { signal } from "@preact/signals-react";

export const loading = signal(false);
export const error = signal<string | null>(null);
export const successMessage = signal<string | null>(null);
export const verificationMessage = signal<string | null>(null);
