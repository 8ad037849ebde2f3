/**
 * The CLI page's walkthroughs (`docs/cli.md`), run literally with bash against the emulator (issue 6, "Done
 * when"): set up a webhook subscription for the real relay, review a folder from a non-GitHub
 * CI (the shell lines and the GitLab job), and produce the insights report. Only the
 * placeholders are replaced: the service address, the keys and the relay's public address.
 */
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { type RelayHandle, resolveRelayConfig, startRelay } from "../../relay/index.ts";
import {
  blocksUnder as blocksUnderHeading,
  folderInClone,
  freePort,
  gitStatus,
  bash as runBash,
  runProcess,
  type ShellRun,
} from "../helpers/docs-shell.ts";
import { tempDir } from "./cli-harness.ts";

const CLI_DOC = fileURLToPath(new URL("../../docs/cli.md", import.meta.url));
// What an install puts on PATH: the package's bin, which runs the bundled CLI (dist/cli).
const BIN = fileURLToPath(new URL("../../bin/content-review.js", import.meta.url));
const EMULATOR_BIN = fileURLToPath(new URL("../../emulator/bin.ts", import.meta.url));
const RELAY_PUBLIC_URL = "https://relay.example.com/webhooks/content-review";

/** The CLI page. */
async function cliSection(): Promise<string> {
  return readFile(CLI_DOC, "utf8");
}

function blocksUnder(section: string, heading: string, lang: string): string[] {
  return blocksUnderHeading(section, heading, lang);
}

function bash(script: string, env: Record<string, string>, cwd: string): Promise<ShellRun> {
  return runBash(script, { cwd, env, inheritEnv: false });
}

/**
 * Runs `script` as `bash file.sh` runs it: no `-e` or `pipefail` but the script's own, so that a
 * walkthrough has to stop itself. A hang ends in SIGKILL to its process group.
 */
function bashAsWritten(
  script: string,
  env: Record<string, string>,
  cwd: string,
): Promise<ShellRun> {
  // A guard against a hang (a loaded machine takes its time), not a check of speed.
  return runProcess("bash", ["-c", script], { cwd, env, inheritEnv: false, timeoutMs: 120_000 });
}

describe("docs/cli.md: the walkthroughs run as written", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let section: string;
  let relay: RelayHandle | undefined;
  // A `content-review` on PATH that runs this checkout's CLI, as the install step would.
  const env = (extra: Record<string, string> = {}) => ({
    PATH: `${join(dir.path, "bin")}:${process.env.PATH ?? ""}`,
    HOME: dir.path,
    // The run's cache of compiled code (test/setup/node-compile-cache.ts): the CLI, emulator and
    // relay skip most of their compile work, which changes nothing they do.
    ...(process.env.NODE_COMPILE_CACHE
      ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
      : {}),
    ...extra,
  });
  // What the reader exports before the walkthroughs ("Configure").
  const configured = (extra: Record<string, string> = {}) =>
    env({
      CONTENT_REVIEW_BASE_URL: emu.baseUrl,
      CONTENT_REVIEW_API_KEY: emu.liveKey,
      CONTENT_REVIEW_SIDEKICKS: "brand-safety",
      ...extra,
    });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0, allowInsecureWebhooks: true });
    dir = await tempDir();
    section = await cliSection();
    await mkdir(join(dir.path, "bin"));
    await writeFile(
      join(dir.path, "bin", "content-review"),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
    );
    await chmod(join(dir.path, "bin", "content-review"), 0o755);
    const media: Record<string, string> = {
      "media/claims.txt": "Clinically proven and guaranteed. Act now!\n",
      "media/copy/notes.txt": "A calm description of a product.\n",
    };
    for (const [name, text] of Object.entries(media)) {
      await mkdir(join(dir.path, name, ".."), { recursive: true });
      await writeFile(join(dir.path, name), text);
    }
  });
  afterAll(async () => {
    await relay?.close();
    await emu.close();
    await dir.remove();
  });

  /** The emulator rehearsal as written, its emulator on `port`; stops the emulator after it. */
  function emulatorRehearsal(port: number): string {
    const [block] = blocksUnder(section, "Rehearse offline with the emulator", "sh");
    const started = block!
      .replaceAll("npm run -s emulator --", `"${process.execPath}" "${EMULATOR_BIN}"`)
      .replaceAll("4010", String(port));
    return `${started}\nstatus=$?\nkill $EMULATOR_PID 2>/dev/null; wait\nexit $status\n`;
  }

  it("Rehearse offline with the emulator: the review runs and gates on its findings, and git sees nothing to commit", async () => {
    // A folder of the clone with its ignore rules: what the rehearsal writes must be ignored.
    const clone = await folderInClone({ git: true });
    try {
      const res = await bashAsWritten(emulatorRehearsal(await freePort()), env(), clone.path);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(res.code).toBe(1);
      expect(res.stdout).toMatch(/^Review failed: 1 issue at or above critical \(marked !\)\.$/m);
      expect(await gitStatus(clone.path)).toBe("");
    } finally {
      await clone.remove();
    }
  });

  it("Rehearse offline with the emulator: on a taken port it says so at once, and the review stops on the missing key", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      // An earlier run's log, as a second run finds it: it must not read as this run's start.
      await writeFile(join(dir.path, "emulator.log"), '{"liveKey": "sk_live_of_an_earlier_run"}\n');
      const started = Date.now();
      const res = await bashAsWritten(emulatorRehearsal(port), env(), dir.path);
      // Not the 30 s bound: the wait ends when the emulator exits. A wait that ran out its 300
      // sleeps of 0.1 s takes 30 s at least, however loaded the machine.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(res.stderr).toContain("The emulator did not start (see its message above).");
      expect(res.stderr).toContain("content-review: The API key is missing.");
      expect(res.code).toBe(2);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("Set up a webhook subscription for the relay, run a second time: it stops at step 1, and nothing after it runs", async () => {
    const [block] = blocksUnder(section, "Set up a webhook subscription for the relay", "sh");
    const again = join(dir.path, "again");
    await mkdir(again);
    // What the first run left: the secret file.
    await writeFile(join(again, "relay-secret.txt"), "whsec_first-run\n", { mode: 0o600 });
    const script = block!
      .replaceAll(RELAY_PUBLIC_URL, "http://127.0.0.1:9/webhooks/content-review")
      .replaceAll("sk_test_...", emu.sandboxKey);
    const res = await bashAsWritten(script, configured(), again);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("Cannot write relay-secret.txt: it already exists");
    // What to do about the subscription the first run created (following "remove the file"
    // alone made a second one, and left the first without its secret).
    expect(res.stderr).toContain("content-review webhooks list");
    expect(res.stderr).toContain(
      "delete it (content-review webhooks delete ID) and remove relay-secret.txt first",
    );
    expect(res.stdout).not.toMatch(/Dispatched/);
    expect(res.stderr.match(/content-review: /g)).toHaveLength(1);
    expect(await readFile(join(again, "relay-secret.txt"), "utf8")).toBe("whsec_first-run\n");
  });

  it("Set up a webhook subscription for the relay: the relay verifies a test event and answers 200", async () => {
    const [block] = blocksUnder(section, "Set up a webhook subscription for the relay", "sh");
    const port = await freePort();
    const script = block!
      .replaceAll(RELAY_PUBLIC_URL, `http://127.0.0.1:${port}/webhooks/content-review`)
      .replaceAll("sk_test_...", emu.sandboxKey);
    // Step 1 creates the subscription and its secret; the relay starts with that secret
    // (step 2 says to restart it); steps 2 and 3 then run in the same shell variables.
    const at = script.indexOf("# 2.");
    expect(at).toBeGreaterThan(0);
    const step1 = await bash(
      `${script.slice(0, at)}\nprintf '%s' "$SUBSCRIPTION_ID" > subscription-id.txt`,
      configured(),
      dir.path,
    );
    expect(step1.stderr).toBe("");
    expect(step1.code).toBe(0);
    const secretFile = join(dir.path, "relay-secret.txt");
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    const secret = (await readFile(secretFile, "utf8")).trim();
    expect(secret).toMatch(/^whsec_/);
    const subscriptionId = await readFile(join(dir.path, "subscription-id.txt"), "utf8");
    expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/);

    relay = await startRelay(
      resolveRelayConfig({
        PORT: String(port),
        HOST: "127.0.0.1",
        WEBHOOK_SECRETS: secret,
        RELAY_TOKEN: "walkthrough-relay-token",
        STORE_URL: `sqlite:${join(dir.path, "relay.db")}`,
        LOG_LEVEL: "silent",
      }),
    );
    const rest = `SUBSCRIPTION_ID=$(cat subscription-id.txt)\n${script.slice(at)}`;
    const steps = await bash(rest, configured(), dir.path);
    expect(steps.stderr).not.toMatch(/content-review: /);
    expect(steps.code).toBe(0);
    expect(steps.stdout).toMatch(/^Dispatched \d+ events? \(asset\.processing\.completed\)\.$/m);

    // Deliveries go out in the background: as the page says, run the last line again until
    // the attempt shows (a bounded poll).
    const last = script.trimEnd().split("\n").at(-1)!;
    expect(last).toMatch(/^content-review webhooks deliveries /);
    let shown = steps.stdout;
    for (let i = 0; i < 50 && !/succeeded\s+200/.test(shown); i++) {
      shown = (await bash(`SUBSCRIPTION_ID=${subscriptionId}\n${last}`, configured(), dir.path))
        .stdout;
    }
    expect(shown).toMatch(/asset\.processing\.completed\s+[0-9a-f-]{36}\s+1\s+succeeded\s+200/);
    // The relay took it: verified with the secret from the file, journaled.
    const deliveries = await fetch(`${relay.url}/deliveries`, {
      headers: { authorization: "Bearer walkthrough-relay-token" },
    }).then((r) => r.json());
    expect(JSON.stringify(deliveries)).toContain("asset.processing.completed");
  });

  it("Review a folder from a non-GitHub CI: the shell lines and the GitLab job gate and write JUnit", async () => {
    const [shell, gitlab] = [
      blocksUnder(section, "Review a folder from a non-GitHub CI", "sh")[0]!,
      blocksUnder(section, "Review a folder from a non-GitHub CI", "yaml")[0]!,
    ];
    const script = shell
      .replace(/CONTENT_REVIEW_API_KEY=\S+/, `CONTENT_REVIEW_API_KEY=${emu.liveKey}`)
      .replaceAll("https://review.example.com", emu.baseUrl);
    const res = await bash(script, env(), dir.path);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/Review failed: 2 issues at or above major \(marked !\)/);
    expect(res.stdout).toContain("Wrote the junit report to content-review.xml.");
    expect(await readFile(join(dir.path, "content-review.xml"), "utf8")).toMatch(
      /<testsuites name="content-review" tests="2" failures="1"/,
    );

    // The GitLab job: its script lines (the install step is the PATH shim), then its artifact.
    const job = parse(gitlab)["content-review"];
    const lines = (job.script as string[]).filter((line) => !line.includes("npm install"));
    const { rm } = await import("node:fs/promises");
    await rm(join(dir.path, "content-review.xml"));
    const ci = await bash(lines.join("\n"), configured(), dir.path);
    expect(ci.code).toBe(1);
    const report = job.artifacts.reports.junit as string;
    expect(await readFile(join(dir.path, report), "utf8")).toMatch(/<testsuites /);
  });

  it("Produce the insights report: markdown with mermaid, an offline html page, the job summary", async () => {
    const [block] = blocksUnder(section, "Produce the insights report", "sh");
    const summary = join(dir.path, "step-summary.md");
    const res = await bash(block!, configured({ GITHUB_STEP_SUMMARY: summary }), dir.path);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const markdown = await readFile(join(dir.path, "report.md"), "utf8");
    expect(markdown).toContain("## Content review insights: last 7 days");
    expect(markdown.match(/```mermaid/g)).toHaveLength(3);
    expect(markdown).toContain("`CLAIM_CLINICAL`");
    const html = await readFile(join(dir.path, "insights.html"), "utf8");
    expect(html.match(/<svg class="chart"/g)).toHaveLength(3);
    expect(html).not.toMatch(/<(script|link|img)\b/);
    expect(await readFile(summary, "utf8")).toMatch(/^## Content review insights: last 7 days/);
  });
});
