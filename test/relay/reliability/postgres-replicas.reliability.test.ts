import { afterAll, describe, it } from "vitest";
import {
  dropSchemas,
  postgresAvailable,
  TEST_POSTGRES_URL,
  uniqueSchema,
} from "../helpers/postgres.ts";
import { runReliability } from "./run-reliability.ts";

const hasPostgres = await postgresAvailable();
const schema = uniqueSchema("relay_reliability");
afterAll(async () => {
  if (hasPostgres) await dropSchemas(schema);
});

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
