// A form's draft kept on the phone (lib/kept.ts: IndexedDB, per user, gone at sign-out) while the form has changes, so
// a reload or a tab the phone closed loses nothing typed or picked: read once as the form opens (`restore`), written a
// moment after each change and at once when the page is hidden, forgotten once sent or queued (`done`), emptied, or
// discarded (`forget`). The work report and the report of a problem keep theirs.
import { useEffect, useRef, useState } from "react";
import { user } from "../signals/session";
import { forgetKept, keep, readKept } from "./kept";
import { lastSignOutEnded } from "./sign-outs";

/** What a draft keeps: the fields as typed and the files picked (Files keep in IndexedDB). */
export interface Draft<F> {
  form: F;
  files: { kind: string; file: File }[];
}

/** How long after a change the draft is written: typing writes once a pause comes, not at each key. */
const DRAFT_DELAY_MS = 400;

export function useDraft<F>(
  key: string | null,
  now: { done: boolean; dirty: boolean; form: F; files: readonly { kind: string; file: File }[] },
  restore: (kept: Draft<F>) => void,
) {
  const owner = key == null ? null : (user.peek()?.user_id ?? null);
  const [read, setRead] = useState(owner == null);
  const [restored, setRestored] = useState(false);
  /** The write of the latest changes, while it waits for its moment. */
  const pending = useRef<(() => void) | null>(null);
  const { done, dirty, form, files } = now;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form opens
  useEffect(() => {
    if (owner == null || key == null) return;
    let live = true;
    void readKept<Draft<F>>(owner, key).then((kept) => {
      if (!live) return;
      if (kept) {
        restore(kept.data);
        setRestored(true);
      }
      setRead(true);
    });
    return () => {
      live = false;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: owner and key are the form's for its life
  useEffect(() => {
    pending.current = null;
    if (owner == null || key == null || !read) return;
    if (done || !dirty) {
      void forgetKept(owner, key);
      return;
    }
    const draft: Draft<F> = { form, files: files.map(({ kind, file }) => ({ kind, file })) };
    const write = () => {
      clearTimeout(timer);
      pending.current = null;
      // Once its owner signed out, a form still open keeps nothing (after a session that ended by itself, it does).
      if (user.peek()?.user_id === owner || lastSignOutEnded()) void keep(owner, key, draft);
    };
    pending.current = write;
    const timer = setTimeout(write, DRAFT_DELAY_MS);
    // The phone may close a tab it put in the background without a word: written at once when the page is hidden.
    const hidden = () => document.visibilityState === "hidden" && write();
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", write);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", write);
    };
  }, [read, done, dirty, form, files]);
  // A form that goes before its draft's moment came (the session ended as it was sent, a tap on a link) writes it then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form goes
  useEffect(() => () => pending.current?.(), []);
  return {
    restored,
    forget: () => {
      pending.current = null;
      if (owner != null && key != null) void forgetKept(owner, key);
    },
  };
}
