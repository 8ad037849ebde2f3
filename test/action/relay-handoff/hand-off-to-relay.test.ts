import { describe, expect, it } from "vitest";
import { handOffToRelay } from "../../../src/action/relay-handoff/hand-off-to-relay.ts";

describe("handOffToRelay", () => {
  it.each([
    [1, "Review of 1 file submitted; waiting for results."],
    [2, "Review of 2 files submitted; waiting for results."],
  ])(
    "handOffToRelay's pending status counts %i file(s) in the right number",
    async (count, description) => {
      const statuses: { state: string; description: string }[] = [];
      const github = {
        rest: {
          repos: {
            createCommitStatus: async (s: { state: string; description: string }) => {
              statuses.push(s);
            },
          },
        },
      };
      await handOffToRelay({
        github: github as never,
        context: { owner: "octo", repo: "media", sha: "a".repeat(40) } as never,
        inputs: { checkName: "content-review" } as never,
        outcome: { uploaded: Array.from({ length: count }, () => ({})) } as never,
        fetch: undefined,
        info: () => {},
        warning: () => {},
        warn: () => {},
      });
      expect(statuses).toEqual([expect.objectContaining({ state: "pending", description })]);
    },
  );
});
