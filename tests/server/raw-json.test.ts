import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { RawJson, jsonAnswer, stringifyWithRaw } from "../../server/lib/raw-json";

describe("answers holding JSON text made by the database (RawJson)", () => {
  it("puts each text where it stands, in arrays and objects, and leaves every other value as JSON.stringify writes it", () => {
    const value = {
      status: 1,
      total: 2,
      data: [new RawJson('{"issue_id":7,"title":"Leak"}'), new RawJson('{"a" : [1, 2]}')],
      one: new RawJson("null"),
      text: 'a string with \\u0000 0 \\u0000 and "quotes"',
      nested: { when: new Date(Date.UTC(2026, 10, 27)), list: [1, "x", null] },
    };
    const text = stringifyWithRaw(value);
    expect(JSON.parse(text)).toEqual({
      status: 1,
      total: 2,
      data: [{ issue_id: 7, title: "Leak" }, { a: [1, 2] }],
      one: null,
      text: 'a string with \\u0000 0 \\u0000 and "quotes"',
      nested: { when: "2026-11-27T00:00:00.000Z", list: [1, "x", null] },
    });
    expect(text.startsWith('{"status":1,"total":2,"data":[{"issue_id":7,"title":"Leak"},{"a" : [1, 2]}],"one":null,')).toBe(true);
  });

  it("is JSON.stringify itself when the value holds no RawJson", () => {
    const value = { message: "Saved", status: 1, data: { id: 3, tags: ["a", "b"], note: "tab\there" } };
    expect(stringifyWithRaw(value)).toBe(JSON.stringify(value));
  });

  it("answers with the status asked and a JSON content type", async () => {
    const app = new Hono();
    app.post("/x", (c) => jsonAnswer(c, { status: 1, data: new RawJson('{"id":1}') }, 201));
    const res = await app.request("/x", { method: "POST" });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 1, data: { id: 1 } });
  });
});
