// What the outbox's view tests share (issue 15): the outbox started for the file, a signed-in account per test, the
// phone back online and everything forgotten after each; a call that gets no answer, and the phone coming online.
import { act } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { setOutbox, startOutbox } from "../../src/lib/outbox";
import { online } from "../../src/signals/connectivity";
import { type LoginResponse, signIn, signOut } from "../../src/signals/session";

/** Registers the hooks: the outbox runs for the whole file; each test signs `account` in and leaves a clean phone. */
export function outboxSuite(account: LoginResponse, after: () => void = () => undefined) {
  let stop: () => void = () => undefined;
  beforeAll(() => {
    stop = startOutbox();
    return () => stop();
  });
  beforeEach(() => signIn(account));
  afterEach(() => {
    after();
    setOutbox(undefined);
    setApi(createApi());
    act(() => {
      online.value = true;
      signOut();
    });
  });
}

/** A call that gets no answer at all (what fetch throws when the signal is gone). */
export const noNetwork = () => Promise.reject(new TypeError("Failed to fetch"));

/** The phone comes back online. */
export const goOnline = () =>
  act(() => {
    online.value = true;
    window.dispatchEvent(new Event("online"));
  });
