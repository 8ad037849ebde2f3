import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { buildAnnotations, completeCheckRun } from "../../src/action/check-run.ts";
import { assetWith, issueWith, outcomeWith } from "../report/outcome-fixture.ts";
import { API, testContext, testGithub } from "./github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

describe("completeCheckRun", () => {
  it("completeCheckRun concludes with the first 50 annotations, then sends the rest in batches of 50", async () => {
    const annotations = Array.from({ length: 120 }, (_, i) => ({
      path: `f${i}.png`,
      start_line: 1,
      end_line: 1,
      annotation_level: "warning" as const,
      title: "t",
      message: "m",
    }));
    const bodies: { status?: string; conclusion?: string; output: { annotations: unknown[] } }[] =
      [];
    const scope = nock(API)
      .patch("/repos/octo/media/check-runs/5", (body) => {
        bodies.push(body);
        return true;
      })
      .times(3)
      .reply(200, { id: 5 });
    await completeCheckRun(testGithub(), testContext(), {
      id: 5,
      name: "Content Review",
      conclusion: "failure",
      title: "t",
      summary: "s",
      annotations,
    });
    expect(scope.isDone()).toBe(true);
    expect(bodies.map((b) => b.output.annotations.length)).toEqual([50, 50, 20]);
    expect(bodies[0]).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(bodies[1]!.conclusion).toBeUndefined();
  });

  it("completeCheckRun creates a completed check run when none was started", async () => {
    let created: Record<string, unknown> = {};
    nock(API)
      .post("/repos/octo/media/check-runs", (body) => {
        created = body;
        return true;
      })
      .reply(201, { id: 9 });
    const id = await completeCheckRun(testGithub(), testContext(), {
      id: undefined,
      name: "Review",
      conclusion: "cancelled",
      title: "t",
      summary: "s",
      annotations: [],
    });
    expect(id).toBe(9);
    expect(created).toMatchObject({
      name: "Review",
      head_sha: "c".repeat(40),
      status: "completed",
      conclusion: "cancelled",
    });
  });
});

describe("buildAnnotations", () => {
  it.each([
    ["critical", "critical", "failure"],
    ["major", "critical", "warning"],
    ["info", "critical", "notice"],
    ["info", "info", "failure"],
  ] as const)(
    "buildAnnotations gives a %s issue with fail-on %s the level %s",
    (severity, failOn, level) => {
      const [annotation] = buildAnnotations(
        outcomeWith([assetWith("a.png", [issueWith("1", severity, "s")])]),
        failOn,
      );
      expect(annotation).toMatchObject({
        path: "a.png",
        start_line: 1,
        end_line: 1,
        annotation_level: level,
      });
    },
  );
});
