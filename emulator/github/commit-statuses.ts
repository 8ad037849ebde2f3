import type { CommitStatus } from "./github-model.ts";
import { type GithubOperation, invalid, page } from "./github-operation.ts";
import { statusView } from "./github-views.ts";

const SHA = /^[0-9a-f]{7,40}$/i;

/** `POST /repos/{owner}/{repo}/statuses/{sha}` and `GET …/commits/{ref}/statuses`. */
export const COMMIT_STATUS_OPERATIONS: Readonly<Record<string, GithubOperation>> = {
  "repos/create-commit-status": (ctx) => {
    const { state, input } = ctx;
    state.statusCalls += 1;
    const call = state.statusCalls;
    if (ctx.faults.fail?.(call) === true) return { status: 500, body: { message: "Server Error" } };
    if (!SHA.test(ctx.params["sha"] ?? ""))
      return invalid([
        {
          resource: "Status",
          code: "custom",
          message: `No commit found for SHA: ${ctx.params["sha"]}`,
        },
      ]);
    const status: CommitStatus = {
      id: state.newId(),
      repository: ctx.repository,
      sha: ctx.params["sha"]!.toLowerCase(),
      state: String(input["state"]),
      description: (input["description"] as string | null | undefined) ?? undefined,
      context: (input["context"] as string | undefined) ?? "default",
      target_url: (input["target_url"] as string | null | undefined) ?? undefined,
      created_at: state.now().toISOString(),
    };
    state.statuses.push(status);
    const stalled = ctx.faults.stallStatus?.(call) ?? null;
    return {
      status: 201,
      body: statusView(status, ctx.baseUrl),
      ...(stalled === null ? {} : { delayMs: stalled }),
    };
  },
  "repos/list-commit-statuses-for-ref": (ctx) => {
    // Newest first, as GitHub lists them; `ref` here is always a sha.
    const ref = (ctx.params["ref"] ?? "").toLowerCase();
    const listed = ctx.state.statuses
      .filter((s) => s.repository === ctx.repository && s.sha === ref)
      .reverse()
      .map((s) => statusView(s, ctx.baseUrl));
    return page(ctx, listed);
  },
};
