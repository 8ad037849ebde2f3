import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../receiver/bin.ts", import.meta.url));

function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN], {
      env: { PATH: process.env["PATH"] ?? "", ...env },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("exit", (code) => resolve({ code, stderr }));
  });
}

describe("receiver/bin.ts", () => {
  it.each([
    [{}, "WEBHOOK_SECRETS"],
    [{ WEBHOOK_SECRETS: "whsec_a", RELAY_TOKEN: "0123456789abcdef", PORT: "eighty" }, "PORT"],
    [
      { WEBHOOK_SECRETS: "whsec_a", RELAY_TOKEN: "0123456789abcdef", SIGNATURE_SCHEME: "auto" },
      "SIGNATURE_SCHEME",
    ],
  ])("with %j prints one line naming %s and exits 1", async (env, variable) => {
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^content-review-relay: ${variable} `));
  });
});
