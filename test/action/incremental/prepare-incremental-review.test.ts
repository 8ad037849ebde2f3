import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import { createGithubClient } from "../../../src/action/github/create-github-client.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import { prepareIncrementalReview } from "../../../src/action/incremental/prepare-incremental-review.ts";
import { resolveActionInputs } from "../../../src/action/resolve-action-inputs.ts";
import { testContext } from "../github-nock.ts";
import { LIVE_SCOPE } from "../signing/signing-fixture.ts";

const TOKEN = "ghs_prepareincrementaltokenprepare01";
let github: GithubStandIn;
let dir: string;

function inputs(extra: Record<string, string>) {
  const all: Record<string, string> = {
    "api-key": "sk_test_abcdefgh12345678",
    "base-url": "https://review.example.com",
    "sidekick-ids": "brand",
    ...extra,
  };
  return resolveActionInputs((name) => all[name] ?? "");
}

async function prepare(extra: Record<string, string>, checksAllowed = true) {
  const logged: string[] = [];
  const client = createGithubClient({
    token: TOKEN,
    baseUrl: github.apiUrl,
    userAgent: "test",
    log: () => {},
    throttle: false,
  });
  const listed = join(dir, "listed.png");
  const local = join(dir, "local.txt");
  const prepared = await prepareIncrementalReview({
    github: client,
    context: testContext({ apiUrl: github.apiUrl }),
    inputs: inputs(extra),
    changedPaths: null,
    files: [
      { path: listed, displayPath: "media/listed.png" },
      { path: local, displayPath: "media/local.txt" },
    ],
    checksAllowed,
    ownCheckRunId: undefined,
    appId: 15368,
    recordKey: deriveRecordKey("sk_test_abcdefgh12345678", LIVE_SCOPE),
    signal: new AbortController().signal,
    info: (m) => logged.push(m),
    warning: (m) => logged.push(`warning: ${m}`),
  });
  return { prepared, logged };
}

beforeAll(async () => {
  github = await startGithubStandIn({ token: TOKEN });
  dir = await mkdtemp(join(tmpdir(), "prepare-incremental-"));
  await writeFile(join(dir, "listed.png"), "hello\n");
  await writeFile(join(dir, "local.txt"), "hello\n");
});

afterAll(async () => {
  await github?.close();
  await rm(dir, { recursive: true, force: true });
});

const lookups = () => github.requests.filter((r) => r.operationId === "checks/list-for-ref").length;

describe("prepareIncrementalReview", () => {
  it("prepareIncrementalReview identifies files by the blob sha of their bytes, and looks up the record", async () => {
    const before = lookups();
    const { prepared, logged } = await prepare({});
    // git hash-object of "hello\n", for both
    expect(prepared.files.map((f) => f.contentId)).toEqual([
      "ce013625030ba8dba906f756967f9e9ca394464a",
      "ce013625030ba8dba906f756967f9e9ca394464a",
    ]);
    expect(prepared.incremental).toMatchObject({
      identity: "git-blob",
      reuse: true,
      previous: null,
    });
    expect(lookups()).toBe(before + 1);
    expect(logged).toEqual(["No earlier review record: every changed file is reviewed."]);
  });

  it("prepareIncrementalReview with incremental false keeps a record without looking one up", async () => {
    const before = lookups();
    const { prepared, logged } = await prepare({ incremental: "false" });
    expect(prepared.incremental).toMatchObject({ reuse: false, previous: null });
    expect(prepared.files.every((f) => f.contentId !== undefined)).toBe(true);
    expect(lookups()).toBe(before);
    expect(logged).toEqual([]);
  });

  it.each([
    ["wait false", { wait: "false" }, true, "it needs wait: true"],
    [
      "no check run",
      {},
      false,
      "it needs the check run (checks: write, and comment other than none)",
    ],
  ])("prepareIncrementalReview is off with %s, and says why", async (_what, extra, checks, why) => {
    const before = lookups();
    const { prepared, logged } = await prepare(extra, checks);
    expect(prepared.incremental).toBeUndefined();
    expect(prepared.files.map((f) => f.contentId)).toEqual([undefined, undefined]);
    expect(lookups()).toBe(before);
    expect(logged).toEqual([
      `Incremental review is off for this run: ${why} to keep its record. Every changed file is reviewed.`,
    ]);
  });
});
