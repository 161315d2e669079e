// How many times someone signed out in this page (a leaf): the reads kept on the phone before a sign-out are nobody's
// to see after it (src/lib/kept.ts forgets them on its next use), without the sign-in screen loading that module.
let count = 0;
export const countSignOut = () => void count++;
export const signOuts = () => count;
