import type { TagOption } from "../../option-parsers.ts";

/** The body and query `submit` sends, decided from its arguments alone. */
export function planSubmit(
  blobPaths: readonly string[],
  sidekickIds: string[],
  options: {
    readonly tag?: TagOption[] | undefined;
    readonly simulationDelay?: number | undefined;
  },
) {
  const tags = options.tag ?? [];
  return {
    body: {
      assets: blobPaths.map((blobPath) => (tags.length ? { blobPath, tags } : { blobPath })),
      sidekickIds,
    },
    query:
      options.simulationDelay === undefined
        ? {}
        : { simulationDelaySeconds: options.simulationDelay },
  };
}
