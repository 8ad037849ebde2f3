import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import {
  decodeRecordPayload,
  encodeRecordPayload,
} from "../../src/action/incremental/record-payload.ts";
import type { ReviewRecord } from "../../src/pipeline/index.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { type ActionRun, runAction } from "./action-harness.ts";

/** Text the emulator finds issues in (a critical one among them), and text it finds none in. */
export const CLAIMS = "Clinically proven and guaranteed. Act now!\n";
export const CALM = "A calm description of the product.\n";

/** The servers and workspace of an end-to-end run of the Action. */
export interface Stage {
  readonly emu: EmulatorHandle;
  readonly github: GithubStandIn;
  readonly workspace: string;
  readonly token: string;
}

/** Writes the files into the workspace (as a checkout of the commit under review would). */
export async function writeFiles(stage: Stage, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(stage.workspace, path)), { recursive: true });
    await writeFile(join(stage.workspace, path), text);
  }
}

/** Runs the built Action on `event` and returns what the service recorded meanwhile. */
export function runOn(
  stage: Stage,
  eventName: string,
  event: unknown,
  inputs: Record<string, string> = {},
  /** Called with each line the Action prints (see `RunActionOptions.onLine`). */
  onLine?: (line: string) => undefined,
) {
  return spentDuring(stage.emu.baseUrl, () =>
    runAction({
      inputs: {
        "api-key": stage.emu.liveKey,
        "base-url": stage.emu.baseUrl,
        "sidekick-ids": "brand",
        ...inputs,
      },
      eventName,
      event,
      workspace: stage.workspace,
      githubApiUrl: stage.github.apiUrl,
      githubToken: stage.token,
      ...(onLine === undefined ? {} : { onLine }),
    }),
  );
}

/** The JSON report of a run. */
export async function reportOf(run: ActionRun): Promise<{
  conclusion: string;
  assets: { path: string; reused: unknown; issueCount: number }[];
}> {
  return JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
}

/** The text of a check run, as GitHub serves it. */
export async function checkRunText(stage: Stage, id: number): Promise<string> {
  const served = await fetch(`${stage.github.apiUrl}/repos/octo/media/check-runs/${id}`, {
    headers: { authorization: `token ${stage.token}` },
  });
  return ((await served.json()) as { output: { text: string } }).output.text;
}

/**
 * What an attacker who can write check runs but not read the secret can make of a genuine
 * record block: the payload (with the entries of `paths`) changed by `change`, the genuine MAC
 * kept.
 */
export function forgeRecordBlock(
  genuine: string,
  change: (record: ReviewRecord) => ReviewRecord,
  paths: readonly string[],
): string {
  const [, fields, data, mac] =
    /content-review:record (v4 id=\S+ part=1\/1) (\S+) mac=([0-9a-f]{64})/.exec(genuine) ?? [];
  if (data === undefined) throw new Error("no signed one-part record block in the text");
  const record = decodeRecordPayload(data, paths, "the genuine block");
  return `<!-- content-review:record ${fields} ${encodeRecordPayload(change(record))} mac=${mac} -->`;
}

/** Posts a completed check run of the Action's name, as another workflow of the repository can. */
export async function postCheckRun(stage: Stage, headSha: string, text: string): Promise<number> {
  const created = await fetch(`${stage.github.apiUrl}/repos/octo/media/check-runs`, {
    method: "POST",
    headers: { authorization: `token ${stage.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Content Review",
      head_sha: headSha,
      status: "completed",
      conclusion: "success",
      output: { title: "Content Review", summary: "Looks fine.", text },
    }),
  });
  if (created.status !== 201) throw new Error(`check run not created: ${created.status}`);
  return ((await created.json()) as { id: number }).id;
}
