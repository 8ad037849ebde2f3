import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { ACCEPTANCE_POLICY } from "../../src/acceptance/index.ts";
import { plural } from "../../src/policy/index.ts";
import { makeFolder } from "../../src/shared/index.ts";
import { type AcceptancePlan, planAcceptance } from "./plan-acceptance.ts";
import type { ActionRun } from "./run-action-as-runner.ts";

/** The acceptance `--accept` wrote for the second run, and how to take it away. */
export interface PlacedAcceptance {
  /** The `accepted-file` input of the second run: a path inside the workspace. */
  readonly input: string;
  /** The accepted file, for `accepted.yml` in the output folder. */
  readonly yaml: string;
  /** What the rehearsal did and why, for the log and the digest. */
  readonly said: string;
  /** Removes what was written in the workspace outside the output folder (nothing otherwise). */
  remove(): Promise<void>;
}

/**
 * After the first run of `--accept`: plans the acceptance of what blocked it (see
 * `planAcceptance`) and writes it where the Action's `accepted-file` can name it, a path inside
 * the workspace. That is `accepted.yml` in the output folder when it lies inside the workspace;
 * else a hidden temporary folder in the workspace, which `remove` takes away (the caller calls it
 * in a `finally`). The user's own accepted file is read, never written. Returns why not when
 * there is nothing to accept.
 */
export async function rehearseAcceptance(options: {
  run: ActionRun;
  workspace: string;
  outDir: string;
  inputs: Readonly<Record<string, string>>;
  label: string;
  now?: Date;
}): Promise<PlacedAcceptance | { readonly stopped: string }> {
  const { run, workspace } = options;
  const userFile = options.inputs["accepted-file"] || ACCEPTANCE_POLICY.defaultPath;
  const reportPath = run.outputs["report-path"];
  const plan: AcceptancePlan = planAcceptance({
    exitCode: run.code,
    report: reportPath ? JSON.parse(await readFile(reportPath, "utf8")) : undefined,
    existing: await readFile(resolve(workspace, userFile), "utf8").catch(() => undefined),
    now: options.now ?? new Date(),
  });
  if (plan.kind === "stop") return { stopped: `--accept: ${plan.why}; ran once.` };
  const out = inside(workspace, options.outDir);
  const dir = out ? options.outDir : await mkdtemp(join(workspace, ".try-action-accept-"));
  if (out) await makeFolder(dir);
  const remove = out ? async () => {} : () => rm(dir, { recursive: true, force: true });
  await writeFile(join(dir, "accepted.yml"), plan.yaml).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  const input = join(relative(workspace, dir), "accepted.yml").split("\\").join("/");
  const found = plan.issues.map((i) => `${i.path}: ${i.severity} ${i.acceptId}`).join(", ");
  const where = out
    ? input
    : `${input} (a temporary folder in the workspace, removed when the rehearsal ends: --out lies outside the workspace, and the Action reads accepted-file from it)`;
  return {
    input,
    yaml: plan.yaml,
    said: `--accept: the step failed on ${plural(plan.issues.length, "finding")} at or above fail-on (${found}); accepted ${plan.issues.length === 1 ? "it" : "them"} in ${where} and ran ${options.label} again with accepted-file=${input}, as a reviewed ${userFile} would let it pass`,
    remove,
  };
}

/** True when `dir` is `root` or inside it. */
function inside(root: string, dir: string): boolean {
  const rel = relative(root, dir);
  return !rel.startsWith("..") && !isAbsolute(rel);
}
