// @ts-nocheck
import type { Command } from "commander";
import { type CommandContext, withExamples } from "../command-context.ts";
import { parseUuid } from "../option-parsers.ts";
import { formatAsset } from "../views/format-asset.ts";
import { formatIssues, formatTopics } from "../views/format-issues.ts";
import { formatVersions } from "../views/format-versions.ts";

const SUB = "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e";
const ASSET = "6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b";

/** `asset`, `issues`, `topics` and `versions`: what the review of an asset found (4.6 to 4.9). */
export function registerResultCommands(program: Command, ctx: CommandContext): void {
  const asset = program
    .command("asset")
    .description("Show an asset's metadata: status, issue count, version, tags, timings")
    .argument("<submission-id>", "the submission", parseUuid)
    .argument("<asset-id>", "the asset", parseUuid)
    .action((submissionId: string, assetId: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const result = await session.client().getAsset(submissionId, assetId);
        session.print(result, () => formatAsset(result, session.style));
      }),
    );
  withExamples(asset, [
    `content-review asset ${SUB} ${ASSET}`,
    `content-review asset $SUB $ASSET --json`,
  ]);

  const issues = program
    .command("issues")
    .description("List an asset's issues, most severe first (after it finished processing)")
    .argument("<submission-id>", "the submission", parseUuid)
    .argument("<asset-id>", "the asset", parseUuid)
    .action((submissionId: string, assetId: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const list = await session.client().listAssetIssues(submissionId, assetId);
        session.print(list, () => formatIssues(list, session.style));
      }),
    );
  withExamples(issues, [
    `content-review issues ${SUB} ${ASSET}`,
    `content-review issues $SUB $ASSET --json | jq '.issues[] | {severity, ruleCode, summary}'`,
  ]);

  const topics = program
    .command("topics")
    .description("List an asset's issues grouped into topics, then the orphan issues")
    .argument("<submission-id>", "the submission", parseUuid)
    .argument("<asset-id>", "the asset", parseUuid)
    .action((submissionId: string, assetId: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const response = await session.client().listAssetTopics(submissionId, assetId);
        session.print(response, () => formatTopics(response, session.style));
      }),
    );
  withExamples(topics, [
    `content-review topics ${SUB} ${ASSET}`,
    `content-review topics $SUB $ASSET --json | jq '.metadata'`,
  ]);

  const versions = program
    .command("versions")
    .description("List the version chain of a submission's asset, ordered by version number")
    .argument("<submission-id>", "the submission", parseUuid)
    .action((submissionId: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const list = await session.client().listSubmissionVersions(submissionId);
        session.print(list, () => formatVersions(list, session.style));
      }),
    );
  withExamples(versions, [
    `content-review versions ${SUB}`,
    `content-review versions $SUB --json | jq '.versions[-1]'`,
  ]);
}
