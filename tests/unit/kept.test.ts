import { afterEach, describe, expect, it } from "vitest";
import { clearKept, keep, REPORT_DRAFT, readKept, workDraftKey } from "../../src/lib/kept";
import { signIn, signOut } from "../../src/signals/session";

afterEach(() => signOut());

describe("reads kept on the phone", () => {
  it("falls back to memory without IndexedDB, and gives back the answer with the time it was kept", async () => {
    expect(typeof indexedDB).toBe("undefined");
    await keep(7, "jobs:open", { data: [1, 2] }, 1_700_000_000_000);
    expect(await readKept(7, "jobs:open")).toEqual({ data: { data: [1, 2] }, at: 1_700_000_000_000 });
  });

  it("never gives one user's kept answer to another", async () => {
    await keep(7, "jobs:open", "seven's jobs");
    expect(await readKept(8, "jobs:open")).toBeUndefined();
    expect(await readKept(7, "jobs:closed")).toBeUndefined();
  });

  it("forgets everything on clearKept, and on sign-out", async () => {
    await keep(7, "a", 1);
    await clearKept();
    expect(await readKept(7, "a")).toBeUndefined();

    signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 7 });
    await keep(7, "b", 2);
    signOut();
    expect(await readKept(7, "b")).toBeUndefined();
  });

  it("keeps a person's drafts, and nothing else, when their session ended by itself; signing out keeps none", async () => {
    signIn({ access_token: "t", role: 3, got_email_mob: 1, user_id: 7 });
    await keep(7, REPORT_DRAFT, "half a report");
    await keep(7, workDraftKey(4), "half a work report");
    await keep(7, "jobs:open", "seven's jobs");
    signOut({ ended: true });
    expect((await readKept(7, REPORT_DRAFT))?.data).toBe("half a report");
    expect((await readKept(7, workDraftKey(4)))?.data).toBe("half a work report");
    expect(await readKept(7, "jobs:open")).toBeUndefined();
    expect(await readKept(8, REPORT_DRAFT)).toBeUndefined();

    signIn({ access_token: "t", role: 3, got_email_mob: 1, user_id: 7 });
    signOut();
    expect(await readKept(7, REPORT_DRAFT)).toBeUndefined();
  });
});
