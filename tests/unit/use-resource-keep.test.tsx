import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keep, readKept } from "../../src/lib/kept";
import { isNetworkFailure, usePagedList, useResource } from "../../src/lib/use-resource";
import { online } from "../../src/signals/connectivity";
import { signIn, signOut } from "../../src/signals/session";

const noNetwork = () => new TypeError("Failed to fetch");
const http500 = () => Object.assign(new Error("Request failed with status code 500"), { name: "HTTPError", response: new Response("", { status: 500 }) });
const SAVED = new Date(2026, 10, 25, 15, 5).getTime();

beforeEach(() => signIn({ access_token: "t", role: 1, got_email_mob: 1, user_id: 7 }));
afterEach(() => {
  online.value = true;
  signOut();
});

/** Shows what useResource gives: its data, and "saved <time>" when it came from the phone. */
function One({ load, keepAs = "thing" }: { load: () => Promise<string>; keepAs?: string }) {
  const r = useResource(() => load(), [], { keep: keepAs });
  return <p>{r.loading ? "loading" : r.error ? "error" : `${r.data}${r.savedAt ? ` saved ${r.savedAt}` : ""}`}</p>;
}

describe("useResource with keep", () => {
  it("keeps an answer and shows it with savedAt when a later load fails for want of a network", async () => {
    const { unmount } = render(<One load={async () => "fresh"} />);
    expect(await screen.findByText("fresh")).toBeTruthy();
    expect((await readKept<string>(7, "thing"))?.data).toBe("fresh");
    unmount();

    await keep(7, "thing", "kept", SAVED);
    render(
      <One
        load={async () => {
          throw noNetwork();
        }}
      />,
    );
    expect(await screen.findByText(`kept saved ${SAVED}`)).toBeTruthy();
  });

  it("shows the error of an answer that was an error (a 500), never the kept copy", async () => {
    await keep(7, "thing", "kept", SAVED);
    render(
      <One
        load={async () => {
          throw http500();
        }}
      />,
    );
    expect(await screen.findByText("error")).toBeTruthy();
  });

  it("never shows another user's kept answer", async () => {
    await keep(8, "thing", "eight's", SAVED);
    render(
      <One
        load={async () => {
          throw noNetwork();
        }}
      />,
    );
    expect(await screen.findByText("error")).toBeTruthy();
  });

  it("keeps nothing once signed out: the kept answer is gone and nobody's is written", async () => {
    render(<One load={async () => "fresh"} />);
    expect(await screen.findByText("fresh")).toBeTruthy();
    signOut();
    expect(await readKept(7, "thing")).toBeUndefined();
  });

  it("offline, shows the kept answer without waiting for the load, and loads again when the connection returns", async () => {
    await keep(7, "thing", "kept", SAVED);
    online.value = false;
    let calls = 0;
    render(
      <One
        load={async () => {
          calls++;
          return "fresh";
        }}
      />,
    );
    expect(await screen.findByText(`kept saved ${SAVED}`)).toBeTruthy();
    expect(calls).toBe(0);
    act(() => void (online.value = true));
    expect(await screen.findByText("fresh")).toBeTruthy();
    expect(calls).toBe(1);
  });

  it("a load that failed for want of a network, with nothing kept, is tried again when the connection returns", async () => {
    let calls = 0;
    render(
      <One
        keepAs="nothing-yet"
        load={async () => {
          calls++;
          if (calls === 1) throw noNetwork();
          return "back";
        }}
      />,
    );
    expect(await screen.findByText("error")).toBeTruthy();
    act(() => void (online.value = false));
    act(() => void (online.value = true));
    expect(await screen.findByText("back")).toBeTruthy();
  });
});

describe("usePagedList with keep", () => {
  type Item = { id: number };
  function List({ load }: { load: (page: number) => Promise<{ data: Item[]; total: number }> }) {
    const p = usePagedList(
      (page) => load(page),
      (i: Item) => i.id,
      [],
      { keep: "list" },
    );
    return (
      <p>
        {p.loading ? "loading" : p.error ? "error" : p.list.items.map((i) => i.id).join(",")}
        {p.savedAt ? ` saved ${p.savedAt}` : ""}
      </p>
    );
  }

  it("keeps the pages loaded and shows them with savedAt when the first page fails for want of a network", async () => {
    const { unmount } = render(<List load={async (page) => ({ data: [{ id: page * 10 }], total: 5 })} />);
    expect(await screen.findByText("10")).toBeTruthy();
    expect((await readKept<{ items: Item[] }>(7, "list"))?.data.items).toEqual([{ id: 10 }]);
    unmount();

    render(
      <List
        load={async () => {
          throw noNetwork();
        }}
      />,
    );
    expect(await screen.findByText(/^10 saved \d+$/)).toBeTruthy();
  });

  it("shows the error of a 500, never the kept list", async () => {
    await keep(7, "list", { items: [{ id: 1 }], total: 1 }, SAVED);
    render(
      <List
        load={async () => {
          throw http500();
        }}
      />,
    );
    expect(await screen.findByText("error")).toBeTruthy();
  });

  it("reloads from the first page when the connection returns", async () => {
    await keep(7, "list", { items: [{ id: 1 }], total: 1 }, SAVED);
    online.value = false;
    render(<List load={async () => ({ data: [{ id: 2 }], total: 1 })} />);
    expect(await screen.findByText(`1 saved ${SAVED}`)).toBeTruthy();
    act(() => void (online.value = true));
    expect(await screen.findByText("2")).toBeTruthy();
  });
});

describe("isNetworkFailure", () => {
  it("is fetch's TypeError or any failure while offline; not an HTTP error, an abort or a bug", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNetworkFailure(new TypeError("Load failed"))).toBe(true);
    expect(isNetworkFailure(http500())).toBe(false);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isNetworkFailure(Object.assign(new Error("aborted"), { name: "AbortError" }))).toBe(false);
    online.value = false;
    expect(isNetworkFailure(new Error("anything"))).toBe(true);
    expect(isNetworkFailure(http500())).toBe(false);
  });
});
