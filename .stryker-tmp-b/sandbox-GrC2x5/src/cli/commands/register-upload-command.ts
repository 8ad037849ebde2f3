// @ts-nocheck
import type { Command } from "commander";
import { checkLocalFile, type UploadedFile } from "../../api/index.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import { expandPaths } from "../expand-paths.ts";
import { formatUploads } from "../views/format-uploads.ts";

/** `upload <paths...>`: checks every file first, then uploads them one by one (part 4.1). */
export function registerUploadCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command("upload")
    .description(
      "Upload files through presigned URLs and print their blob paths, for estimate and submit",
    )
    .argument("<paths...>", "files, directories (every supported file inside) or globs")
    .action((paths: string[], _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const files = await expandPaths(paths, ctx.io.cwd);
        // Every file is checked before the first byte moves, so a bad one fails fast.
        const sizes: number[] = [];
        for (const file of files) sizes.push((await checkLocalFile(file.path)).size);
        const client = session.client();
        const uploaded: UploadedFile[] = [];
        for (const [i, file] of files.entries()) {
          const task = session.progress.task(`upload ${file.displayPath}`, sizes[i]!, "bytes");
          const result = await client.uploadFile(file.path, {
            onProgress: (p) => task.update(p.bytesSent),
          });
          task.finish();
          uploaded.push({ ...result, path: file.displayPath });
        }
        session.print({ files: uploaded }, () => formatUploads(uploaded));
      }),
    );
  withExamples(command, [
    "content-review upload media/spot.mp4 media/poster.png",
    "content-review upload media/ --json | jq -r '.files[].blobPath'",
    "content-review upload 'media/**/*.pdf'",
  ]);
}
