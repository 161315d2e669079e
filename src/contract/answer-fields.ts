// The fields every area's answers read alike (jobs, issues, places, staff): a text or number the server may leave out
// or send as null reads as null, a list it leaves out as empty. Built when a schema first parses with them, not as the
// modules load (issue 16).
import * as z from "zod/mini";

export const text = z.lazy(() => z._default(z.nullable(z.string()), null));
export const num = z.lazy(() => z._default(z.nullable(z.number()), null));
export const list = <T extends z.ZodMiniType>(item: T) => z._default(z.array(item), []);
