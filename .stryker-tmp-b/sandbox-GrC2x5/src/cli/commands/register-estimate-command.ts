// @ts-nocheck
import type { Command } from "commander";
import { type CommandContext, withExamples } from "../command-context.ts";
import { collectBlobPath } from "../option-parsers.ts";
import { formatEstimate } from "../views/format-estimate.ts";

/** `estimate <blob-paths...>`: the credit cost of a batch, read-only (part 4.2). */
export function registerEstimateCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command("estimate")
    .description("Preview the credit cost of uploaded files; creates nothing and charges nothing")
    .argument(
      "<blob-paths...>",
      "blob paths printed by upload ({asset-id}/{filename})",
      collectBlobPath,
    )
    .action((blobPaths: string[], _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const estimate = await session
          .client()
          .estimatePrice({ files: blobPaths.map((blobPath) => ({ blobPath })) });
        session.print(estimate, () => formatEstimate(estimate));
      }),
    );
  withExamples(command, [
    "content-review estimate 6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4",
    "content-review estimate $(content-review upload media/ --json | jq -r '.files[].blobPath')",
  ]);
}
