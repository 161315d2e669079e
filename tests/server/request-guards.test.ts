import { once } from "node:events";
import type { Server } from "node:http";
import { type Http2Server, connect as http2Connect, createServer as createHttp2Server } from "node:http2";
import { type AddressInfo, connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { createSession } from "../../server/lib/auth";
import { findNul, jsonBodyLimit, requireJsonBody } from "../../server/lib/request-guards";
import { Hono } from "hono";
import { resetDb, sharedApp, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));

const NUL = "\u0000";
let seq = 0;
async function signedIn(role: number) {
  seq++;
  const { rows } = await db.query<{ user_id: number }>("insert into users (role, name, email, mob_no) values ($1, $2, $3, $4) returning user_id", [
    role,
    `User ${seq}`,
    `u${seq}@example.om`,
    `9300000${seq}`,
  ]);
  return createSession(db, rows[0].user_id);
}

const expect422 = async (res: Response, field?: string) => {
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.detail).toMatch(/NUL/);
  if (field) expect(Object.keys(body.errors)).toEqual([field]);
};

describe("a NUL character (U+0000) in text", () => {
  it("answers 422 with a detail, not 500, for a NUL in the sign-in identifier", async () => {
    const { json } = sharedApp(db);
    await expect422(await json("POST", "/api/user/login", { identifier: `owner${NUL}@demo.om`, password: "Secret@123" }), "identifier");
    await expect422(await json("POST", "/api/user/login", { identifier: "owner@demo.om", password: `Secret@12${NUL}3` }), "password");
  });

  it("answers 422 with a detail, not 500, for a NUL in a name, an email or a registration number", async () => {
    const { json } = sharedApp(db);
    const company = {
      name: "Muscat Repairs LLC",
      email: "info@muscatrepairs.om",
      password: "Secret@123",
      mob_no: "24001122",
      cntry_code: "+968",
      reg_no: "CR-7654321",
      terms_service: true,
    };
    await expect422(await json("POST", "/api/authn/company_register", { ...company, reg_no: `CR${NUL}1` }), "reg_no");
    await expect422(await json("POST", "/api/authn/company_register", { ...company, name: `Muscat${NUL}` }), "name");
    await expect422(
      await json("POST", "/api/user/register", {
        name: "Salma",
        email: `s${NUL}@example.om`,
        password: "Secret@123",
        mob_no: "99123456",
        cntry_code: "+968",
        terms_service: true,
      }),
      "email",
    );
    expect((await db.query("select 1 from companies")).rows).toHaveLength(0);
  });

  it("answers 422 with a detail, not 500, for a NUL in a nested address field", async () => {
    const { json } = sharedApp(db);
    const token = await signedIn(0);
    const body = {
      email: "salma@example.om",
      cntry_code: "+968",
      mob_no: "99123456",
      includeWhatsapp: true,
      area_range: null,
      respond_time: null,
      addres: "",
      addrs: { block: "", no: "", street: `Way${NUL}1`, city: "", state: "", zipcode: "", country: "" },
      location: { lat: null, lng: null },
    };
    await expect422(await json("PUT", "/api/update_user_email_mob", body, token), "addrs.street");
  });

  it("answers 422 with a detail, not 500, for a NUL in any field of POST /api/error", async () => {
    const { json } = sharedApp(db);
    const report = {
      error_type: "TypeError",
      error_message: "x is undefined",
      stack: "at a",
      page_url: "http://x/#/home",
      browser_info: "Chrome",
      os_info: "Android",
      user_agent: "UA",
      referrer_url: "http://x/",
    };
    for (const field of Object.keys(report)) {
      await expect422(await json("POST", "/api/error", { ...report, [field]: `a${NUL}b` }), field);
    }
    expect((await db.query("select 1 from error_reports")).rows).toHaveLength(0);
    // Nothing else is refused: the same report without the NUL is stored.
    expect((await json("POST", "/api/error", report)).status).toBe(201);
  });

  it("answers 422 with a detail, not 500, for a NUL in a query string or a path", async () => {
    const { json } = sharedApp(db);
    const tech = await signedIn(1);
    await expect422(await json("GET", "/api/place/search?keyword=mus%00cat", undefined, tech), "keyword");
    await expect422(await json("GET", "/api/issue/jobs?status=open%00&page_num=1", undefined, tech), "status");
    await expect422(await json("GET", "/api/issue/issue?issue_id=1%00", undefined, tech), "issue_id");
    await expect422(await json("GET", "/api/issue%00/jobs", undefined, tech), "path");
  });

  it("accepts an escaped backslash followed by u0000, which is not a NUL", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/error", '{"error_type":"E","error_message":"literal \\\\u0000 text"}');
    expect(res.status).toBe(201);
    expect((await db.query<{ m: string }>("select error_message as m from error_reports")).rows[0].m).toBe("literal \\u0000 text");
  });

  it("names where the NUL is in a nested body", () => {
    expect(findNul({ a: [{ b: "x" }, { c: `y${NUL}` }] })).toBe("a.1.c");
    expect(findNul({ [`k${NUL}`]: 1 })).toBe("");
    expect(findNul({ a: "fine", n: 3, b: null })).toBeNull();
  });
});

describe("the content type of a request body", () => {
  const report = JSON.stringify({ error_type: "TypeError", error_message: "cross-site" });
  const post = (type: string | null, body: string | undefined = report, path = "/api/error") =>
    testApp(db).app.request(path, { method: "POST", headers: type ? { "content-type": type } : {}, body });

  it("answers 415 with a detail for a JSON body sent as text/plain or as a form (cross-site posts without preflight)", async () => {
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
      const res = await post(type);
      expect(res.status, String(type)).toBe(415);
      expect((await res.json()).detail).toMatch(/application\/json/);
    }
    const token = await signedIn(1);
    const put = await testApp(db).app.request("/api/issue/issue", {
      method: "PUT",
      headers: { "content-type": "text/plain", authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(put.status).toBe(415);
    expect((await db.query("select 1 from error_reports")).rows).toHaveLength(0);
  });

  it("accepts application/json with or without a charset", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])
      expect((await post(type)).status, type).toBe(201);
    expect((await db.query("select 1 from error_reports")).rows).toHaveLength(3);
  });

  it("lets a write without a body through whatever its content type", async () => {
    // No body to misread: the route answers as it would (here 400: a report is required).
    const res = await testApp(db).app.request("/api/error", { method: "POST", headers: { "content-type": "text/plain", "content-length": "0" } });
    expect(res.status).toBe(400);
    expect((await post("text/plain", "")).status).toBe(400);
  });

  it("skips the routes listed as taking other bodies (uploads)", async () => {
    const app = new Hono();
    app.use("/api/*", requireJsonBody(["/api/upload/"]));
    app.post("/api/upload/photo", (c) => c.text("taken"));
    app.post("/api/other", (c) => c.text("taken"));
    const form = (path: string) => app.request(path, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x--" });
    expect((await form("/api/upload/photo")).status).toBe(200);
    expect((await form("/api/other")).status).toBe(415);
  });

  it("caps JSON bodies at their limit but leaves the routes that take other bodies to cap their own (a photo was refused at 16 KB)", async () => {
    const app = new Hono();
    app.use("/api/*", jsonBodyLimit(1024, ["/api/upload/"]));
    app.post("/api/upload/photo", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
    app.post("/api/other", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
    const big = new Uint8Array(64 * 1024);
    const upload = await app.request("/api/upload/photo", { method: "POST", headers: { "content-type": "image/jpeg" }, body: big });
    expect(upload.status).toBe(200);
    expect(await upload.text()).toBe(String(big.byteLength));
    const other = await app.request("/api/other", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: "x".repeat(2048) }),
    });
    expect(other.status).toBe(413);
    expect((await other.json()).detail).toBe("The request is too large.");
  });
});

describe("a body refused before it is read", () => {
  const app = new Hono();
  app.use("/api/*", jsonBodyLimit(1024));
  app.post("/api/echo", async (c) => c.json(await c.req.json()));
  const body = JSON.stringify({ a: "x".repeat(20 * 1024) });

  it("ends an HTTP/1.1 connection with its 413 (Connection: close), so that no next request is sent on a connection about to drop", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    try {
      await once(server, "listening");
      const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
      let answer = "";
      socket.on("data", (d) => (answer += d));
      const ended = once(socket, "close");
      socket.write(`POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      // Kept open, the connection would still be waiting for a next request a second later.
      await Promise.race([ended, new Promise((done) => setTimeout(done, 1000))]);
      expect(socket.destroyed).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toContain('"detail":"The request is too large."');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it("answers 413 over HTTP/2 too, where a Connection header is not allowed", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", createServer: createHttp2Server }) as unknown as Http2Server;
    await once(server, "listening");
    const client = http2Connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const ask = (payload: string) =>
        new Promise<{ status: number; text: string }>((done, fail) => {
          const req = client.request({ ":method": "POST", ":path": "/api/echo", "content-type": "application/json", "content-length": String(payload.length) });
          let status = 0;
          let text = "";
          req.on("response", (h) => (status = Number(h[":status"])));
          req.on("data", (d) => (text += d));
          req.on("end", () => done({ status, text }));
          req.on("error", fail);
          req.end(payload);
        });
      const refused = await ask(body);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text).detail).toBe("The request is too large.");
      // The same connection goes on serving.
      expect(await ask('{"a":1}')).toEqual({ status: 200, text: '{"a":1}' });
    } finally {
      client.close();
      await new Promise((done) => server.close(done));
    }
  });
});
