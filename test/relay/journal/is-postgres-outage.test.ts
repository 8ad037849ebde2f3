import { describe, expect, it } from "vitest";
import { isPostgresOutage } from "../../../relay/journal/is-postgres-outage.ts";

const failure = (code?: string) => Object.assign(new Error("failed"), code ? { code } : {});

describe("isPostgresOutage", () => {
  it.each([
    [failure("ECONNREFUSED"), true],
    [failure("ETIMEDOUT"), true],
    [failure("ENOTFOUND"), true],
    [new Error("Connection terminated unexpectedly"), true],
    [failure("57P03"), true], // the database system is starting up
    [failure("57P01"), true], // terminating connection due to administrator command
    [failure("53300"), true], // too many connections
    [failure("28P01"), false], // password authentication failed
    [failure("28000"), false], // no pg_hba.conf entry
    [failure("3D000"), false], // database does not exist
    [failure("42501"), false], // permission denied
  ])("%o is an outage: %s", (error, outage) => {
    expect(isPostgresOutage(error)).toBe(outage);
  });
});
