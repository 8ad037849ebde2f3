import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { main } from "../../src/cli/index.ts";
import { junitSchemaErrors } from "../helpers/validate-junit.ts";
import { sarifSchemaErrors } from "../helpers/validate-sarif.ts";
import {
  controlPlane,
  envFor,
  FAST_POLL,
  recordingStream,
  runCli,
  tempDir,
} from "./cli-harness.ts";

describe("content-review review (the shared pipeline) against the emulator", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let live: Record<string, string>;
  let sandbox: Record<string, string>;
  const review = (env: Record<string, string>, ...argv: string[]) =>
    runCli(["review", ...argv, ...FAST_POLL], { env, cwd: dir.path });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    live = envFor(emu, emu.liveKey);
    sandbox = envFor(emu, emu.sandboxKey);
    const files: Record<string, string> = {
      "media/claims.txt": "Clinically proven and guaranteed.\nAct now!\n",
      "media/notes/minor.txt": "Act now, while stocks last.\n",
      "clean/plain.txt": "A calm description of a product.\n",
      "sandbox/spot__sandbox_fail__.txt": "x\n",
      "slow/spot__sandbox_pending__.txt": "x\n",
      "sandbox/flaky__sandbox_retryable_error__.txt": "x\n",
      "sandbox-pass/spot__sandbox_pass__.txt": "x\n",
      "mixed/plain.txt": "no marker\n",
      "mixed/ok__sandbox_pass__.txt": "x\n",
      "bad/tool.exe": "MZ\n",
    };
    const { mkdir } = await import("node:fs/promises");
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(dir.path, name, ".."), { recursive: true });
      await writeFile(join(dir.path, name), text);
    }
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it.each([
    ["findings at or above --fail-on give 1", ["media"], 1],
    ["a clean folder gives 0", ["clean"], 0],
    ["--fail-on never gives 0 despite findings", ["media", "--fail-on", "never"], 0],
    ["--fail-on minor catches a minor finding", ["media/notes", "--fail-on", "minor"], 1],
    ["--fail-on major ignores a minor finding", ["media/notes", "--fail-on", "major"], 0],
    ["a glob selects files", ["media/**/*.txt", "--fail-on", "never"], 0],
    ["--no-wait submits and gives 0", ["media", "--no-wait"], 0],
  ])("live: %s", async (_name, argv, code) => {
    const res = await review(live, ...(argv as string[]));
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.code).toBe(code);
  });

  it("live: --max-credits below the estimate gives 4 and submits nothing", async () => {
    const before = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
    const res = await review(live, "media", "--max-credits", "1", "--json");
    expect(res.code).toBe(4);
    expect(res.json).toMatchObject({
      status: "budget-exceeded",
      submissionId: null,
      credits: { total: 2 },
    });
    expect(res.stderr).toMatch(/over max-credits 1; nothing was submitted/);
    const after = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
    expect(after.submissions).toBe(before.submissions);
  });

  it("live: the text report lists files, issues over the threshold and the verdict", async () => {
    const res = await review(live, "media", "--fail-on", "major");
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/media\/claims\.txt\s+complete\s+1 critical, 1 major, 1 minor/);
    expect(res.stdout).toMatch(/! critical\s+CLAIM_CLINICAL/);
    expect(res.stdout).toMatch(/ {3}minor\s+URGENCY_PRESSURE/);
    expect(res.stdout).toMatch(/Review failed: 2 issues at or above major/);
    // Progress went to stderr as plain lines (not a terminal).
    expect(res.stderr).toMatch(/^upload media\/claims\.txt: started/m);
    expect(res.stderr).toMatch(/^submission [0-9a-f-]{36}: done \(complete\)$/m);
  });

  it("live: --json prints the shared JSON report", async () => {
    const res = await review(live, "media", "--json");
    expect(res.code).toBe(1);
    expect(res.json).toMatchObject({
      reportVersion: 1,
      status: "completed",
      conclusion: "failure",
      environment: "live",
      failOn: "critical",
      issueCount: 4,
      counts: { critical: 1, major: 1, minor: 2, info: 0, other: 0 },
    });
    expect(res.json.assets.map((a: { path: string }) => a.path)).toEqual([
      "media/claims.txt",
      "media/notes/minor.txt",
    ]);
  });

  it.each([
    ["markdown", "report.md", (text: string) => expect(text).toContain("```mermaid")],
    [
      "sarif",
      "report.sarif",
      async (text: string) => {
        const sarif = JSON.parse(text);
        expect(await sarifSchemaErrors(sarif)).toEqual([]);
        // Text files: each finding points at the line of its words, with them as the snippet.
        const where = sarif.runs[0].results.map(
          (r: {
            ruleId: string;
            locations: {
              physicalLocation: {
                artifactLocation: { uri: string };
                region?: { startLine: number; snippet?: { text: string } };
              };
            }[];
          }) => {
            const at = r.locations[0]!.physicalLocation;
            return `${at.artifactLocation.uri}:${at.region?.startLine} ${r.ruleId} "${at.region?.snippet?.text}"`;
          },
        );
        expect(where.sort()).toEqual([
          'media/claims.txt:1 CLAIM_CLINICAL "Clinically proven"',
          'media/claims.txt:1 CLAIM_GUARANTEE "guaranteed"',
          'media/claims.txt:2 URGENCY_PRESSURE "Act now"',
          'media/notes/minor.txt:1 URGENCY_PRESSURE "Act now"',
        ]);
      },
    ],
    [
      "junit",
      "report.xml",
      async (text: string) => {
        expect(text).toMatch(
          /<testsuites name="content-review" tests="2" failures="1" errors="0" time="\d+\.\d{3}">/,
        );
        expect(await junitSchemaErrors(text, "junit-4")).toEqual([]);
        expect(await junitSchemaErrors(text, "junit-10")).toEqual([]);
      },
    ],
    ["json", "report.json", (text: string) => expect(JSON.parse(text).reportVersion).toBe(1)],
  ])(
    "live: --format %s --output writes the report and prints the summary",
    async (format, file, check) => {
      const res = await review(live, "media", "--format", format, "--output", `out/${file}`);
      expect(res.code).toBe(1);
      await check(await readFile(join(dir.path, "out", file), "utf8"));
      expect(res.stdout).toContain(`Wrote the ${format} report to out/${file}.`);
    },
  );

  it.each([
    ["a folder", "out", /Cannot write out: it is a folder; name a file inside it instead/],
    [
      "a path under a file",
      "clean/plain.txt/report.xml",
      /Cannot write clean\/plain\.txt\/report\.xml: .*choose another path/,
    ],
    [
      "a file under review",
      "media/claims.txt",
      /Cannot write media\/claims\.txt: it is one of the files under review; choose another path\./,
    ],
  ])(
    "live: --output naming %s is a usage error before anything is uploaded or charged",
    async (_name, output, message) => {
      const { mkdir } = await import("node:fs/promises");
      await mkdir(join(dir.path, "out"), { recursive: true });
      const before = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
      const res = await review(live, "media", "--format", "junit", "--output", output);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(message);
      expect(res.stderr).toContain("Nothing was uploaded or submitted.");
      expect(res.stderr).not.toMatch(/^upload /m);
      const after = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
      expect(after.submissions).toBe(before.submissions);
    },
  );

  it("live: the text report gives one verdict line", async () => {
    const res = await review(live, "media/claims.txt");
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^Review failed: 1 issue at or above critical \(marked !\)\.$/m);
    expect(res.stdout.match(/Review failed/g)).toHaveLength(1);
    expect(res.stdout).toMatch(/, 1 credit, 3 issues \(/);
    expect(res.stderr).toMatch(/^estimate: 1 credit$/m);
    expect(res.stderr).toMatch(/^submitted 1 asset as /m);
  });

  it("live: a folder with nothing reviewable is a usage error", async () => {
    const res = await review(live, "bad");
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/No reviewable files match bad/);
    const explicit = await review(live, "bad/tool.exe");
    expect(explicit.code).toBe(2);
    expect(`${explicit.stdout}${explicit.stderr}`.match(/not supported/g)).toHaveLength(1);
  });

  it("live: a workspace without API access ends with 3 and the tier message", async () => {
    const ws = await controlPlane(emu.baseUrl, "POST", "/_emulator/workspaces", { tier: "no_api" });
    const res = await review(envFor(emu, ws.liveKey), "clean");
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/402/);
    expect(res.stderr).not.toContain(ws.liveKey);
  });

  it.each([
    ["a fail marker gives 1", "sandbox/spot__sandbox_fail__.txt", 1],
    ["a pass marker gives 0", "sandbox-pass", 0],
    [
      "a retryable error is retried by the pipeline and passes",
      "sandbox/flaky__sandbox_retryable_error__.txt",
      0,
    ],
  ])("sandbox: %s", async (_name, path, code) => {
    const res = await review(sandbox, path, "--json");
    expect(res.code).toBe(code);
    expect(res.json.environment).toBe("sandbox");
  });

  it("sandbox: progress claims no upload, since nothing is uploaded (part 4.14 rule 2)", async () => {
    const before = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
    const res = await review(sandbox, "sandbox/spot__sandbox_fail__.txt");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /^sandbox sandbox\/spot__sandbox_fail__\.txt: not uploaded \(its name sets the outcome\)$/m,
    );
    expect(res.stderr).not.toMatch(/^upload |: started|Uploaded/m);
    const after = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
    expect(after.uploads).toBe(before.uploads);
  });

  it.each([
    ["live", () => live, "media"],
    ["sandbox", () => sandbox, "sandbox"],
  ])("%s: --no-wait --json lists every file with its asset id", async (_name, env, folder) => {
    const res = await review(env(), folder, "--no-wait", "--json");
    expect(res.code).toBe(0);
    expect(res.stderr).not.toMatch(/content-review:/);
    expect(res.json.status).toBe("submitted-no-wait");
    expect(res.json.files).toHaveLength(2);
    const status = await runCli(["status", res.json.submissionId, "--json"], {
      env: env(),
      cwd: dir.path,
    });
    const submitted = status.json.assets.map((a: { assetId: string }) => a.assetId).sort();
    expect(res.json.files.map((f: { assetId: string }) => f.assetId).sort()).toEqual(submitted);
    for (const f of res.json.files)
      expect(f.blobPath).toBe(`${f.assetId}/${f.path.split("/").at(-1)}`);
  });

  it.each([
    ["a budget stop, text", ["media", "--max-credits", "1"], 4],
    ["a budget stop, --json", ["media", "--max-credits", "1", "--json"], 4],
    ["a sandbox folder without a marked file", ["clean"], 2],
  ])(
    "an ending without results (%s) prints its reason once, on stderr only",
    async (_name, argv, code) => {
      const env = argv[0] === "clean" ? sandbox : live;
      const res = await review(env, ...argv);
      expect(res.code).toBe(code);
      const lines = res.stderr.split("\n").filter((l) => l.startsWith("content-review: "));
      expect(lines).toHaveLength(1);
      const reason = lines[0]!.slice("content-review: ".length);
      // stdout has the report (the JSON report names the reason as data), never the error line.
      expect(res.stdout).not.toContain("content-review: ");
      if (!argv.includes("--json")) expect(res.stdout).not.toContain(reason);
    },
  );
  const SIX =
    "__sandbox_pass__, __sandbox_advisory__, __sandbox_fail__, __sandbox_error__, __sandbox_retryable_error__, __sandbox_pending__";

  it.each([
    ["a folder", "mixed"],
    ["a glob", "mixed/*.txt"],
  ])("sandbox: %s skips found files without a marker with one warning", async (_name, path) => {
    const res = await review(sandbox, path, "--json");
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      `content-review: warning: 1 file has no sandbox marker in the name and was skipped: mixed/plain.txt. A sandbox key (sk_test_) reviews only files whose names contain one of ${SIX}.`,
    );
    expect(res.json.assets.map((a: { path: string }) => a.path)).toEqual([
      "mixed/ok__sandbox_pass__.txt",
    ]);
    expect(res.json.skipped).toEqual([
      expect.objectContaining({ path: "mixed/plain.txt", reason: "no-sandbox-marker" }),
    ]);
  });

  it.each([
    ["beside a folder", ["mixed", "clean/plain.txt"], "clean/plain.txt has"],
    [
      "two of them",
      ["clean/plain.txt", "mixed/plain.txt"],
      "clean/plain.txt, mixed/plain.txt have",
    ],
  ])(
    "sandbox: a file named explicitly without a marker (%s) is a usage error before any request",
    async (_name, argv, names) => {
      const before = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
      const res = await review(sandbox, ...argv);
      expect(res.code).toBe(2);
      expect(res.stderr).toBe(
        `content-review: ${names} no sandbox marker in the name, and a sandbox key (sk_test_) reviews only files whose names contain one of ${SIX}. Rename ${names.endsWith("has") ? "it" : "them"} to include a marker, leave ${names.endsWith("has") ? "it" : "them"} out, or use a live key. Nothing was uploaded or submitted.\n`,
      );
      expect(res.stdout).toBe("");
      const after = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
      expect(after).toEqual(before);
    },
  );

  it.each([
    ["with a file to review", ["empty.txt", "clean/plain.txt"], 0],
    ["alone", ["empty.txt"], 2],
  ])("a 0-byte file's message is printed once, %s", async (_what, argv, code) => {
    await writeFile(join(dir.path, "empty.txt"), "");
    const res = await review(live, ...argv);
    expect(res.code).toBe(code);
    expect(`${res.stdout}${res.stderr}`.match(/empty\.txt is empty/g)).toHaveLength(1);
  });

  it.each([["junit"], ["sarif"]])(
    "--json with --format %s (two reports for stdout) is refused, exit 2, before any upload",
    async (format) => {
      const before = await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger");
      const res = await review(live, "clean", "--json", "--format", format);
      expect(res.code).toBe(2);
      expect(res.stderr).toBe(
        `content-review: --json and --format ${format} both ask for the report on stdout: drop one, or add --output FILE for the ${format} report (the JSON then goes to stdout).\n`,
      );
      expect(await controlPlane(emu.baseUrl, "GET", "/_emulator/ledger")).toEqual(before);
    },
  );

  it("--json with --format junit and --output writes the junit report, and JSON to stdout", async () => {
    const res = await review(live, "clean", "--json", "--format", "junit", "--output", "r.xml");
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveProperty("status");
    expect(await readFile(join(dir.path, "r.xml"), "utf8")).toMatch(/^<\?xml/);
  });

  it("sandbox: a skipped found file is listed once by its path, which its reason does not repeat", async () => {
    const res = await review(sandbox, "mixed");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      "Skipped\n  mixed/plain.txt: no sandbox marker in its name; a sandbox key reviews only marked files.\n",
    );
  });

  it("sandbox: a folder without any marked file has nothing to review", async () => {
    const res = await review(sandbox, "clean");
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      "Nothing to review in the sandbox: 1 file has no sandbox marker in the name and was skipped: clean/plain.txt.",
    );
  });

  it("sandbox: Ctrl+C during the wait says the submission was not waited for, with no counts", async () => {
    const controller = new AbortController();
    const stdout = recordingStream();
    const stderr = recordingStream();
    // Interrupt once the wait is visibly under way, as a person pressing Ctrl+C would.
    const watch = {
      ...stderr,
      write(chunk: string) {
        if (chunk.includes("0/1 assets finished")) controller.abort(new Error("SIGINT"));
        return stderr.write(chunk);
      },
    };
    const code = await main(["review", "slow", ...FAST_POLL], {
      stdout,
      stderr: watch,
      env: sandbox,
      cwd: dir.path,
      signal: controller.signal,
    });
    expect(code).toBe(130);
    const id = /submitted 1 asset as ([0-9a-f-]{36})/.exec(stderr.text())?.[1];
    expect(id).toBeDefined();
    expect(stdout.text()).toContain(
      `Cancelled: submission ${id} was not waited for; it goes on running. Follow up with: content-review status ${id} --wait\n`,
    );
    expect(stdout.text()).not.toMatch(/Review failed|issues? \(/);
    // Said once, by the summary: no second "cancelled" line on stderr.
    expect(stderr.text()).not.toMatch(/cancel/i);
  });

  it("sandbox: --simulation-delay is passed through", async () => {
    const res = await review(sandbox, "sandbox-pass", "--simulation-delay", "0");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("sandbox");
  });
});
