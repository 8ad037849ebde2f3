import {
  addSeverityCounts,
  noSeverityCounts,
  type SeverityCounts,
} from "../../src/policy/index.ts";
import type { AssetState } from "./submission-state.ts";

// Issue 35: every event of a submission looked its asset up by comparing ids (twice) and
// summed all its assets for the outcome, so a submission of 30,000 assets cost 30,000 steps an
// event several times over. A state's assets are immutable and an event adds one asset at the
// end or puts one in the place of another, so what is derived from them is carried from one
// array to the next instead: the positions of the assets, and their totals.

type Assets = readonly AssetState[];

/**
 * The positions of the assets of a line of arrays, each made from the one before by
 * {@link withAsset}. A position is an array's when it lies within the array and holds the id
 * there. The table grows only from the newest array of its line (its tip): an array made from
 * an older one starts a table of its own, when first asked.
 */
interface Line {
  readonly positions: Map<string, number>;
  tip: Assets;
}

/** What the outcome adds up over the assets that reported (complete or failed). */
export interface AssetTotals {
  readonly reported: number;
  readonly failed: number;
  /** Issue counts of the reported assets that have severities. */
  readonly counts: SeverityCounts;
  /** Issues of the reported assets without severities (no enrichment). */
  readonly unknown: number;
}

const lines = new WeakMap<Assets, Line>();
const totals = new WeakMap<Assets, AssetTotals>();
const appended = new WeakMap<Assets, Assets>();
const edits = new WeakMap<Assets, number>();

function lineOf(assets: Assets): Line {
  let line = lines.get(assets);
  if (line === undefined) {
    const positions = new Map<string, number>();
    assets.forEach((a, i) => {
      if (!positions.has(a.assetId)) positions.set(a.assetId, i);
    });
    line = { positions, tip: assets };
    lines.set(assets, line);
  }
  return line;
}

/** The position of the asset in `assets` (its first, should it be there twice), or -1. */
export function assetPosition(assets: Assets, assetId: string): number {
  const i = lineOf(assets).positions.get(assetId);
  return i !== undefined && i < assets.length && assets[i]?.assetId === assetId ? i : -1;
}

/** The asset's part in the totals, times `sign`. */
function share(asset: AssetState, sign: 1 | -1): AssetTotals {
  const reported = asset.status === "complete" || asset.status === "failed";
  const counts = noSeverityCounts();
  if (reported && asset.counts !== null) {
    for (const key of Object.keys(counts) as (keyof SeverityCounts)[]) {
      counts[key] = sign * (asset.counts[key] ?? 0);
    }
  }
  return {
    reported: reported ? sign : 0,
    failed: asset.status === "failed" ? sign : 0,
    counts,
    unknown: reported && asset.counts === null ? sign * (asset.issueCount ?? 0) : 0,
  };
}

function add(a: AssetTotals, b: AssetTotals): AssetTotals {
  return {
    reported: a.reported + b.reported,
    failed: a.failed + b.failed,
    counts: addSeverityCounts(a.counts, b.counts),
    unknown: a.unknown + b.unknown,
  };
}

/** The totals over `assets` (summed once per line of arrays, then carried along it). */
export function assetTotals(assets: Assets): AssetTotals {
  let known = totals.get(assets);
  if (known === undefined) {
    known = { reported: 0, failed: 0, counts: noSeverityCounts(), unknown: 0 };
    for (const asset of assets) known = add(known, share(asset, 1));
    totals.set(assets, known);
  }
  return known;
}

/** The totals of `assets` with `asset` in place of `old` (or added, `old` undefined), where known. */
function carryTotals(assets: Assets, old: AssetState | undefined, asset: AssetState, next: Assets) {
  const before = totals.get(assets);
  if (before === undefined) return;
  const removed = old === undefined ? before : add(before, share(old, -1));
  totals.set(next, add(removed, share(asset, 1)));
}

/**
 * `assets` with `asset` in place of the one at `index`, or added at the end (`index` -1); the
 * positions and totals of `assets`, where known, carry over to the new array. `inPlace`
 * changes `assets` itself and returns it: only for a caller that holds the only reference to
 * it (copying the array of a large submission for every event made relaying it quadratic,
 * issue 35); {@link editsOf} counts such changes.
 */
export function withAsset(
  assets: Assets,
  index: number,
  asset: AssetState,
  inPlace = false,
): Assets {
  const old = index === -1 ? undefined : assets[index];
  if (inPlace) {
    const line = lines.get(assets);
    // Another array shares its positions: it starts a table of its own (see Line).
    if (line !== undefined && line.tip !== assets) lines.delete(assets);
    else if (line !== undefined && index === -1) line.positions.set(asset.assetId, assets.length);
    const mutable = assets as AssetState[];
    if (index === -1) mutable.push(asset);
    else mutable[index] = asset;
    edits.set(assets, editsOf(assets) + 1);
    carryTotals(assets, old, asset, assets);
    return assets;
  }
  const next = index === -1 ? [...assets, asset] : assets.with(index, asset);
  const line = lineOf(assets);
  if (index !== -1) {
    lines.set(next, line);
    if (line.tip === assets) line.tip = next;
  } else {
    appended.set(next, assets);
    if (line.tip === assets) {
      line.positions.set(asset.assetId, assets.length);
      line.tip = next;
      lines.set(next, line);
    }
  }
  carryTotals(assets, old, asset, next);
  return next;
}

/** How many times {@link withAsset} changed `assets` in place. */
export function editsOf(assets: readonly object[]): number {
  return edits.get(assets as Assets) ?? 0;
}

/** True when {@link withAsset} made `assets` by adding one asset at the end of `before`. */
export function appendsTo(before: readonly object[], assets: readonly object[]): boolean {
  return appended.get(assets as Assets) === before;
}
