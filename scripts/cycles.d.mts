/** What the import-cycle check prints for `dirs` and its exit status, 1 when it finds a cycle (cycles.mjs). */
export function check(dirs: string[]): { status: 0 | 1; stdout: string };
