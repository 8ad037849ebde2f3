import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubState, githubRouter } from "../../../emulator/github/index.ts";

/** A JWT as a GitHub App signs one (RS256); the claims are the test's to choose. */
function appJwt(key: KeyObject, claims: Record<string, unknown>, alg = "RS256"): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const data = `${part({ alg, typ: "JWT" })}.${part(claims)}`;
  return `${data}.${sign("RSA-SHA256", Buffer.from(data), key).toString("base64url")}`;
}

const T0 = Date.parse("2026-11-25T12:00:00Z");
let clock = T0;
let base: string;
let close: () => Promise<void>;
let appId: string;
let appKey: KeyObject;
const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
const s = () => Math.floor(clock / 1000);

beforeAll(async () => {
  // The emulator's GitHub, as createApp mounts it, on a clock the test moves.
  const app = express();
  app.use(githubRouter(createGithubState(), () => new Date(clock)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_emulator/github`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const get = (path: string, auth?: string) =>
  fetch(`${base}${path}`, { headers: auth ? { authorization: auth } : {} });
const post = (path: string, auth?: string, body: unknown = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
const setStatus = (repository: string, auth: string) =>
  post(`/repos/${repository}/statuses/abc1234`, auth, { state: "success" });

describe("APP_INSTALLATION_OPERATIONS, through the emulator's GitHub", () => {
  it("APP_INSTALLATION_OPERATIONS accepts any token on repository routes until an App is registered", async () => {
    expect((await setStatus("acme/site", "token anything")).status).toBe(201);
  });

  it("APP_INSTALLATION_OPERATIONS registers an App with a key pair it makes, and answers the private key once", async () => {
    const res = await post("/apps", undefined, { owners: ["acme"] });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { appId: string; privateKey: string };
    expect(body.appId).toMatch(/^\d+$/);
    expect(body.privateKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    appId = body.appId;
    const { createPrivateKey } = await import("node:crypto");
    appKey = createPrivateKey(body.privateKey);
  });

  it.each([
    ["no JWT", () => undefined],
    [
      "a JWT signed with another key",
      () => `Bearer ${appJwt(other, { iss: appId, iat: s() - 30, exp: s() + 540 })}`,
    ],
    [
      "an expired JWT",
      () => `Bearer ${appJwt(appKey, { iss: appId, iat: s() - 700, exp: s() - 100 })}`,
    ],
    [
      "a JWT expiring past 10 minutes",
      () => `Bearer ${appJwt(appKey, { iss: appId, iat: s(), exp: s() + 660 })}`,
    ],
    [
      "a JWT of an unknown App",
      () => `Bearer ${appJwt(appKey, { iss: "999", iat: s() - 30, exp: s() + 540 })}`,
    ],
    [
      "a JWT not RS256",
      () => `Bearer ${appJwt(appKey, { iss: appId, iat: s() - 30, exp: s() + 540 }, "HS256")}`,
    ],
  ])(
    "APP_INSTALLATION_OPERATIONS refuses %s on the installation lookup (401)",
    async (_what, auth) => {
      const res = await get("/repos/acme/site/installation", auth());
      expect(res.status).toBe(401);
    },
  );

  it("APP_INSTALLATION_OPERATIONS finds the installation, issues its token, and the token sets statuses on its owner only", async () => {
    const jwt = () => `Bearer ${appJwt(appKey, { iss: appId, iat: s() - 30, exp: s() + 570 })}`;
    const installation = await get("/repos/acme/site/installation", jwt());
    expect(installation.status).toBe(200);
    const { id } = (await installation.json()) as { id: number };
    // The owner the App is not installed on.
    expect((await get("/repos/elsewhere/site/installation", jwt())).status).toBe(404);

    // A token needs the App's JWT, not a token.
    expect((await post(`/app/installations/${id}/access_tokens`, "token ghs_x")).status).toBe(401);
    const created = await post(`/app/installations/${id}/access_tokens`, jwt());
    expect(created.status).toBe(201);
    const { token, expires_at } = (await created.json()) as { token: string; expires_at: string };
    expect(token).toMatch(/^ghs_/);
    expect(Date.parse(expires_at)).toBe(T0 + 3600_000);

    expect((await setStatus("acme/site", `token ${token}`)).status).toBe(201);
    expect((await setStatus("acme/site", "token ghs_wrong")).status).toBe(401);
    expect((await setStatus("acme/site", "token anything")).status).toBe(401);
    expect((await setStatus("elsewhere/x", `token ${token}`)).status).toBe(403);
    // Past its expiry the token is refused.
    clock = T0 + 3600_000;
    expect((await setStatus("acme/site", `token ${token}`)).status).toBe(401);
    clock = T0;
    // The status it set shows, made by the installation's token.
    const statuses = (await (await get("/statuses")).json()) as { repository: string }[];
    expect(statuses.map((s) => s.repository)).toEqual(["acme/site", "acme/site"]);

    const view = (await (await get("/apps")).json()) as unknown[];
    expect(view).toEqual([{ appId, installations: [{ id, account: "acme", tokensIssued: 1 }] }]);
  });
});
