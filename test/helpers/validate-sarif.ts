import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
/**
 * Microsoft's SARIF Multitool for Linux, from the npm registry: the validator that GitHub's docs
 * point to for "GitHub ingestion rules", and the SARIF 2.1.0 JSON schema it ships.
 */
const MULTITOOL_DIR = dirname(require.resolve("@microsoft/sarif-multitool-linux/package.json"));

let compiled: ReturnType<Ajv2020["compile"]> | undefined;

/** Schema errors of `sarif` against the SARIF 2.1.0 JSON schema (formats checked); empty when valid. */
export async function sarifSchemaErrors(sarif: unknown): Promise<string[]> {
  if (compiled === undefined) {
    const schema = JSON.parse(await readFile(join(MULTITOOL_DIR, "sarif-2.1.0.json"), "utf8"));
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    compiled = ajv.compile(schema);
  }
  if (compiled(sarif)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}

/** One finding of the Multitool's `validate`. */
export interface SarifFinding {
  readonly ruleId: string;
  readonly level: string;
  readonly message: string;
  /** JSON path in the validated log, e.g. `runs[0].results[1].locations[0]`. */
  readonly path: string;
}

// SARIF2006 fetches every URI in the log; tests reach nothing outside loopback.
const CONFIG = `<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" />
  </Properties>
</Properties>
`;

/**
 * Runs the Multitool's `validate` with GitHub's rules (GH…) and SARIF's own (SARIF…) over each
 * log of `logs`, in one run of the tool (its start is most of its cost), and returns each log's
 * errors and warnings (notes are advice such as "use message ids"), in the order of `logs`.
 */
export async function multitoolFindings(logs: readonly unknown[]): Promise<SarifFinding[][]> {
  const dir = await mkdtemp(join(tmpdir(), "sarif-validate-"));
  try {
    const files = logs.map((_, i) => join(dir, `log-${i}.sarif`));
    for (const [i, log] of logs.entries()) await writeFile(files[i]!, JSON.stringify(log, null, 2));
    await writeFile(join(dir, "config.xml"), CONFIG);
    await promisify(execFile)(
      join(MULTITOOL_DIR, "Sarif.Multitool"),
      [
        "validate",
        "--config",
        join(dir, "config.xml"),
        "--rule-kind",
        "Ghas;Sarif",
        "--level",
        "Error;Warning",
        "--output",
        join(dir, "findings.sarif"),
        ...files,
      ],
      { env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: "1" } },
    );
    const report = JSON.parse(await readFile(join(dir, "findings.sarif"), "utf8"));
    const run = report.runs[0];
    const rules: { id: string; messageStrings?: Record<string, { text: string }> }[] =
      run.tool.driver.rules ?? [];
    const found: SarifFinding[][] = logs.map(() => []);
    for (const r of (run.results ?? []) as MultitoolResult[]) {
      // Each finding names the file it is about: the log of that index.
      const uri = r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? "";
      const index = files.findIndex((file) => uri === pathToFileURL(file).href);
      if (index < 0) throw new Error(`a Multitool finding about no validated log: ${uri}`);
      const template =
        r.message.text ??
        rules.find((rule) => rule.id === r.ruleId)?.messageStrings?.[r.message.id ?? ""]?.text ??
        "";
      const args = r.message.arguments ?? [];
      found[index]!.push({
        ruleId: r.ruleId,
        level: r.level ?? "warning",
        message: template.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? ""),
        path: args[0] ?? "",
      });
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A result of the Multitool's own SARIF log. */
interface MultitoolResult {
  ruleId: string;
  level?: string;
  message: { id?: string; text?: string; arguments?: string[] };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
}
