/**
 * Every file in templates/workflows, read against docs/action.md (its pinning advice and its
 * merge-queue checklist) and against its own header: the folder is listed, so that a template
 * added later is held to the same.
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT, readDoc } from "../helpers/docs-shell.ts";
import { workflowHeader } from "../helpers/workflow-header.ts";

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}

const FOLDER = join(ROOT, "templates", "workflows");
const TEMPLATES = (await readdir(FOLDER)).filter((n) => /\.ya?ml$/.test(n)).sort();
const text = async (name: string) => readFile(join(FOLDER, name), "utf8");
const load = async (name: string) => parse(await text(name)) as Workflow;
const toolkitStep = (workflow: Workflow) =>
  Object.values(workflow.jobs)
    .flatMap((j) => j.steps)
    .find((s) => s.uses?.startsWith("content-review/content-review-toolkit@"));

const page = await readDoc("docs/action.md");
const checklist = page.slice(page.indexOf("### Merge-queue checklist"));
const checklistEnd = checklist.indexOf("\n## ");
const queueChecklist = checklist.slice(0, checklistEnd === -1 ? undefined : checklistEnd);
/** The required check the checklist is about: `Content Review` in "with `Content Review` as a required check". */
const queueCheck = /with `([^`]+)` as a required check/.exec(queueChecklist)?.[1];
const released = /^## \[\d+\.\d+\.\d+[^\]]*\]/m.test(await readDoc("CHANGELOG.md"));

/** Runs a `run:` script as a runner's default bash shell does, with no content-review on PATH. */
function runScript(script: string, env: Record<string, string>) {
  return spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
    env: { PATH: "/usr/bin:/bin", ...env },
    encoding: "utf8",
  });
}

/** The header's variables that are not marked optional: `NAME (optional: …)` is optional. */
function requiredVariables(said: string | undefined): string[] {
  const entry = said ?? "";
  return [...entry.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b(\s*\(optional)?/g)]
    .filter((m) => m[2] === undefined)
    .map((m) => m[1]!);
}

describe("workflow templates against docs/action.md", () => {
  it("docs/action.md's merge-queue checklist names its required check", () => {
    expect(queueCheck).toBe("Content Review");
    expect(TEMPLATES.length).toBeGreaterThan(0);
  });

  it.each(TEMPLATES)(
    "%s pins the toolkit to a full commit sha with the release's tag in a comment, as the docs advise",
    async (name) => {
      const lines = (await text(name))
        .split("\n")
        .filter(
          (l) =>
            !l.trimStart().startsWith("#") && l.includes("content-review/content-review-toolkit"),
        );
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const pin =
          /content-review-toolkit[@#]([0-9a-f]{40})"? # (v\d+\.\d+\.\d+\S*|unreleased)$/.exec(line);
        expect(pin, `${name}: ${line.trim()}`).not.toBeNull();
        // Before the first release only the placeholder, which GitHub refuses, stands in.
        if (pin![2] === "unreleased") {
          expect(released).toBe(false);
          expect(pin![1]).toBe("0".repeat(40));
        }
      }
    },
  );

  it.each(TEMPLATES)(
    "%s checks every required repository variable in the job, before the toolkit runs, with a message naming it",
    async (name) => {
      const workflow = await load(name);
      const variables = requiredVariables(workflowHeader(await text(name))["Variables"]);
      expect(variables.length).toBeGreaterThan(0);
      for (const variable of variables) {
        const jobs = Object.values(workflow.jobs);
        const job = jobs.find((j) =>
          j.steps.some((s) => ({ ...j.env, ...s.env })[variable] !== undefined),
        );
        expect(job, `${name} reads vars.${variable} into no step's environment`).toBeDefined();
        const steps = job!.steps;
        const at = steps.findIndex(
          (s) => ({ ...job!.env, ...s.env })[variable] !== undefined && s.run?.includes(variable),
        );
        expect(at, `${name} has no step that checks ${variable}`).toBeGreaterThanOrEqual(0);
        const toolkit = steps.findIndex((s) =>
          s.uses?.startsWith("content-review/content-review-toolkit@"),
        );
        if (toolkit >= 0) expect(at).toBeLessThan(toolkit);
        const env = Object.fromEntries(
          Object.keys({ ...job!.env, ...steps[at]!.env }).map((k) => [
            k,
            k === variable ? "" : "set",
          ]),
        );
        const res = runScript(steps[at]!.run!, env);
        expect(res.status, `${name} goes on with ${variable} unset`).not.toBe(0);
        expect(`${res.stdout}${res.stderr}`).toContain(
          `repository variable ${variable} is not set`,
        );
      }
    },
  );

  it("every template whose check can feed the merge queue passes the same api-key and record-key, and the checklist names it", async () => {
    const feeding: string[] = [];
    for (const name of TEMPLATES) {
      const workflow = await load(name);
      const step = toolkitStep(workflow);
      const events = Object.keys(workflow.on);
      const posts = step?.with?.["check-name"] ?? "Content Review";
      if (step === undefined || posts !== queueCheck) continue;
      if (!events.some((e) => ["pull_request", "pull_request_target", "merge_group"].includes(e)))
        continue;
      feeding.push(name);
    }
    expect(feeding).toEqual(
      expect.arrayContaining(["content-review.yml", "content-review-fork.yml"]),
    );
    const signing = await Promise.all(
      feeding.map(async (name) => {
        const step = toolkitStep(await load(name))!;
        return { "api-key": step.with?.["api-key"], "record-key": step.with?.["record-key"] };
      }),
    );
    for (const keys of signing) {
      expect(keys["record-key"]).toBeTruthy();
      expect(keys).toEqual(signing[0]);
    }
    const item = queueChecklist.split("\n- [ ] ").find((i) => i.includes("record-key"));
    for (const name of feeding)
      expect(item, `the checklist's record-key item names ${name}`).toContain(`\`${name}\``);
  });

  it.each(TEMPLATES)("%s's header says what it does with record-key", async (name) => {
    // The header as one line of prose: a phrase may break over two comment lines.
    const top = (await text(name)).split("\nname:")[0]!.replace(/\n#\s*/g, " ");
    const step = toolkitStep(await load(name));
    if (/sets no record-key/.test(top)) expect(step?.with?.["record-key"]).toBeUndefined();
    if (step?.with?.["record-key"] !== undefined) {
      const secret = /secrets\.([A-Z0-9_]+)/.exec(step.with["record-key"])?.[1];
      expect(workflowHeader(await text(name))["Secrets"]).toMatch(
        new RegExp(`${secret} \\(optional`),
      );
    }
    // A header that asks for a record-key of its own sets one.
    if (/keep its record-key/.test(top)) expect(step?.with?.["record-key"]).toBeDefined();
  });
});
