import { createHash } from "node:crypto";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  buildAnnotations,
  CHECK_TEXT_LIMIT,
  completeCheckRun,
  MAX_ANNOTATIONS,
  RECORD_ROOM,
} from "../../../src/action/github/check-run.ts";
import { createGithubClient } from "../../../src/action/github/create-github-client.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  recordSigning,
  writeRecordBlocks,
} from "../../../src/action/incremental/review-record-block.ts";
import { entryOf, recordOf, uuid } from "../../pipeline/review-record-fixture.ts";
import { assetWith, issueWith, outcomeWith } from "../../report/outcome-fixture.ts";
import { API, testContext, testGithub } from "../github-nock.ts";
import { LIVE_SCOPE, readBlock, TEST_HEAD } from "../signing/signing-fixture.ts";

const KEY = deriveRecordKey("sk_live_checkruntestkey000000000000001", LIVE_SCOPE);

afterEach(() => {
  nock.cleanAll();
});

/** `count` annotations on files f0.png, f1.png, ... at `level`. */
function annotationsOf(count: number, level: "notice" | "warning") {
  return Array.from({ length: count }, (_, i) => ({
    path: `f${i}.png`,
    start_line: 1,
    end_line: 1,
    annotation_level: level,
    title: "t",
    message: "m",
  }));
}

describe("completeCheckRun", () => {
  it("completeCheckRun concludes with the first 50 annotations, then sends the rest in batches of 50", async () => {
    const annotations = annotationsOf(120, "warning");
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

  it("completeCheckRun sends up to 1,000 annotations in full, 50 a request, and says how many were left out", async () => {
    const annotations = annotationsOf(MAX_ANNOTATIONS + 30, "notice");
    const bodies: { output: { annotations: { path: string }[]; text?: string } }[] = [];
    nock(API)
      .patch("/repos/octo/media/check-runs/6", (body) => {
        bodies.push(body);
        return true;
      })
      .times(20)
      .reply(200, { id: 6 });
    await completeCheckRun(testGithub({ throttle: false }), testContext(), {
      id: 6,
      name: "Content Review",
      conclusion: "success",
      title: "t",
      summary: "s",
      annotations,
    });
    expect(bodies.map((b) => b.output.annotations.length)).toEqual(Array(20).fill(50));
    expect(bodies.flatMap((b) => b.output.annotations.map((a) => a.path))).toEqual(
      annotations.slice(0, MAX_ANNOTATIONS).map((a) => a.path),
    );
    expect(bodies[0]!.output.text).toContain("30 more annotations past the first 1000");
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
    // A run cancelled before its check run was known: it never completes before it started.
    expect(typeof created["started_at"]).toBe("string");
    expect(Date.parse(created["completed_at"] as string)).toBeGreaterThanOrEqual(
      Date.parse(created["started_at"] as string),
    );
  });
});

describe("completeCheckRun with a review record, against the fake GitHub", () => {
  const TOKEN = "ghs_recordtokenrecordtokenrecord01";
  let github: GithubStandIn;
  const client = () =>
    createGithubClient({
      token: TOKEN,
      baseUrl: github.apiUrl,
      userAgent: "test",
      log: () => {},
      throttle: false,
      retry: false,
    });
  const complete = (summary: string, annotationCount: number, record: string) =>
    completeCheckRun(client(), testContext({ apiUrl: github.apiUrl }), {
      id: undefined,
      name: "Content Review",
      conclusion: "success",
      title: "t",
      summary,
      annotations: annotationsOf(annotationCount, "notice"),
      record,
    });

  beforeAll(async () => {
    github = await startGithubStandIn({ token: TOKEN });
  });
  afterAll(async () => {
    await github?.close();
  });

  it.each([
    ["fits", 50, "record"],
    ["is too large for the check run's text", 1_500, "unusable"],
  ])(
    "completeCheckRun keeps a record that %s under GitHub's 65,535 characters",
    async (_what, files, kind) => {
      // Content and asset ids are as random as real ones, so they compress as badly.
      const hex = (text: string) => createHash("sha1").update(text).digest("hex");
      const entries = Array.from({ length: files }, (_, i) => {
        const a = hex(`asset ${i}`);
        return entryOf(`media/spot-${i}.mp4`, "0", i, {
          contentId: hex(`content ${i}`),
          assetId: `${a.slice(0, 8)}-${a.slice(8, 12)}-4${a.slice(13, 16)}-8${a.slice(17, 20)}-${a.slice(20, 32)}`,
          submissionId: uuid(90_000 + (i % 3)),
        });
      });
      // A record of many files is split: the check run's text keeps its first part.
      const [block] = writeRecordBlocks(
        recordOf(entries),
        RECORD_ROOM,
        recordSigning(KEY, TEST_HEAD),
      ).blocks;
      const before = github.violations.length;
      const id = await complete("s".repeat(65_000), MAX_ANNOTATIONS + 5, block!);
      expect(github.violations.slice(before)).toEqual([]);
      const { data } = await client().rest.checks.get({
        owner: "octo",
        repo: "media",
        check_run_id: id,
      });
      expect(data.output.text?.length).toBeLessThanOrEqual(CHECK_TEXT_LIMIT);
      expect(data.output.text).toContain("5 more annotations past the first 1000");
      expect(readBlock(data.output.text, KEY).kind).toBe(kind);
    },
  );

  it("the fake GitHub refuses a check run text over 65,535 characters, as GitHub does", async () => {
    const before = github.violations.length;
    await expect(complete("s", 0, "x".repeat(CHECK_TEXT_LIMIT + 1))).rejects.toMatchObject({
      status: 422,
    });
    const added = github.violations.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^checks\/create: .*output\.text.*65535/);
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

  it.each([
    [{ type: "text", page: 1, line: 7, quote: "x" }, 7],
    [{ type: "text", startLine: 3 }, 3],
    [{ type: "text", line: 0 }, 1],
    [{ type: "media", property: "duration" }, 1],
    [undefined, 1],
  ])("buildAnnotations points at the anchor's line (%o gives %i)", (anchor, line) => {
    const [annotation] = buildAnnotations(
      outcomeWith([
        assetWith("a.txt", [issueWith("1", "major", "s", anchor === undefined ? {} : { anchor })]),
      ]),
      "critical",
    );
    expect(annotation).toMatchObject({ start_line: line, end_line: line });
  });

  it("buildAnnotations keeps line 1 for a document, whose anchor lines count within a page", () => {
    const [annotation] = buildAnnotations(
      outcomeWith([
        assetWith("brochure.pdf", [
          issueWith("1", "major", "s", { anchor: { type: "text", page: 3, line: 7 } }),
        ]),
      ]),
      "critical",
    );
    expect(annotation).toMatchObject({ start_line: 1, end_line: 1 });
  });
});
