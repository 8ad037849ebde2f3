// @ts-nocheck
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createCommandContext } from "../../src/cli/command-context.ts";
import { createProgram } from "../../src/cli/create-program.ts";
import { recordingStream, runCli } from "./cli-harness.ts";

function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...commandPaths(sub, path)];
  });
}

const io = { stdout: recordingStream(), stderr: recordingStream(), env: {}, cwd: "." };
const PATHS = commandPaths(createProgram(createCommandContext(io, { exitCode: 0, secrets: [] })));

describe("content-review --help", () => {
  it("covers every command the issue lists", () => {
    const names = PATHS.map((p) => p.join(" "));
    for (const expected of [
      "review",
      "upload",
      "estimate",
      "submit",
      "status",
      "asset",
      "issues",
      "topics",
      "versions",
      "retry",
      "assets",
      "webhooks create",
      "webhooks list",
      "webhooks get",
      "webhooks update",
      "webhooks delete",
      "webhooks deliveries",
      "sandbox fire",
      "insights time-saved",
      "insights violation-rate",
      "insights duration",
      "insights top-violations",
      "insights report",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(PATHS.map((p) => [p.join(" "), p]))(
    "%s --help shows usage and examples, exit 0",
    async (_name, path) => {
      const res = await runCli([...(path as string[]), "--help"]);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(`Usage: content-review ${(path as string[]).join(" ")}`);
      expect(res.stdout).toMatch(/Examples:\n {2}\$ content-review /);
    },
  );

  it("the top-level help documents configuration and exit codes", async () => {
    const res = await runCli(["--help"]);
    expect(res.stdout).toContain("CONTENT_REVIEW_API_KEY");
    expect(res.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}3 .*\n {2}4 /);
  });

  it.each([
    ["an unknown command", ["reveiw", "x"], /unknown command 'reveiw'[\s\S]*review/],
    ["an unknown option", ["status", "--bogus"], /unknown option '--bogus'/],
    ["a missing argument", ["issues"], /missing required argument 'submission-id'/],
    ["a bad uuid", ["asset", "nope", "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e"], /Expected a UUID/],
    [
      "a bad blob path",
      ["estimate", "media/spot.mp4"],
      /'media\/spot\.mp4' is invalid for argument 'blob-paths'\. Expected a blob path \{asset-id\}\/\{filename\} as printed by upload/,
    ],
    ["a bad blob path to submit", ["submit", "spot.mp4"], /Expected a blob path/],
    [
      "a bad choice",
      ["review", "x", "--fail-on", "bogus"],
      /Allowed choices are critical, major, minor, info, never/,
    ],
    [
      "a bad number",
      ["insights", "top-violations", "--limit", "99"],
      /Expected a whole number, 1 to 50/,
    ],
    ["a group without a subcommand", ["webhooks"], /Usage: content-review webhooks/],
  ])("%s is a usage error (exit 2) with a hint", async (_name, argv, message) => {
    const res = await runCli(argv as string[]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message as RegExp);
  });

  it("--version prints the package version", async () => {
    const res = await runCli(["--version"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
