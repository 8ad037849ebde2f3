import { randomBytes } from "node:crypto";
import type { Installation, RegisteredApp } from "./github-model.ts";
import { type GithubOperation, NOT_FOUND, type OperationContext } from "./github-operation.ts";

/** What an installation token may do, as the relay's App is configured (docs/relay.md). */
const PERMISSIONS = Object.freeze({ statuses: "write", metadata: "read" });

/** The registered App whose JWT authenticated the request (see authenticateRequest). */
function appOf(ctx: OperationContext): RegisteredApp | undefined {
  return ctx.state.apps.get(String(ctx.app.id));
}

/** The App's installation on `owner`, made on first lookup; undefined where it is not installed. */
function installationFor(
  ctx: OperationContext,
  app: RegisteredApp,
  owner: string,
): Installation | undefined {
  const { installations } = ctx.state;
  const account = owner.toLowerCase();
  if (app.owners !== null && !app.owners.has(account)) return undefined;
  for (const i of installations.values()) {
    if (i.appId === app.appId && i.account === account) return i;
  }
  const created: Installation = {
    id: installations.size + 1,
    appId: app.appId,
    account,
    tokensIssued: 0,
  };
  installations.set(created.id, created);
  return created;
}

/**
 * GitHub App authentication, for rehearsing the relay as an App: both operations take the
 * App's JWT (their routes say `credential: "app-jwt"`), and the tokens they issue are what the
 * repository operations then accept (see authenticateRequest).
 */
export const APP_INSTALLATION_OPERATIONS: Readonly<Record<string, GithubOperation>> = {
  /** `GET /repos/{owner}/{repo}/installation` */
  "apps/get-repo-installation": (ctx) => {
    const app = appOf(ctx);
    const owner = ctx.params["owner"] ?? "";
    const installation = app === undefined ? undefined : installationFor(ctx, app, owner);
    if (app === undefined || installation === undefined) return NOT_FOUND;
    return {
      status: 200,
      body: {
        id: installation.id,
        app_id: Number(app.appId),
        account: { login: owner, type: "Organization" },
        target_type: "Organization",
        repository_selection: "all",
        permissions: PERMISSIONS,
        access_tokens_url: `${ctx.baseUrl}/app/installations/${installation.id}/access_tokens`,
      },
    };
  },

  /** `POST /app/installations/{installation_id}/access_tokens` */
  "apps/create-installation-access-token": (ctx) => {
    const app = appOf(ctx);
    const installation = ctx.state.installations.get(Number(ctx.params["installation_id"]));
    if (app === undefined || installation === undefined || installation.appId !== app.appId) {
      return NOT_FOUND;
    }
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    const expiresAt = (Math.floor(ctx.state.now().getTime() / 1000) + app.tokenTtlSeconds) * 1000;
    ctx.state.installationTokens.set(token, { installation, expiresAt });
    installation.tokensIssued += 1;
    return {
      status: 201,
      body: {
        token,
        expires_at: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
        permissions: PERMISSIONS,
        repository_selection: "all",
      },
    };
  },
};
