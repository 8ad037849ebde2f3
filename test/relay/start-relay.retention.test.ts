import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../relay/index.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { waitUntil } from "./helpers/signed-sender.ts";

const DAY = 24 * 60 * 60 * 1000;
const dir = mkdtempSync(join(tmpdir(), "relay-retention-test-"));
let relay: RelayHandle | undefined;

afterAll(async () => {
  await relay?.close();
});

describe("startRelay retention", () => {
  it("startRelay prunes entries after RETENTION_DAYS and delivery ids after DEDUPE_DAYS", async () => {
    const config = resolveRelayConfig(
      relayTestEnv({
        STORE_URL: `sqlite:${join(dir, "relay.db")}`,
        RETENTION_DAYS: "30",
        DEDUPE_DAYS: "35",
      }),
    );
    // The first sweep at once: it runs after this turn, so the journal is wrapped before it.
    relay = await startRelay(config, { logger: createLogger("silent"), firstRetentionSweepMs: 0 });
    const cutoffs: { entries?: number; ids?: number } = {};
    const { journal } = relay;
    // Retention looks the journal's methods up at each sweep: these record its cutoffs.
    const prune = journal.prune.bind(journal);
    const pruneIds = journal.pruneDeliveryIds.bind(journal);
    Object.assign(journal, {
      prune: (before: number, limit: number) => {
        cutoffs.entries = Date.now() - before;
        return prune(before, limit);
      },
      pruneDeliveryIds: (before: number, limit: number) => {
        cutoffs.ids = Date.now() - before;
        return pruneIds(before, limit);
      },
    });
    await waitUntil("the first sweep", () => cutoffs.ids !== undefined);
    // The cutoffs are how far back from now each sweep reaches (a few ms of running aside).
    expect(Math.round((cutoffs.entries ?? 0) / DAY)).toBe(30);
    expect(Math.round((cutoffs.ids ?? 0) / DAY)).toBe(35);
  });
});
