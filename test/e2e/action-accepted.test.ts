import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { sarifSchemaErrors } from "../helpers/validate-sarif.ts";
import { type ActionRun, pullRequestEvent, runAction } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const TOKEN = "ghs_acceptedtokenacceptedtokenacce01";
/** Text the emulator finds issues in, a critical one among them. */
const CLAIMS = "Clinically proven and guaranteed. Act now!\n";
const ACCEPTED = ".content-review/accepted.yml";
const BASE = "b".repeat(40);

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;

interface ReportIssue {
  id: string;
  severity: string;
  acceptId: string;
  accepted: { by: string; reason: string; expires: string } | null;
}
interface Report {
  conclusion: string;
  acceptedCount: number;
  assets: { path: string; content: string; issues: ReportIssue[] }[];
}

/** A day `days` after today (UTC): entries must be within a year of the run's own clock. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(workspace, path)), { recursive: true });
  await writeFile(join(workspace, path), text);
}

/** Writes the files into the workspace and lists them as the PR's files. */
async function pushFiles(pr: number, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) await write(path, text);
  github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
}

/** The accepted file with one entry per `[path, content, issue]`, accepted until `expires`. */
function acceptedYaml(
  entries: readonly (readonly [string, string, string])[],
  expires = dayAhead(30),
) {
  return `accepted:\n${entries
    .map(
      ([path, content, issue]) =>
        `  - path: ${path}\n    content: ${content}\n    issue: "${issue}"\n    reason: Legal approved this claim (LEG-142)\n    accepted-by: "@acme/legal"\n    expires: ${expires}\n`,
    )
    .join("")}`;
}

function review(
  pr: number,
  head: string,
  options: { inputs?: Record<string, string>; eventName?: string; fork?: boolean } = {},
): Promise<ActionRun> {
  return runAction({
    inputs: {
      "api-key": emu.liveKey,
      "base-url": emu.baseUrl,
      "sidekick-ids": "brand",
      "fail-on": "critical",
      ...options.inputs,
    },
    eventName: options.eventName ?? "pull_request",
    event: pullRequestEvent(pr, head, options.fork ?? false),
    workspace,
    githubApiUrl: github.apiUrl,
    githubToken: TOKEN,
  });
}

async function report(run: ActionRun): Promise<Report> {
  return JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
}

/** The critical issues of `path` in the report, with the version's content id. */
async function criticals(run: ActionRun, path: string) {
  const asset = (await report(run)).assets.find((a) => a.path === path)!;
  return {
    content: asset.content,
    ids: asset.issues.filter((i) => i.severity === "critical").map((i) => i.acceptId),
  };
}

const head = (digit: string) => digit.repeat(40);

beforeAll(async () => {
  ({ emu, github, workspace } = await startActionStage({ token: TOKEN }));
});

// Each test runs the built Action three or four times: a loaded machine needs more than 30 s.
describe("action accepted findings (built dist/index.js, emulator, fake GitHub)", {
  timeout: 90_000,
}, () => {
  it("action passes a run whose critical issue is accepted, for 0 new credits, and fails it again once the entry is gone", async () => {
    await pushFiles(41, { "pr41/claims.txt": CLAIMS });
    const sarif = { "sarif-file": "accepted.sarif" };
    const first = await review(41, head("1"), { inputs: sarif });
    expect(first.code).toBe(1);
    const { content, ids } = await criticals(first, "pr41/claims.txt");
    expect(content).toMatch(/^[0-9a-f]{40}$/);
    expect(ids.length).toBeGreaterThan(0);

    await write(ACCEPTED, acceptedYaml(ids.map((id) => ["pr41/claims.txt", content, id])));
    const [accepted, spent] = await spentDuring(emu.baseUrl, () =>
      review(41, head("1"), { inputs: sarif }),
    );
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(accepted.code).toBe(0);
    expect(accepted.outputs).toMatchObject({
      status: "success",
      "accepted-count": String(ids.length),
      "reused-count": "1",
      credits: "0",
    });
    const json = await report(accepted);
    expect(json.acceptedCount).toBe(ids.length);
    for (const issue of json.assets[0]!.issues)
      expect(issue.accepted).toEqual(
        ids.includes(issue.acceptId)
          ? {
              by: "@acme/legal",
              reason: "Legal approved this claim (LEG-142)",
              expires: dayAhead(30),
            }
          : null,
      );
    // Listed everywhere, marked accepted: check run, job summary, SARIF.
    const check = github.checkRuns.filter((c) => c.head_sha === head("1")).at(-1)!;
    expect(check.conclusion).toBe("success");
    const notices = check.annotations.filter((a) =>
      String(a["title"]).startsWith("accepted critical"),
    );
    expect(notices).toHaveLength(ids.length);
    expect(notices.every((a) => a["annotation_level"] === "notice")).toBe(true);
    for (const text of [accepted.summary, check.output?.summary ?? ""]) {
      // The mention is kept from pinging anyone.
      expect(text).toContain("**Accepted** by @&#8203;acme/legal");
      expect(text).toContain(`accept id \`${ids[0]}\``);
    }
    const log = JSON.parse(await readFile(join(workspace, "accepted.sarif"), "utf8"));
    expect(await sarifSchemaErrors(log)).toEqual([]);
    const suppressed = log.runs[0].results.filter(
      (r: { suppressions?: unknown }) => r.suppressions,
    );
    expect(suppressed).toHaveLength(ids.length);
    expect(suppressed[0].suppressions).toEqual([
      {
        kind: "external",
        status: "accepted",
        justification: `Legal approved this claim (LEG-142) (accepted by @acme/legal, until ${dayAhead(30)})`,
      },
    ]);

    // The acceptance was never recorded: without the file, the same review fails again.
    await rm(join(workspace, ACCEPTED));
    const [again, spentAgain] = await spentDuring(emu.baseUrl, () => review(41, head("1")));
    expect(spentAgain).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(again.code).toBe(1);
    expect(again.outputs).toMatchObject({ status: "failure", "accepted-count": "0" });
    expect(github.violations).toEqual([]);
  });

  it("action fails again when the accepted file changes, and notes the entry that no longer matches", async () => {
    await pushFiles(42, { "pr42/claims.txt": CLAIMS });
    const first = await review(42, head("2"), { inputs: { "fail-on": "never" } });
    const { content } = await criticals(first, "pr42/claims.txt");
    const [comment] = github.reviewComments.filter((c) => c.pull_number === 42);
    // A ready-to-paste entry for each finding, with the version's content id.
    expect(comment!.body).toContain("<summary>Accept these findings</summary>");
    expect(comment!.body).toContain(`    content: "${content}"`);
    expect(comment!.body).toMatch(/ {2}- path: "pr42\/claims\.txt"/);

    await write(ACCEPTED, acceptedYaml([["pr42/claims.txt", content, "*"]]));
    const accepted = await review(42, head("2"));
    expect(accepted.code).toBe(0);
    // Every finding of the comment is accepted: it says so, and its thread is resolved.
    expect(comment!.body).toContain("**Content Review**: ☑️ Accepted:");
    expect(comment!.body).not.toContain("<summary>Accept these findings</summary>");
    expect(github.state.resolvedThreads.has(comment!.id)).toBe(true);

    await pushFiles(42, { "pr42/claims.txt": `${CLAIMS}Guaranteed results.\n` });
    const changed = await review(42, head("3"));
    expect(changed.code).toBe(1);
    expect(changed.outputs).toMatchObject({ status: "failure", "accepted-count": "0" });
    // The finding counts again: the thread this Action resolved reopens.
    expect(comment!.body).not.toContain("☑️ Accepted:");
    expect(github.state.resolvedThreads.has(comment!.id)).toBe(false);
    expect(changed.stdout).toMatch(
      /::notice title=Accepted finding matches nothing,file=\.content-review\/accepted\.yml,line=2::This entry accepts nothing in this run: pr42\/claims\.txt has changed since/,
    );
    await rm(join(workspace, ACCEPTED));
  });

  it("action counts an expired, malformed or incomplete entry for nothing and annotates it at its line", async () => {
    await pushFiles(43, { "pr43/claims.txt": CLAIMS });
    const first = await review(43, head("4"), { inputs: { "fail-on": "never" } });
    const { content } = await criticals(first, "pr43/claims.txt");
    const good = acceptedYaml([["pr43/claims.txt", content, "*"]]).replace("accepted:\n", "");
    await write(
      ACCEPTED,
      [
        "accepted:",
        good.replace(/expires: .*/, "expires: 2020-01-01").trimEnd(), // lines 2-7: expired
        good.replace(/ {4}reason: .*\n/, "").trimEnd(), // lines 8-12: no reason
        good.replace(/accepted-by: .*/, "accepted-by: a: b").trimEnd(), // lines 13-18: malformed
        "",
      ].join("\n"),
    );
    const run = await review(43, head("4"));
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "accepted-count": "0" });
    const errors = [
      ...run.stdout.matchAll(
        /::error title=Accepted finding not applied,file=\.content-review\/accepted\.yml,line=(\d+)::(.*)/g,
      ),
    ];
    expect(errors.map((m) => [Number(m[1]), m[2]!.slice(0, 60)])).toEqual([
      [2, expect.stringContaining("This entry counts for nothing: it exp")],
      [8, expect.stringContaining('"reason" is missing')],
      [13, expect.stringContaining("Malformed YAML")],
    ]);
    // The run says on the media file that its acceptance expired.
    expect(run.summary).toContain("expired on 2020-01-01: it counts again");
    await rm(join(workspace, ACCEPTED));
  });

  it('action accepts with "*" every issue of that version and no other file\'s', async () => {
    await pushFiles(44, { "pr44/a.txt": CLAIMS, "pr44/b.txt": CLAIMS.replace("now", "today") });
    // No check run and no comments yet: the next run posts its comments new.
    const first = await review(44, head("5"), { inputs: { "fail-on": "never", comment: "none" } });
    const { content } = await criticals(first, "pr44/a.txt");
    await write(ACCEPTED, acceptedYaml([["pr44/a.txt", content, "*"]]));
    const run = await review(44, head("5"));
    expect(run.code).toBe(1);
    // A new comment whose findings are all accepted is posted, then its thread resolved.
    const comments = github.reviewComments.filter((c) => c.pull_number === 44);
    const onA = comments.filter((c) => c.path === "pr44/a.txt");
    const onB = comments.filter((c) => c.path === "pr44/b.txt");
    expect(onA.length).toBeGreaterThan(0);
    expect(onB.length).toBeGreaterThan(0);
    for (const c of onA) expect(github.state.resolvedThreads.has(c.id)).toBe(true);
    for (const c of onB) expect(github.state.resolvedThreads.has(c.id)).toBe(false);
    const json = await report(run);
    const a = json.assets.find((x) => x.path === "pr44/a.txt")!;
    const b = json.assets.find((x) => x.path === "pr44/b.txt")!;
    expect(a.issues.every((i) => i.accepted !== null)).toBe(true);
    expect(b.issues.every((i) => i.accepted === null)).toBe(true);
    expect(run.outputs["accepted-count"]).toBe(String(a.issues.length));
    await rm(join(workspace, ACCEPTED));
  });

  it("action on a fork's pull_request_target ignores the head's accepted file and reads the base branch's", async () => {
    const fork = head("6");
    github.setTree(BASE, { "README.md": { content: "The base branch.\n" } });
    github.addPullRequest(45, [{ filename: "pr45/claims.txt", status: "added" }]);
    github.setTree(fork, { "pr45/claims.txt": { content: CLAIMS } });
    const target = {
      eventName: "pull_request_target",
      fork: true,
      inputs: { comment: "summary-only" },
    };
    const first = await review(45, fork, {
      ...target,
      inputs: { ...target.inputs, "fail-on": "never" },
    });
    const { content } = await criticals(first, "pr45/claims.txt");
    const yaml = acceptedYaml([["pr45/claims.txt", content, "*"]]);
    // The fork's own acceptance, where a checkout would put it: it must not count.
    await write(ACCEPTED, yaml);
    const ignored = await review(45, fork, target);
    expect(ignored.code).toBe(1);
    expect(ignored.outputs["accepted-count"]).toBe("0");
    expect(ignored.stdout).toContain(`No ${ACCEPTED} on the base branch (bbbbbbb)`);

    github.setTree(BASE, { [ACCEPTED]: { content: yaml } });
    const base = await review(45, fork, target);
    expect(base.code).toBe(0);
    expect(base.outputs["accepted-count"]).not.toBe("0");
    await rm(join(workspace, ACCEPTED));
    github.setTree(BASE, { "README.md": { content: "The base branch.\n" } });
  });

  it("action warns in the job summary while no CODEOWNERS rule covers the accepted file", async () => {
    await pushFiles(46, { "pr46/claims.txt": CLAIMS });
    const first = await review(46, head("7"), { inputs: { "fail-on": "never" } });
    const { content } = await criticals(first, "pr46/claims.txt");
    await write(ACCEPTED, acceptedYaml([["pr46/claims.txt", content, "*"]]));
    const warning = "but nobody must review a change to it";
    const uncovered = await review(46, head("7"));
    expect(uncovered.summary).toContain(warning);
    await write(".github/CODEOWNERS", "*.md @docs\n/.content-review/ @acme/legal\n");
    const covered = await review(46, head("7"));
    expect(covered.code).toBe(0);
    expect(covered.summary).not.toContain(warning);
    await rm(join(workspace, ".github"), { recursive: true });
    await rm(join(workspace, ACCEPTED));
  });
});
