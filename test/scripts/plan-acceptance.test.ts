import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { planAcceptance } from "../../scripts/try-action/plan-acceptance.ts";

const NOW = new Date("2026-11-29T05:00:00Z");
const CONTENT = "1e619538e0a3b68212170a7dfef370f869ae579d";

const issue = (acceptId: string, severity: string, accepted: unknown = null) => ({
  acceptId,
  severity,
  accepted,
});
const report = (failOn: string, ...issues: ReturnType<typeof issue>[]) => ({
  failOn,
  assets: [{ path: "media/ad.txt", content: CONTENT, issues }],
});

describe("planAcceptance", () => {
  it.each([
    ["a step that passed", 0, report("critical", issue("aaaaaaaa", "critical")), /step passed/],
    [
      "a failure with no finding at or above fail-on",
      1,
      report("critical", issue("aaaaaaaa", "major")),
      /without a finding/,
    ],
    [
      "a failure whose findings are all accepted",
      1,
      report("critical", issue("aaaaaaaa", "critical", { by: "@x" })),
      /without a finding/,
    ],
    ["a failure with no report", 1, undefined, /without a finding/],
    ["fail-on never", 1, report("never", issue("aaaaaaaa", "critical")), /without a finding/],
  ])("stops on %s, saying why", (_name, exitCode, rep, why) => {
    const plan = planAcceptance({ exitCode, report: rep, existing: undefined, now: NOW });
    expect(plan.kind).toBe("stop");
    expect(plan.kind === "stop" && plan.why).toMatch(why);
  });

  it.each([
    ["critical", ["c1"]],
    ["major", ["c1", "m1"]],
    ["info", ["c1", "m1", "n1", "i1"]],
  ])("with fail-on %s, accepts each unaccepted issue at or above it: %j", (failOn, ids) => {
    const rep = report(
      failOn,
      issue("c1", "critical"),
      issue("m1", "major"),
      issue("n1", "minor"),
      issue("i1", "info"),
      issue("c2", "critical", { by: "@legal" }),
    );
    const plan = planAcceptance({ exitCode: 1, report: rep, existing: undefined, now: NOW });
    if (plan.kind !== "accept") throw new Error(`expected accept, got ${JSON.stringify(plan)}`);
    expect(plan.issues.map((i) => i.acceptId)).toEqual(ids);
    const file = parse(plan.yaml) as { accepted: Record<string, string>[] };
    expect(file.accepted.map((e) => [e.path, e.content, e.issue, e.expires])).toEqual(
      ids.map((id) => ["media/ad.txt", CONTENT, id, "2026-12-29"]),
    );
    expect(file.accepted.every((e) => e.reason && e["accepted-by"] === "@try-action")).toBe(true);
  });

  it.each([
    ["a list", "accepted:\n  - { path: a.txt, issue: x }\n", [{ path: "a.txt", issue: "x" }]],
    ["no list", "accepted: 3\n", []],
    ["not YAML", "accepted: [\n", []],
  ])("keeps the entries of the file the first run read when it holds %s", (_n, existing, kept) => {
    const plan = planAcceptance({
      exitCode: 1,
      report: report("critical", issue("c1", "critical")),
      existing,
      now: NOW,
    });
    if (plan.kind !== "accept") throw new Error("expected accept");
    const file = parse(plan.yaml) as { accepted: Record<string, string>[] };
    expect(file.accepted.slice(0, -1)).toEqual(kept);
    expect(file.accepted.at(-1)?.issue).toBe("c1");
  });
});
