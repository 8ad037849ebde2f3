import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assetPosition,
  assetTotals,
  editsOf,
  withAsset,
} from "../../../relay/submission/asset-list.ts";
import type { AssetState } from "../../../relay/submission/submission-state.ts";

const asset = (id: number, status: number, issues: number): AssetState => ({
  assetId: `a-${id}`,
  status: ["complete", "failed", "processing"][status] as string,
  filename: null,
  issueCount: status === 1 ? null : issues,
  counts: issues % 2 === 0 ? { critical: issues, major: 1, minor: 0, info: 0, other: 0 } : null,
  errorMessage: null,
});

/** What the positions and totals are, found the long way. */
function expected(assets: readonly AssetState[]) {
  const reported = assets.filter((a) => a.status === "complete" || a.status === "failed");
  const counts = { critical: 0, major: 0, minor: 0, info: 0, other: 0 };
  let unknown = 0;
  for (const a of reported) {
    if (a.counts === null) unknown += a.issueCount ?? 0;
    else
      for (const key of Object.keys(counts) as (keyof typeof counts)[])
        counts[key] += a.counts[key];
  }
  const failed = reported.filter((a) => a.status === "failed").length;
  return { reported: reported.length, failed, counts, unknown };
}

// Each step derives an array from one made before (the newest, or an older one: a branch),
// adding an asset or putting one in place of another, by copy or in place (on the newest array
// only, as its sole holder would); the arrays are asked in between, so that what is carried
// along a line of arrays is used, and then every array made is checked against the long way.
const step = fc.record({
  from: fc.nat(),
  id: fc.nat({ max: 12 }),
  status: fc.nat({ max: 2 }),
  issues: fc.nat({ max: 4 }),
  inPlace: fc.boolean(),
  ask: fc.boolean(),
});

describe("asset-list", () => {
  it("finds every asset and sums the totals as a scan would, along lines and branches of arrays", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const made: { assets: readonly AssetState[]; copy: readonly AssetState[] }[] = [
          { assets: [], copy: [] },
        ];
        for (const s of steps) {
          const newest = made.length - 1;
          const inPlace = s.inPlace;
          const from = inPlace ? newest : s.from % made.length;
          const base = made[from] as (typeof made)[number];
          const id = `a-${s.id}`;
          if (s.ask) assetTotals(base.assets);
          const index = assetPosition(base.assets, id);
          expect(index).toBe(base.copy.findIndex((a) => a.assetId === id));
          const next = asset(s.id, s.status, s.issues);
          const assets = withAsset(base.assets, index, next, inPlace);
          const copy = index === -1 ? [...base.copy, next] : base.copy.with(index, next);
          if (inPlace) made.pop();
          made.push({ assets, copy });
        }
        for (const { assets, copy } of made) {
          expect(assets).toEqual(copy);
          expect(assetTotals(assets)).toEqual(expected(copy));
          for (let id = 0; id <= 12; id += 1) {
            const at = copy.findIndex((a) => a.assetId === `a-${id}`);
            expect(assetPosition(assets, `a-${id}`)).toBe(at);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("changes the array itself in place, and counts it; a copy leaves it as it was", () => {
    const assets: readonly AssetState[] = [asset(1, 0, 1)];
    const copied = withAsset(assets, -1, asset(2, 0, 1));
    expect(copied).not.toBe(assets);
    expect(assets).toHaveLength(1);
    expect(editsOf(assets)).toBe(0);
    const same = withAsset(assets, -1, asset(3, 0, 1), true);
    expect(same).toBe(assets);
    expect(assets.map((a) => a.assetId)).toEqual(["a-1", "a-3"]);
    expect(editsOf(assets)).toBe(1);
  });
});
