import { CHECK_OUTPUT_LIMIT, type CheckRun } from "./github-model.ts";
import {
  type GithubOperation,
  invalid,
  NOT_FOUND,
  type OperationContext,
  page,
} from "./github-operation.ts";
import { checkRunView } from "./github-views.ts";

interface CheckOutput {
  title?: string;
  summary?: string;
  text?: string;
  annotations?: Record<string, unknown>[];
}

/** GitHub's limits on a check run's output: 422 beyond them, and a recorded violation. */
function refuseOutput(ctx: OperationContext, output: CheckOutput | undefined): boolean {
  let refused = false;
  for (const field of ["summary", "text"] as const) {
    const text = output?.[field];
    if (typeof text === "string" && text.length > CHECK_OUTPUT_LIMIT) {
      ctx.state.violations.push(
        `${ctx.operationId}: output.${field} is ${text.length} characters, over GitHub's ${CHECK_OUTPUT_LIMIT}`,
      );
      refused = true;
    }
  }
  const annotations = output?.annotations?.length ?? 0;
  if (annotations > 50) {
    ctx.state.violations.push(`${ctx.operationId}: ${annotations} annotations in one request`);
    refused = true;
  }
  return refused;
}

const findRun = (ctx: OperationContext) =>
  ctx.state.checkRuns.find(
    (r) => r.id === Number(ctx.params["check_run_id"]) && r.repository === ctx.repository,
  );

const outputOf = (output: CheckOutput) => ({
  title: output.title,
  summary: output.summary,
  text: output.text,
});

/** Check runs: created, updated, read, listed for a ref, and their annotations. */
export const CHECK_RUN_OPERATIONS: Readonly<Record<string, GithubOperation>> = {
  "checks/create": (ctx) => {
    const { input, state } = ctx;
    const output = input["output"] as CheckOutput | undefined;
    if (refuseOutput(ctx, output)) return invalid();
    const now = state.now().toISOString();
    const run: CheckRun = {
      id: state.newId(),
      repository: ctx.repository,
      name: String(input["name"]),
      head_sha: String(input["head_sha"]),
      status: String(input["status"] ?? "queued"),
      conclusion: (input["conclusion"] as string | undefined) ?? null,
      started_at: (input["started_at"] as string | undefined) ?? now,
      completed_at: null,
      details_url: (input["details_url"] as string | undefined) ?? null,
      output: output ? outputOf(output) : null,
      annotations: [...(output?.annotations ?? [])],
      annotationBatches: output?.annotations ? [output.annotations.length] : [],
      app: ctx.app,
      created_at: now,
    };
    if (run.conclusion !== null) {
      run.status = "completed";
      run.completed_at = (input["completed_at"] as string | undefined) ?? now;
    }
    state.checkRuns.push(run);
    return { status: 201, body: checkRunView(run, ctx.baseUrl) };
  },
  "checks/update": (ctx) => {
    const { input } = ctx;
    const run = findRun(ctx);
    if (!run) return NOT_FOUND;
    const output = input["output"] as CheckOutput | undefined;
    if (refuseOutput(ctx, output)) return invalid();
    if (input["name"] !== undefined) run.name = String(input["name"]);
    if (input["status"] !== undefined) run.status = String(input["status"]);
    if (input["details_url"] !== undefined) run.details_url = String(input["details_url"]);
    if (input["conclusion"] !== undefined) {
      run.conclusion = String(input["conclusion"]);
      run.status = "completed";
      run.completed_at =
        (input["completed_at"] as string | undefined) ?? ctx.state.now().toISOString();
    }
    if (output) {
      run.output = outputOf(output);
      // Annotations add up over requests, as GitHub keeps them (50 per request at most).
      run.annotations.push(...(output.annotations ?? []));
      if (output.annotations) run.annotationBatches.push(output.annotations.length);
    }
    return { status: 200, body: checkRunView(run, ctx.baseUrl) };
  },
  "checks/get": (ctx) => {
    const run = findRun(ctx);
    return run ? { status: 200, body: checkRunView(run, ctx.baseUrl) } : NOT_FOUND;
  },
  "checks/list-annotations": (ctx) => {
    const run = findRun(ctx);
    if (!run) return NOT_FOUND;
    return page(
      ctx,
      run.annotations.map((a) => ({ blob_href: null, ...a })),
    );
  },
  // The check runs of a commit, newest first, filtered by `check_name`, `status` and `app_id`;
  // `filter=latest` (the default) keeps the newest of each name and App, so finding an earlier
  // run of the same name (incremental review) takes `all`.
  "checks/list-for-ref": (ctx) => {
    const query = ctx.url.searchParams;
    const name = query.get("check_name");
    const status = query.get("status");
    const appId = query.get("app_id");
    const ref = (ctx.params["ref"] ?? "").toLowerCase();
    let runs = ctx.state.checkRuns.filter(
      (r) =>
        r.repository === ctx.repository &&
        r.head_sha.toLowerCase() === ref &&
        (name === null || r.name === name) &&
        (status === null || r.status === status) &&
        (appId === null || r.app.id === Number(appId)),
    );
    if ((query.get("filter") ?? "latest") === "latest") {
      const newest = new Map<string, CheckRun>();
      for (const r of runs) {
        const key = `${r.app.id}\u0000${r.name}`;
        if ((newest.get(key)?.id ?? -1) < r.id) newest.set(key, r);
      }
      runs = runs.filter((r) => newest.get(`${r.app.id}\u0000${r.name}`) === r);
    }
    return page(
      ctx,
      [...runs].reverse().map((r) => checkRunView(r, ctx.baseUrl)),
      (items) => ({ total_count: runs.length, check_runs: items }),
    );
  },
};
