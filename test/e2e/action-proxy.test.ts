import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import { type CountingProxy, startCountingProxy } from "../helpers/counting-proxy.ts";
import { type SelfSignedCert, selfSignedCert } from "../helpers/self-signed-cert.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const TOKEN = "ghs_faketokenfaketokenfaketoken0003";
const HEAD = "e".repeat(40);

let emu: EmulatorHandle;
let github: GithubStandIn;
let proxy: CountingProxy;
let cert: SelfSignedCert;
let workspace: string;

beforeAll(async () => {
  cert = await selfSignedCert(await mkdtemp(join(tmpdir(), "content-review-proxy-")));
  // GitHub over HTTPS, as on github.com and GHES: reached through a CONNECT tunnel.
  ({ emu, github, workspace } = await startActionStage({
    token: TOKEN,
    github: { tls: cert },
    files: { "media/clean.txt": "A calm description of the product.\n" },
  }));
  proxy = await startCountingProxy();
  github.addPullRequest(1, [{ filename: "media/clean.txt", status: "added" }]);
});

beforeEach(() => {
  proxy.tunnels.length = 0;
  proxy.forwarded.length = 0;
});

afterAll(async () => {
  await proxy?.close();
});

function review(checkName: string, env: Record<string, string>) {
  return runAction({
    inputs: {
      "api-key": emu.liveKey,
      "base-url": emu.baseUrl,
      "sidekick-ids": "brand",
      "check-name": checkName,
    },
    eventName: "pull_request",
    event: pullRequestEvent(1, HEAD),
    workspace,
    githubApiUrl: github.apiUrl,
    githubToken: TOKEN,
    // The runner trusts the fake GitHub's certificate, as a runner trusts its GHES.
    env: { NODE_EXTRA_CA_CERTS: cert.certPath, ...env },
  });
}

describe("action behind a proxy (built dist/index.js)", () => {
  it("action sends GitHub, the service API and the uploads to storage through HTTPS_PROXY and HTTP_PROXY", async () => {
    const run = await review("Proxied", { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Using the proxy settings HTTPS_PROXY ${proxy.url}, HTTP_PROXY ${proxy.url}.`,
    );
    const githubHost = new URL(github.apiUrl).host;
    const service = new URL(emu.baseUrl);
    // GitHub (https) through a CONNECT tunnel; the service API (http, fetch) and the upload to
    // storage (http, node:http) as plain proxied requests.
    expect(proxy.tunnels).toContain(githubHost);
    expect(proxy.tunnels.every((t) => t === githubHost)).toBe(true);
    expect(proxy.forwarded).toEqual(
      expect.arrayContaining([
        `POST ${service.origin}`,
        `GET ${service.origin}`,
        `PUT ${service.origin}`,
      ]),
    );
    expect(github.checkRuns.find((c) => c.name === "Proxied")).toMatchObject({
      conclusion: "success",
    });
    expect(github.violations).toEqual([]);
  });

  it("action goes direct to the hosts of NO_PROXY, and reads the lowercase variables", async () => {
    const githubPort = new URL(github.apiUrl).port;
    const run = await review("Partly proxied", {
      https_proxy: proxy.url,
      http_proxy: proxy.url,
      no_proxy: `localhost,127.0.0.1:${githubPort}`,
    });
    expect(run.code).toBe(0);
    const service = new URL(emu.baseUrl);
    expect(proxy.tunnels).toEqual([]);
    expect(proxy.forwarded).toEqual(
      expect.arrayContaining([`POST ${service.origin}`, `PUT ${service.origin}`]),
    );
    expect(github.checkRuns.find((c) => c.name === "Partly proxied")).toMatchObject({
      conclusion: "success",
    });
  });

  it("action without proxy variables connects directly", async () => {
    const run = await review("Direct", {});
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("Using the proxy settings");
    expect(proxy.tunnels).toEqual([]);
    expect(proxy.forwarded).toEqual([]);
  });
});
