import { describe, expect, it } from "vitest";
import { computeCommitStatus, STATUS_DESCRIPTION_MAX } from "../../../relay/index.ts";
import {
  asset as build,
  link as linkTo,
  state as stateOf,
} from "../helpers/submission-builders.ts";

// This table was written for fail-on major and a count of 0 issues by default.
const link = (over: Parameters<typeof linkTo>[0] = {}) => linkTo({ failOn: "major", ...over });
const asset = (
  status: string,
  counts: Parameters<typeof build>[1] = null,
  issueCount: number | null = 0,
) => build(status, counts, issueCount);
const state = (assets: ReturnType<typeof build>[], l: ReturnType<typeof link> | null = link()) =>
  stateOf(assets, l);

describe("computeCommitStatus", () => {
  it.each([
    { name: "no link", s: state([asset("complete")], null), expected: null },
    {
      name: "progress",
      s: state([asset("complete")]),
      expected: { state: "pending", description: "1/2 assets reviewed" },
    },
    {
      name: "a failed asset",
      s: state([asset("complete"), asset("failed")]),
      expected: { state: "error" },
    },
    {
      name: "a major finding on fail-on major",
      s: state([asset("complete", { major: 1 }), asset("complete", {})]),
      expected: { state: "failure" },
    },
    {
      name: "only minor findings on fail-on major",
      s: state([asset("complete", { minor: 2 }), asset("complete", {})]),
      expected: { state: "success" },
    },
    {
      name: "fail-on never",
      s: state(
        [asset("complete", { critical: 1 }), asset("complete", {})],
        link({ failOn: "never" }),
      ),
      expected: { state: "success" },
    },
    {
      name: "issues of unknown severity",
      s: state([asset("complete", null, 3), asset("complete")]),
      expected: { state: "failure" },
    },
  ])("$name", ({ s, expected }) => {
    const status = computeCommitStatus(s, "https://github.com/acme/site/pull/3");
    if (expected === null) expect(status).toBeNull();
    else
      expect(status).toMatchObject({
        ...expected,
        context: "content-review",
        targetUrl: "https://github.com/acme/site/pull/3",
      });
  });

  it("keeps the description within 140 characters", () => {
    const status = computeCommitStatus(
      state(
        [asset("complete", { critical: 1e15, major: 1e15, minor: 1e15, info: 1e15, other: 1e15 })],
        link({ assetCount: 1 }),
      ),
      null,
    );
    expect(status?.description.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_MAX);
  });

  it("sends a context registered with U+0000 or a lone surrogate as U+FFFD", () => {
    const status = computeCommitStatus(
      state([asset("complete")], link({ context: "review\u0000\ud800" })),
      null,
    );
    expect(status?.context).toBe("review\ufffd\ufffd");
  });
});
