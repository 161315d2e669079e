import { readFileSync } from "node:fs";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { addDictionary } from "../src/signals/language";
import "../src/styles/theme";

// Components are tested against the real dictionaries, so a missing key shows up as the raw key.
beforeAll(() => {
  for (const code of ["en", "ar"]) addDictionary(code, JSON.parse(readFileSync(`public/locales/${code}.json`, "utf8")));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  location.hash = "";
});
