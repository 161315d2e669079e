import type { Queryable } from "../db";
import type { SeedIds } from "../seed";

// Stub: this area's demo data comes in its own issue.
export async function seedIssues(_q: Queryable, _ids: SeedIds): Promise<void> {}
