import { describe, expect, it } from "vitest";
import {
  computeCommitStatus,
  renderSlackMessage,
  submissionOutcome,
} from "../../../relay/index.ts";
import type { SubmissionState } from "../../../relay/submission/submission-state.ts";
import { CONCLUSION_LABELS } from "../../../src/policy/index.ts";
import { asset, link, state } from "../helpers/submission-builders.ts";

/** The headline section of the Slack message (the block after the header). */
function headline(s: SubmissionState): string {
  const block = renderSlackMessage(s, null).blocks[1];
  if (block?.type !== "section") throw new Error("no headline section");
  return block.text.text;
}

const CASES: { name: string; s: SubmissionState; state: string; label: string }[] = [
  {
    name: "critical findings on the default fail-on",
    s: state([asset("complete", { critical: 1 }), asset("complete")]),
    state: "failure",
    label: CONCLUSION_LABELS.failure,
  },
  {
    name: "only minor findings",
    s: state([asset("complete", { minor: 3 }), asset("complete")]),
    state: "success",
    label: CONCLUSION_LABELS.success,
  },
  {
    name: "major findings on fail-on major",
    s: state([asset("complete", { major: 1 }), asset("complete")], link({ failOn: "major" })),
    state: "failure",
    label: CONCLUSION_LABELS.failure,
  },
  {
    name: "critical findings on fail-on never",
    s: state([asset("complete", { critical: 2 }), asset("complete")], link({ failOn: "never" })),
    state: "success",
    label: CONCLUSION_LABELS.success,
  },
  {
    name: "an asset that failed to process",
    s: state([asset("complete"), asset("failed", null)]),
    state: "error",
    label: CONCLUSION_LABELS.failure,
  },
  {
    name: "assets still to report",
    s: state([asset("complete", { critical: 1 })]),
    state: "pending",
    label: CONCLUSION_LABELS.pending,
  },
  {
    name: "issues of unknown severity",
    s: state([asset("complete", null, 4), asset("complete")]),
    state: "failure",
    label: CONCLUSION_LABELS.failure,
  },
];

describe("submissionOutcome", () => {
  it.each(CASES)(
    "$name: the commit status is $state and the Slack headline says the same",
    ({ s, state: expected, label }) => {
      const outcome = submissionOutcome(s);
      const status = computeCommitStatus(s, null);
      expect(outcome.state).toBe(expected);
      expect(status?.state).toBe(expected);
      expect(status?.description).toBe(outcome.detail);
      const [marker, ...words] = label.split(" ");
      const line = headline(s);
      expect(line.startsWith(`${marker} *`)).toBe(true);
      expect(line.toLowerCase()).toContain(`*${words.join(" ")}*`);
      expect(line).toContain(outcome.detail);
    },
  );

  it("uses the Action's default fail-on (critical) for a submission nobody linked", () => {
    const unlinked = state([asset("complete", { critical: 1 })], null);
    expect(submissionOutcome(unlinked)).toMatchObject({ state: "failure", failOn: "critical" });
    expect(headline(unlinked).startsWith("❌ *Failed*")).toBe(true);
    expect(computeCommitStatus(unlinked, null)).toBeNull();
  });

  it("marks each asset's line by the same threshold", () => {
    const s = state([asset("complete", { critical: 1 }), asset("complete", { minor: 1 })]);
    const text = JSON.stringify(renderSlackMessage(s, null).blocks);
    expect(text).toMatch(/❌ \*file-\d+\.png\*: 1 critical/);
    expect(text).toMatch(/✅ \*file-\d+\.png\*: 1 minor/);
  });
});
