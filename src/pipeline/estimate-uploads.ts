import { plural } from "../policy/index.ts";
import type { PipelineProgress } from "./pipeline-progress.ts";
import type { ResolvedPipelineOptions } from "./resolve-pipeline-options.ts";

/** Prices the uploads; returns why the run stops when the estimate is over `maxCredits`. */
export async function estimateUploads(
  options: ResolvedPipelineOptions,
  progress: PipelineProgress,
): Promise<string | undefined> {
  const { uploaded } = progress;
  const priced = await options.client.estimatePrice(
    { files: uploaded.map((u) => ({ blobPath: u.blobPath })) },
    { signal: options.signal },
  );
  progress.estimate = {
    totalCredits: priced.totalCredits,
    files: uploaded.map((u, i) => {
      const entry = priced.files.find((f) => f.blobPath === u.blobPath) ?? priced.files[i];
      return {
        file: u.file,
        blobPath: u.blobPath,
        credits: entry?.credits ?? 0,
        priceable: entry?.priceable ?? false,
      };
    }),
  };
  options.events.onEstimate?.(progress.estimate);
  if (options.maxCredits === undefined || priced.totalCredits <= options.maxCredits)
    return undefined;
  return `The estimate is ${plural(priced.totalCredits, "credit")}, over max-credits ${options.maxCredits}; nothing was submitted or charged. Raise max-credits or review fewer files.`;
}
