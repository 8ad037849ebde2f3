import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { gitBlobSha } from "../helpers/git-blob-sha.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { junitSchemaErrors } from "../helpers/validate-junit.ts";
import { envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const CLAIMS = "Clinically proven and guaranteed. Act now!\n";

interface Report {
  acceptedCount: number;
  assets: {
    path: string;
    content: string;
    issues: { severity: string; acceptId: string; accepted: unknown }[];
  }[];
}

/** A day `days` after today (UTC): entries must be within a year of the run's own clock. */
const dayAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("content-review review --accepted against the emulator", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;

  const review = (...argv: string[]) =>
    spentDuring(emu.baseUrl, () =>
      runCli(["review", ...argv, ...FAST_POLL], { env, cwd: dir.path }),
    );

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    env = envFor(emu, emu.liveKey);
    await mkdir(join(dir.path, "media"), { recursive: true });
    await writeFile(join(dir.path, "media/claims.txt"), CLAIMS);
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it("review --accepted passes the accepted critical issues with the Action's ids, for 0 new credits with --state", async () => {
    const [first] = await review("media", "--state", "state.json", "--json");
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout) as Report;
    const asset = report.assets[0]!;
    // The same content id as the Action's: the file's Git blob sha.
    expect(asset.content).toBe(gitBlobSha(CLAIMS));
    const critical = asset.issues.filter((i) => i.severity === "critical").map((i) => i.acceptId);
    expect(critical.length).toBeGreaterThan(0);
    const entries = critical
      .map(
        (id) =>
          `  - path: media/claims.txt\n    content: ${asset.content}\n    issue: "${id}"\n    reason: Legal approved it\n    accepted-by: "@acme/legal"\n    expires: ${dayAhead(30)}\n`,
      )
      .join("");
    await writeFile(join(dir.path, "accepted.yml"), `accepted:\n${entries}`);

    const [passed, spent] = await review(
      "media",
      "--state",
      "state.json",
      "--accepted",
      "accepted.yml",
    );
    expect(spent).toMatchObject({ uploads: 0, submissions: 0, creditsCharged: 0 });
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(
      new RegExp(
        `^ {2}a critical .* accept id ${critical[0]} \\(accepted by @acme/legal until`,
        "m",
      ),
    );

    const [junit] = await review(
      "media",
      "--state",
      "state.json",
      "--accepted",
      "accepted.yml",
      "--format",
      "junit",
    );
    expect(junit.code).toBe(0);
    expect(junit.stdout).not.toContain("<failure");
    expect(await junitSchemaErrors(junit.stdout, "junit-10")).toEqual([]);

    // Without the file, the same recorded review fails again.
    const [again] = await review("media", "--state", "state.json");
    expect(again.code).toBe(1);
  });

  it("review --accepted names each bad entry at its line, and a missing file is a usage error", async () => {
    await writeFile(
      join(dir.path, "bad.yml"),
      `accepted:\n  - path: media/claims.txt\n    content: ${gitBlobSha(CLAIMS)}\n    issue: "*"\n    accepted-by: me\n    expires: ${dayAhead(30)}\n`,
    );
    const [bad] = await review("media", "--accepted", "bad.yml");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'content-review: error: bad.yml:2: This entry counts for nothing: "reason" is missing',
    );
    const [missing, spent] = await review("media", "--accepted", "nope.yml");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--accepted nope.yml: no such file");
    expect(spent).toMatchObject({ uploads: 0, submissions: 0 });
  });
});
