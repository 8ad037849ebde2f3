import { describe, it } from "vitest";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";
import { runReliability } from "./run-reliability.ts";

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_reliability");

describe("relay reliability (Postgres, two replicas)", () => {
  it.skipIf(!hasPostgres)(
    "relays every valid event exactly once across two replicas, each SIGKILLed once, and nothing forged or stale",
    async () => {
      await runReliability({
        name: "postgres, two replicas",
        replicas: 2,
        storeEnv: { STORE_URL: TEST_POSTGRES_URL, STORE_SCHEMA: schema },
      });
    },
    180_000,
  );
});
