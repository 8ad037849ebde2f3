// @ts-nocheck
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKAGE_NAME, PACKAGE_VERSION, userAgent } from "../../src/api/index.ts";

describe("version", () => {
  it("PACKAGE_NAME and PACKAGE_VERSION match package.json", () => {
    const pkg = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ) as { name: string; version: string };
    expect([PACKAGE_NAME, PACKAGE_VERSION]).toEqual([pkg.name, pkg.version]);
  });

  it.each(["action", "relay", "cli"])(
    "userAgent names the package, its version and the caller %s",
    (caller) => {
      expect(userAgent(caller)).toMatch(
        new RegExp(
          `^${PACKAGE_NAME}/${PACKAGE_VERSION.replaceAll(".", "\\.")} \\(${caller}; node v\\d+`,
        ),
      );
    },
  );
});
