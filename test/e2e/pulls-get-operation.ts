import { NOT_FOUND } from "../../emulator/github/github-operation.ts";
import { pullView } from "../../emulator/github/github-views.ts";
import type { ExtraOperation } from "../../emulator/github/index.ts";

/**
 * `GET /repos/{owner}/{repo}/pulls/{pull_number}` from the stand-in's pull requests: the Action
 * reads a merge queue entry's pull request (its head) with it. Mounted as an extra operation
 * until the stand-in answers it itself.
 */
export const PULLS_GET: ExtraOperation = {
  method: "GET",
  template: "/repos/{owner}/{repo}/pulls/{pull_number}",
  operationId: "pulls/get",
  handle: (ctx) => {
    if (ctx.app === undefined) return { status: 401, body: { message: "Bad credentials" } };
    const pr = ctx.state.pullRequests.get(Number(ctx.params["pull_number"]));
    return pr === undefined ? NOT_FOUND : { status: 200, body: pullView(pr, ctx.repository) };
  },
};
