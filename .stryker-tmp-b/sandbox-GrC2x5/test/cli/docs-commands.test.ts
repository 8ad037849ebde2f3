// @ts-nocheck
import { readdir, readFile } from "node:fs/promises";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createCommandContext } from "../../src/cli/command-context.ts";
import { createProgram } from "../../src/cli/create-program.ts";
import { recordingStream } from "./cli-harness.ts";

const ROOT = new URL("../../", import.meta.url);

/** The README and every page of `docs/`, concatenated: each command they show must exist. */
async function documentation(): Promise<string> {
  const pages = (await readdir(new URL("docs/", ROOT))).filter((f) => f.endsWith(".md")).sort();
  const texts = await Promise.all(
    ["README.md", ...pages.map((p) => `docs/${p}`)].map((p) => readFile(new URL(p, ROOT), "utf8")),
  );
  return texts.join("\n");
}

/** Splits a shell line into words, keeping quoted parts and $(...) together; stops at | >> && #. */
function words(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  let depth = 0;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = null;
      else current += c;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === ")") {
      depth += c === "(" ? 1 : -1;
      current += c;
    } else if (/\s/.test(c) && depth === 0) {
      if (current) out.push(current);
      current = "";
    } else current += c;
  }
  if (current) out.push(current);
  const end = out.findIndex((w) => ["|", ">>", ">", "&&", "#", "&"].includes(w));
  return end === -1 ? out : out.slice(0, end);
}

/** Every `content-review ...` invocation in the code blocks and inline code of the docs. */
function invocations(markdown: string): string[][] {
  const joined = markdown.replace(/\\\n\s*/g, " ");
  const found: string[][] = [];
  // Also inside command substitutions: `ID=$(content-review webhooks create ... --json | jq ...)`.
  for (const match of joined.matchAll(/(?:^|[\s`(-])(content-review (?:[^`\n])+)/g)) {
    const w = words(match[1]!);
    if (w[1] && !w[1].startsWith("-") && !["review-toolkit", "relay"].includes(w[1]))
      found.push(w.slice(1));
  }
  return found;
}

function check(program: Command, argv: readonly string[]): string[] {
  const problems: string[] = [];
  let command = program;
  const chain: Command[] = [program];
  let i = 0;
  for (; i < argv.length; i++) {
    const sub = command.commands.find((c) => c.name() === argv[i]);
    if (!sub) break;
    command = sub;
    chain.push(sub);
  }
  if (command === program) return [`unknown command in: ${argv.join(" ")}`];
  const options = chain.flatMap((c) => c.options);
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith("-")) continue;
    if (word === "--help" || word === "-h") continue;
    const option = options.find((o) => o.long === word || o.short === word);
    if (!option) {
      problems.push(`${word} is not an option of "${chain.map((c) => c.name()).join(" ")}"`);
      continue;
    }
    if (!option.required && !option.optional) continue;
    const values: string[] = [];
    do values.push(argv[++i] ?? "");
    while (option.variadic && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("-"));
    for (const value of values) {
      if (option.argChoices && !option.argChoices.includes(value)) {
        problems.push(`${word} ${value} is not one of ${option.argChoices.join(", ")}`);
      }
    }
  }
  return problems;
}

describe("README.md and docs/ (CLI commands)", () => {
  it("uses only commands, options and choices the CLI has", async () => {
    const markdown = await documentation();
    const io = { stdout: recordingStream(), stderr: recordingStream(), env: {}, cwd: "." };
    const program = createProgram(createCommandContext(io, { exitCode: 0, secrets: [] }));
    const all = invocations(markdown);
    expect(all.length).toBeGreaterThan(25);
    const covered = new Set(
      all.map((argv) =>
        argv
          .filter((w) => /^[a-z-]+$/.test(w))
          .slice(0, 2)
          .join(" "),
      ),
    );
    for (const name of [
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
    ]) {
      expect([...covered].some((c) => c === name || c.startsWith(`${name} `))).toBe(true);
    }
    for (const name of [
      "webhooks create",
      "webhooks update",
      "webhooks deliveries",
      "sandbox fire",
      "insights report",
    ]) {
      expect(covered.has(name)).toBe(true);
    }
    expect(all.flatMap((argv) => check(program, argv))).toEqual([]);
  });

  it("documents every exit code", async () => {
    const markdown = await readFile(new URL("docs/cli.md", ROOT), "utf8");
    for (const code of [0, 1, 2, 3, 4])
      expect(markdown).toMatch(new RegExp(`^\\| ${code} \\| `, "m"));
  });
});
