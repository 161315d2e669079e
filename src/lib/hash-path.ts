// Where the hash route points (#/verify-code?email=a@b.c): a leaf, so the page's boot script (src/boot.ts) reads the
// path and query as the router does (src/lib/hash-location.ts).
const rawHash = () => location.hash.replace(/^#?\/?/, "");
export const currentPath = () => "/" + rawHash().split("?")[0];
export const currentSearch = () => rawHash().split("?")[1] ?? "";
