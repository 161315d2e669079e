export function compileCss(text: string, global?: boolean): { cls: string; rule: string };
export function precompileStyles(code: string, id: string, sheet: string): { code: string; map: null } | null;
