import { describe, expect, it } from "vitest";
import { companyPrefill, decodeJwtPayload } from "../../src/lib/jwt";

const b64url = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const jwt = (payload: unknown) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(typeof payload === "string" ? payload : JSON.stringify(payload))}.sig`;

describe("decodeJwtPayload", () => {
  it("reads a base64url JSON payload without checking the signature", () => {
    expect(decodeJwtPayload(jwt({ name: "Gulf Fix", n: 1 }))).toEqual({ name: "Gulf Fix", n: 1 });
  });
  it("decodes UTF-8, including Arabic, and base64url's - and _ characters", () => {
    const payload = { name: "شركة الخليج للصيانة", note: "??>>~~" };
    const token = jwt(payload);
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(decodeJwtPayload(token)).toEqual(payload);
  });
  it("returns null for garbage of every kind", () => {
    for (const bad of [
      "",
      "abc",
      "a.b",
      "a.b.c.d",
      "x.%%%.y",
      `x.${b64url("not json")}.y`,
      `x.${b64url("[1,2]")}.y`,
      `x.${b64url("null")}.y`,
      `x.${b64url("42")}.y`,
      `x.${Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")}.y`,
      null,
      undefined,
    ]) {
      expect(decodeJwtPayload(bad as string), String(bad)).toBeNull();
    }
  });
});

describe("companyPrefill", () => {
  it("keeps only name, email, mob_no and cntry_code, normalising the dial code", () => {
    expect(companyPrefill(jwt({ name: " Gulf Fix ", email: "a@b.om", mob_no: 91112222, cntry_code: "971", role: 2, exp: 1 }))).toEqual({
      name: "Gulf Fix",
      email: "a@b.om",
      mob_no: "91112222",
      cntry_code: "+971",
    });
  });
  it("drops fields that are not text or not numbers where numbers belong", () => {
    expect(companyPrefill(jwt({ name: { first: "x" }, email: ["a"], mob_no: "call me", cntry_code: "+12345" }))).toEqual({});
  });
  it("gives nothing for a token that does not decode", () => {
    expect(companyPrefill("garbage")).toEqual({});
    expect(companyPrefill(null)).toEqual({});
  });
});
