// @ts-nocheck
import { type Command, Option } from "commander";
import type { AssetResult, PaginationMeta } from "../../api/index.ts";
import { CliUsageError } from "../cli-usage-error.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import { collectUuid, intInRange } from "../option-parsers.ts";
import { formatAssets } from "../views/format-assets.ts";

interface AssetsOptions {
  readonly tagKey?: string[];
  readonly tagValue?: string[];
  readonly match: "any" | "all";
  readonly page?: number;
  readonly pageSize?: number;
}

/** `assets`: the tag filter of part 4.4, every page by default or one page on request. */
export function registerAssetsCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command("assets")
    .description("List assets by tag, newest first (every page unless --page is given)")
    .option("--tag-key <ids...>", "tag key ids: match the key whatever its value", collectUuid)
    .option("--tag-value <ids...>", "tag value ids: match one specific value", collectUuid)
    .addOption(
      new Option("--match <mode>", "any: assets with any selected item; all: every key required")
        .choices(["any", "all"])
        .default("any"),
    )
    .option("--page <n>", "read only this page (1-based)", intInRange(1))
    .option("--page-size <n>", "assets per page, 1 to 100", intInRange(1, 100))
    .action((options: AssetsOptions, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        if (!options.tagKey?.length && !options.tagValue?.length) {
          throw new CliUsageError(
            "assets needs at least one --tag-key or --tag-value id (part 4.4). Find the ids in the control plane.",
            { input: "--tag-key" },
          );
        }
        const query = {
          ...(options.tagKey ? { tagKeyIds: options.tagKey } : {}),
          ...(options.tagValue ? { tagValueIds: options.tagValue } : {}),
          tagMatch: options.match,
          ...(options.pageSize ? { pageSize: options.pageSize } : {}),
        };
        const client = session.client();
        let data: AssetResult[];
        let pagination: PaginationMeta | null = null;
        if (options.page !== undefined) {
          const page = await client.listAssets({ ...query, page: options.page });
          data = page.data;
          pagination = page.pagination;
        } else {
          data = [];
          for await (const asset of client.iterateAssets(query)) data.push(asset);
        }
        session.print({ data, pagination }, () => formatAssets(data, pagination, session.style));
      }),
    );
  withExamples(command, [
    "content-review assets --tag-key 3f0e8c1a-7b2d-4e5f-9a6b-1c2d3e4f5a6b",
    "content-review assets --tag-value $TV_ID $RADIO_ID --tag-key $URGENT_ID --match all",
    "content-review assets --tag-key $KEY_ID --page 2 --page-size 50 --json",
  ]);
}
