// How many times someone signed out in this page (a leaf): the reads kept on the phone before a sign-out are nobody's
// to see after it (src/lib/kept.ts forgets them on its next use), without the sign-in screen loading that module.
// A session that ended by itself (the server's 401, three days gone) keeps its owner's drafts: the same person signs
// in again and finds what they were typing; signing out keeps nothing.
let count = 0;
let draftsGo = false;
let lastEnded = false;
export const countSignOut = (keepDrafts = false) => {
  count++;
  lastEnded = keepDrafts;
  if (!keepDrafts) draftsGo = true;
};
/** Whether the last sign-out was a session ending by itself (a form still open may keep its owner's draft). */
export const lastSignOutEnded = () => lastEnded;
export const signOuts = () => count;
/** Whether a sign-out since the last call was the person's own (their drafts go too); the next call says false. */
export const takeDraftsGo = () => {
  const go = draftsGo;
  draftsGo = false;
  return go;
};
