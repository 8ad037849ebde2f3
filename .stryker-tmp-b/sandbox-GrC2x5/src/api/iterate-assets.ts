// @ts-nocheck
import type * as T from "./generated/types.gen.ts";

/** The tag filter of part 4.4. At least one of `tagKeyIds` / `tagValueIds` is required. */
export interface AssetQuery {
  readonly tagKeyIds?: readonly string[];
  readonly tagValueIds?: readonly string[];
  /** @default "any" */
  readonly tagMatch?: "any" | "all";
  /** @default 1 */
  readonly page?: number;
  /** 1 to 100. @default 10 (100 when iterating) */
  readonly pageSize?: number;
}

/**
 * Walks every page of the tag filter, starting at `query.page` (default 1), and yields assets
 * one by one. Stops at `totalPages` or at the first empty page.
 */
export async function* iterateAssets(
  fetchPage: (query: AssetQuery) => Promise<T.AssetListResponse>,
  query: AssetQuery,
): AsyncGenerator<T.AssetResult, void, undefined> {
  const pageSize = query.pageSize ?? 100;
  for (let page = query.page ?? 1; ; page++) {
    const result = await fetchPage({ ...query, page, pageSize });
    yield* result.data;
    if (result.data.length === 0 || page >= result.pagination.totalPages) return;
  }
}
