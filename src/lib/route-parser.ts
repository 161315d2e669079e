import { parse } from "regexparam";
import type { Parser } from "wouter";

const parsed = new Map<string, ReturnType<Parser>>();

/**
 * wouter's own route parser (regexparam), each pattern parsed once (issue 16): wouter parses every route's pattern into a
 * new regular expression at each render of the Switch and of each Route, some thirty patterns a render, and the app's
 * first render on a cheap phone paid for it. A pattern's expression has no state (no `g` flag), so one serves every render.
 */
export const routeParser: Parser = (route, loose) => {
  const key = `${loose ? "~" : "="}${route}`;
  let found = parsed.get(key);
  if (!found) parsed.set(key, (found = parse(route, loose)));
  return found;
};
