import type { GithubApp } from "./github-model.ts";
import type { Reply } from "./github-operation.ts";
import { decodePathPart } from "./github-routes.ts";
import type { GithubState } from "./github-state.ts";
import { verifyAppJwt } from "./verify-app-jwt.ts";

/** How an operation is authenticated: an installation or Actions token, or a GitHub App's JWT. */
export type Credential = "token" | "app-jwt";

const APPS_DOCS = "https://docs.github.com/rest/apps/apps";

/** The App a request acts as, or the refusal GitHub answers. */
export type Authentication =
  | { readonly ok: true; readonly app: GithubApp }
  | { readonly ok: false; readonly reply: Reply };

function refuse(status: number, message: string, documentation?: string): Authentication {
  const body =
    documentation === undefined ? { message } : { message, documentation_url: documentation };
  return { ok: false, reply: { status, body } };
}

/**
 * Authenticates one request as GitHub does. An `app-jwt` operation takes a registered App's
 * JWT (see {@link verifyAppJwt}). Any other takes a token: while no App is registered, one that
 * `authenticate` knows; once one is, only an installation token the stand-in issued, before it
 * expires (401 otherwise), and on a repository of the installation's account (403 otherwise).
 */
export function authenticateRequest(
  state: GithubState,
  authenticate: (token: string) => GithubApp | undefined,
  request: {
    readonly credential: Credential;
    readonly token: string | undefined;
    readonly path: string;
  },
): Authentication {
  const { token } = request;
  if (request.credential === "app-jwt") {
    const nowSeconds = Math.floor(state.now().getTime() / 1000);
    const verdict = verifyAppJwt(token ?? "", (id) => state.apps.get(id)?.publicKey, nowSeconds);
    if (!verdict.ok) return refuse(401, verdict.message, APPS_DOCS);
    return { ok: true, app: state.apps.get(verdict.appId)!.app };
  }
  if (token === undefined) return refuse(401, "Requires authentication");
  if (state.apps.size === 0) {
    const app = authenticate(token);
    return app === undefined ? refuse(401, "Bad credentials") : { ok: true, app };
  }
  const issued = state.installationTokens.get(token);
  if (issued === undefined || issued.expiresAt <= state.now().getTime()) {
    return refuse(401, "Bad credentials", APPS_DOCS);
  }
  const owner = /^\/repos\/([^/]+)(?:\/|$)/.exec(request.path)?.[1];
  if (owner !== undefined && decodePathPart(owner)?.toLowerCase() !== issued.installation.account) {
    return refuse(403, "Resource not accessible by integration", APPS_DOCS);
  }
  return { ok: true, app: state.apps.get(issued.installation.appId)!.app };
}
