import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useResource } from "../../src/lib/use-resource";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("useResource", () => {
  it("drops a slow answer for an id that a newer id replaced, and aborts its signal", async () => {
    const loads = new Map<string, { d: ReturnType<typeof deferred<string>>; signal: AbortSignal }>();
    function Show({ id }: { id: string }) {
      const r = useResource(
        (signal) => {
          const d = deferred<string>();
          loads.set(id, { d, signal });
          return d.promise;
        },
        [id],
      );
      return <p>{r.loading ? "loading" : r.error ? "error" : r.data}</p>;
    }
    const { rerender } = render(<Show id="a" />);
    rerender(<Show id="b" />);
    expect(loads.get("a")!.signal.aborted).toBe(true);
    await act(async () => loads.get("b")!.d.resolve("B"));
    await act(async () => loads.get("a")!.d.resolve("A"));
    expect(screen.getByRole("paragraph").textContent).toBe("B");
  });

  it("gives the error and loads again on retry", async () => {
    let calls = 0;
    let retry = () => {};
    function Show() {
      const r = useResource(async () => {
        calls++;
        if (calls === 1) throw new Error("down");
        return "ok";
      }, []);
      retry = r.retry;
      return <p>{r.loading ? "loading" : r.error ? "error" : r.data}</p>;
    }
    render(<Show />);
    expect(await screen.findByText("error")).toBeTruthy();
    act(() => retry());
    expect(await screen.findByText("ok")).toBeTruthy();
    expect(calls).toBe(2);
  });
});
