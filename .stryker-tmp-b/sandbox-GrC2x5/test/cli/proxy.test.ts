// @ts-nocheck
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { type CountingProxy, startCountingProxy } from "../helpers/counting-proxy.ts";
import { envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

describe("content-review behind a proxy", () => {
  let emu: EmulatorHandle;
  let proxy: CountingProxy;
  let dir: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    proxy = await startCountingProxy();
    dir = await tempDir();
    await writeFile(join(dir.path, "calm.txt"), "A calm description of a product.\n");
  });
  beforeEach(() => {
    proxy.forwarded.length = 0;
    proxy.tunnels.length = 0;
  });
  afterAll(async () => {
    await proxy.close();
    await emu.close();
    await dir.remove();
  });

  const review = (extra: Record<string, string>) =>
    runCli(["review", "calm.txt", "--json", ...FAST_POLL], {
      env: envFor(emu, emu.liveKey, extra),
      cwd: dir.path,
    });

  it("review sends the API calls and the upload to storage through HTTP_PROXY", async () => {
    const res = await review({ HTTP_PROXY: proxy.url });
    expect(res.code).toBe(0);
    const origin = new URL(emu.baseUrl).origin;
    expect(proxy.forwarded).toEqual(
      expect.arrayContaining([`POST ${origin}`, `PUT ${origin}`, `GET ${origin}`]),
    );
  });

  it.each([
    ["NO_PROXY", { HTTP_PROXY: "", NO_PROXY: "127.0.0.1" }],
    ["no_proxy with a port", { http_proxy: "", no_proxy: "localhost, 127.0.0.1:PORT" }],
  ])("review goes direct to the hosts of %s", async (_name, vars) => {
    const port = new URL(emu.baseUrl).port;
    const env = Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, v === "" ? proxy.url : v.replace("PORT", port)]),
    );
    const res = await review(env);
    expect(res.code).toBe(0);
    expect(proxy.forwarded).toEqual([]);
    expect(proxy.tunnels).toEqual([]);
  });
});
