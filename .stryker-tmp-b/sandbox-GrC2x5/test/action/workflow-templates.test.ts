// @ts-nocheck
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Step {
  uses?: string;
  with?: Record<string, string>;
}

async function load(path: string) {
  return parse(await readFile(join(root, path), "utf8")) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { steps: Step[] }>;
  };
}

const action = parse(await readFile(join(root, "action.yml"), "utf8")) as {
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

describe("action.yml", () => {
  it("action.yml runs dist/index.js on node24 and describes every input and output", () => {
    expect(action.runs).toEqual({ using: "node24", main: "dist/index.js" });
    for (const spec of Object.values(action.inputs)) {
      expect(spec.description.length).toBeGreaterThan(10);
      expect(spec.required === true || spec.default !== undefined).toBe(true);
    }
    expect(Object.keys(action.outputs).sort()).toEqual([
      "credits",
      "critical-count",
      "issue-count",
      "report-path",
      "reused-count",
      "status",
      "submission-id",
    ]);
  });

  it("action.yml's inputs and outputs each have a row in docs/action.md", async () => {
    const docs = await readFile(join(root, "docs", "action.md"), "utf8");
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)])
      expect(docs).toContain(`| \`${name}\` |`);
  });
});

describe("workflow templates", () => {
  it.each([
    [
      "templates/workflows/content-review.yml",
      { contents: "read", checks: "write", "pull-requests": "write" },
      {},
    ],
    [
      "templates/workflows/content-review-sandbox.yml",
      { contents: "read", checks: "write", "pull-requests": "write" },
      {},
    ],
    [
      "templates/workflows/content-review-async.yml",
      { contents: "read", "pull-requests": "read", statuses: "write" },
      { wait: "false" },
    ],
  ])(
    "%s uses only the Action's inputs with least-privilege permissions",
    async (path, permissions, expected) => {
      const workflow = await load(path);
      expect(workflow.permissions).toEqual(permissions);
      const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
      const step = steps.find((s) => s.uses?.includes("content-review-toolkit"));
      expect(step?.with).toBeDefined();
      for (const name of Object.keys(step!.with!))
        expect(Object.keys(action.inputs)).toContain(name);
      for (const [name, spec] of Object.entries(action.inputs)) {
        if (spec.required) expect(step!.with![name]).toBeTruthy();
      }
      expect(step!.with).toMatchObject(expected);
      if ((expected as { wait?: string }).wait === "false")
        expect(step!.with!["relay-url"]).toBeTruthy();
    },
  );

  it("content-review.yml also runs for a merge queue, so that its check can be required", async () => {
    const workflow = await load("templates/workflows/content-review.yml");
    expect(workflow.on).toMatchObject({
      pull_request: { types: expect.arrayContaining(["synchronize"]) },
      merge_group: { types: ["checks_requested"] },
    });
  });
});
