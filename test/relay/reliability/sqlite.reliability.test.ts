import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { runReliability } from "./run-reliability.ts";

const dir = mkdtempSync(join(tmpdir(), "relay-reliability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("relay reliability (SQLite, one process)", () => {
  it("relays every valid event exactly once through two SIGKILLs, and nothing forged or stale", async () => {
    await runReliability({
      name: "sqlite",
      replicas: 1,
      storeEnv: { STORE_URL: `sqlite:${join(dir, "relay.db")}` },
    });
  }, 180_000);
});
