import type { IncomingHttpHeaders } from "node:http";
import type { GithubApp } from "./github-model.ts";
import type { GithubState } from "./github-state.ts";

/** Behaviour of a stand-in's commit statuses that tests switch per instance. */
export interface StatusFaults {
  /** Return 500 for this call (1-based count of status calls) instead of recording it. */
  readonly fail?: (callNumber: number) => boolean;
  /**
   * Hold back the answer of this status call (1-based) for so many ms after recording it, as
   * when GitHub sets a status but the answer does not come back in time; null answers at once.
   */
  readonly stallStatus?: (callNumber: number) => number | null;
}

/** One request to an operation, parsed: what a handler reads. */
export interface OperationContext {
  readonly state: GithubState;
  readonly operationId: string;
  /** Path parameters by the names of GitHub's path templates (`owner`, `pull_number`, …). */
  readonly params: Readonly<Record<string, string>>;
  /** The request URL relative to the API root (its path is what GitHub's templates match). */
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  /** The JSON body (an empty object without one). */
  readonly input: Record<string, unknown>;
  /** `owner/repo` of the path. */
  readonly repository: string;
  /** The App the request acts as: the token's, or the one whose JWT it carries. */
  readonly app: GithubApp;
  /** The bearer or `token` credential as sent. */
  readonly token: string | undefined;
  /** The API root as callers reach it (`GITHUB_API_URL`). */
  readonly baseUrl: string;
  readonly faults: StatusFaults;
}

/** An answer: JSON `body`, or `raw` bytes; `delayMs` holds it back after the work is done. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly raw?: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  readonly delayMs?: number;
}

/** A GitHub REST operation as the stand-in implements it. */
export type GithubOperation = (ctx: OperationContext) => Reply | Promise<Reply>;

export const NOT_FOUND: Reply = Object.freeze({ status: 404, body: { message: "Not Found" } });

/** GitHub's 422 for a body or a limit it refuses. */
export function invalid(errors: unknown[] = []): Reply {
  return { status: 422, body: { message: "Validation Failed", errors } };
}

/**
 * One page of `items` (`per_page` default 30, at most 100; `page` from 1) with a Link header, as
 * GitHub paginates; `wrap` puts the page in the body of endpoints that answer an object.
 */
export function page(
  ctx: OperationContext,
  items: readonly unknown[],
  wrap: (page: unknown[]) => unknown = (p) => p,
): Reply {
  const perPage = Math.min(100, Math.max(1, Number(ctx.url.searchParams.get("per_page") ?? 30)));
  const current = Math.max(1, Number(ctx.url.searchParams.get("page") ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const next = new URL(`${ctx.baseUrl}${ctx.url.pathname}${ctx.url.search}`);
    next.searchParams.set("page", String(n));
    return `<${next.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (current < last) links.push(link(current + 1, "next"), link(last, "last"));
  if (current > 1) links.push(link(1, "first"), link(current - 1, "prev"));
  return {
    status: 200,
    body: wrap(items.slice((current - 1) * perPage, current * perPage)),
    headers: links.length > 0 ? { link: links.join(", ") } : {},
  };
}
