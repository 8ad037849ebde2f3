import { describe, expect, it } from "vitest";
import { createStateCodec } from "../../../relay/processing/state-codec.ts";
import { withAsset } from "../../../relay/submission/asset-list.ts";
import type { AssetState } from "../../../relay/submission/submission-state.ts";

const asset = (assetId: string, status = "complete") => ({
  assetId,
  status,
  filename: `"quoted" \u0000 ${assetId}.png`,
  issueCount: 3,
  counts: null,
  errorMessage: null,
  occurredAt: "2026-11-29T04:00:00.000Z",
});

const STATES = [
  { name: "no assets", state: { submissionId: "s-1", assets: [], link: null } },
  {
    name: "assets, a link and every stored field",
    state: {
      submissionId: "s-\u2028-2",
      assets: [asset("a-1"), asset("a-2", "failed")],
      link: { submissionId: "s-2", repository: "o/r", sha: "abc", pullRequest: 1, context: "c" },
      lastStatus: '["o/r","abc",{}]',
      slackChannel: "C1",
      failureReplies: { "a-2": "m-2" },
      unresolved: { reason: "not-found", message: "gone" },
    },
  },
] as const;

describe("createStateCodec", () => {
  it.each(STATES)("stringify gives the JSON of the whole state ($name)", ({ state }) => {
    const codec = createStateCodec();
    expect(JSON.parse(codec.stringify(state.submissionId, state))).toEqual(
      JSON.parse(JSON.stringify(state)),
    );
  });

  it("parse gives back the state a text was made from, and parses any other text", () => {
    const codec = createStateCodec();
    const state = STATES[1].state;
    const json = codec.stringify("s-2", state);
    expect(codec.parse("s-2", json)).toBe(state);
    const other = JSON.stringify({ ...state, slackChannel: "C2" });
    expect(codec.parse("s-2", other)).toEqual(JSON.parse(other));
  });

  it("stringify writes an asset changed since (a new object) with its new fields", () => {
    const codec = createStateCodec();
    const first = asset("a-1");
    const before = { submissionId: "s-3", assets: [first, asset("a-2")], link: null };
    codec.stringify("s-3", before);
    const after = { ...before, assets: [first, asset("a-2", "failed")] };
    expect(JSON.parse(codec.stringify("s-3", after)).assets[1].status).toBe("failed");
  });

  it("stringify writes each state of a growing submission whole (one asset added at a time)", () => {
    const codec = createStateCodec();
    let state: { submissionId: string; assets: object[]; link: null } = {
      submissionId: "s-4",
      assets: [],
      link: null,
    };
    for (let n = 0; n < 4; n += 1) {
      state = { ...state, assets: [...state.assets, asset(`a-${n}`)] };
      expect(JSON.parse(codec.stringify("s-4", state))).toEqual(JSON.parse(JSON.stringify(state)));
    }
  });

  it("stringify writes a state whose assets grew or changed in place whole, each time", () => {
    const codec = createStateCodec();
    const assets: readonly AssetState[] = [];
    const state = { submissionId: "s-5", assets, link: null };
    const steps: [number, AssetState][] = [
      [-1, asset("a-1")],
      [-1, asset("a-2")],
      [0, asset("a-1", "failed")],
      [-1, asset("a-3")],
    ];
    for (const [index, next] of steps) {
      withAsset(assets, index, next, true);
      expect(JSON.parse(codec.stringify("s-5", state))).toEqual(JSON.parse(JSON.stringify(state)));
    }
    // Two changes in place between texts (a replaced asset, then an added one): whole too.
    withAsset(assets, 1, asset("a-2", "failed"), true);
    withAsset(assets, -1, asset("a-4"), true);
    expect(JSON.parse(codec.stringify("s-5", state))).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it("parse does not give back a state whose assets changed in place since its text was made", () => {
    const codec = createStateCodec();
    const assets: readonly AssetState[] = [asset("a-1")];
    const state = { submissionId: "s-6", assets, link: null };
    const json = codec.stringify("s-6", state);
    expect(codec.parse("s-6", json)).toBe(state);
    withAsset(assets, -1, asset("a-2"), true);
    expect(codec.parse("s-6", json)).toEqual(JSON.parse(json));
  });
});
