import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceReader } from "../../../relay/reconciliation/service-reader.ts";
import { type Step, startScriptedServer } from "../../helpers/scripted-server.ts";

const KEY = "sk_test_0123456789abcdef";
const SID = randomUUID();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function reader(steps: Step[]) {
  const server = await startScriptedServer(steps);
  closers.push(server.close);
  const read = createServiceReader({
    baseUrl: server.url,
    apiKey: KEY,
    requestTimeoutMs: 2000,
    maxElapsedMs: 1,
  });
  return { read, seen: server.seen };
}

const subscription = (n: number) => ({
  id: randomUUID(),
  workspaceId: randomUUID(),
  endpointUrl: `https://relay.example/${n}`,
  eventTypes: ["asset.processing.completed"],
  enabled: true,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
});
const page = (n: number, totalPages: number) => ({
  status: 200,
  body: {
    data: [subscription(n)],
    pagination: { page: n, pageSize: 100, total: totalPages, totalPages },
  },
});

describe("createServiceReader", () => {
  it("readSubmission reads the submission with the relay's key", async () => {
    const body = { submissionId: SID, status: "complete", assets: [] };
    const { read, seen } = await reader([{ status: 200, body }]);
    expect(await read.readSubmission(SID, new AbortController().signal)).toMatchObject(body);
    expect(seen.map((r) => [r.method, r.url])).toEqual([["GET", `/api/submissions/${SID}`]]);
  });

  it("readSubmission answers null for a 404, and throws what else fails", async () => {
    const gone = await reader([{ status: 404, body: { detail: "Submission not found" } }]);
    expect(await gone.read.readSubmission(SID, new AbortController().signal)).toBeNull();
    const down = await reader([{ status: 401, body: { detail: "bad key" } }]);
    await expect(down.read.readSubmission(SID, new AbortController().signal)).rejects.toThrow();
  });

  it("readSubmission answers null, asking nothing, for an id no URL can name (a lone surrogate)", async () => {
    const { read, seen } = await reader([{ status: 500 }]);
    expect(await read.readSubmission("s\ud800", new AbortController().signal)).toBeNull();
    expect(seen).toEqual([]);
  });

  it("listSubscriptions reads every page, and no more", async () => {
    const { read, seen } = await reader([page(1, 2), page(2, 2), page(3, 2)]);
    const all = await read.listSubscriptions(new AbortController().signal);
    expect(all.map((s) => s.endpointUrl)).toEqual([
      "https://relay.example/1",
      "https://relay.example/2",
    ]);
    expect(seen.map((r) => new URL(r.url, "http://x").searchParams.get("page"))).toEqual([
      "1",
      "2",
    ]);
  });

  it("listSubscriptions reads at most 20 pages", async () => {
    const { read, seen } = await reader([page(1, 1000)]);
    expect(await read.listSubscriptions(new AbortController().signal)).toHaveLength(20);
    expect(seen).toHaveLength(20);
    expect(new URL(seen[0]!.url, "http://x").searchParams.get("pageSize")).toBe("100");
  });
});
