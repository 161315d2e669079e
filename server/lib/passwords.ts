import { hash, verify } from "@node-rs/argon2";

// D9: argon2id, m = 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** The smallest cost argon2 takes (64 KiB, one pass): only ever through lowestHashCostInTests. */
const LOWEST = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
let options: typeof OPTIONS | typeof LOWEST = OPTIONS;

export const hashPassword = (password: string) => hash(password, options);

/**
 * The server tests only (tests/server/setup.ts turns it on for every file): the hashes the server makes (registrations,
 * resets, codes) at argon2's lowest cost instead of D9's, so the hundreds the tests make cost microseconds each; `false`
 * gives D9's cost back, for the tests that check it. Nothing outside the tests calls it, and it refuses to run anywhere
 * but under vitest: there is no setting or variable that lowers the cost of a running server.
 */
export function lowestHashCostInTests(on: boolean) {
  if (!process.env.VITEST) throw new Error("lowestHashCostInTests is for the server tests only");
  options = on ? LOWEST : OPTIONS;
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
