import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { z } from "zod";
import { GITHUB_API_PATH } from "./github-router.ts";
import { verifyAppJwt } from "./verify-app-jwt.ts";

const DOCS = "https://docs.github.com/rest/apps/apps";

interface App {
  readonly appId: string;
  readonly publicKey: KeyObject;
  /** Lower-case accounts the App is installed on; null: every account. */
  readonly owners: ReadonlySet<string> | null;
  readonly tokenTtlSeconds: number;
}

interface Installation {
  readonly id: number;
  readonly appId: string;
  readonly account: string;
  tokensIssued: number;
}

interface IssuedToken {
  readonly installation: Installation;
  readonly expiresAt: number;
}

const registerAppBody = z.object({
  /** An App's public key in PEM; without it the emulator makes a key pair and answers the private key. */
  publicKey: z.string().min(1).optional(),
  /** The accounts (owners) it is installed on; every account when absent. */
  owners: z.array(z.string().min(1)).min(1).optional(),
  /** Lifetime of installation tokens (GitHub: one hour). */
  tokenTtlSeconds: z.number().int().min(1).max(86_400).optional(),
});

function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ message, documentation_url: DOCS });
}

/** The credential after `token ` or `bearer `, or null. */
function credential(req: Request): string | null {
  return /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? null;
}

/**
 * GitHub App authentication in the emulator's GitHub, for rehearsing the relay as an App:
 * `POST /_emulator/github/apps` registers an App (its public key, or a key pair the emulator
 * makes and whose private key it answers once), `GET /repos/{owner}/{repo}/installation` and
 * `POST /app/installations/{id}/access_tokens` take the App's JWT (RS256, verified against its
 * key), and the repository routes then take the installation's token until it expires. Once
 * an App is registered, a token the emulator did not issue is refused (401), as GitHub
 * refuses an unknown one; before, any token is accepted as ever.
 */
export function appInstallationsRouter(now: () => Date): Router {
  const router = Router();
  const apps = new Map<string, App>();
  const installations = new Map<number, Installation>();
  const tokens = new Map<string, IssuedToken>();
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const json = express.json({ limit: "64kb" });

  function installationFor(app: App, owner: string): Installation | undefined {
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

  /** The App of a request's JWT, or undefined after answering 401. */
  function appOf(req: Request, res: Response): App | undefined {
    const verdict = verifyAppJwt(
      credential(req) ?? "",
      (id) => apps.get(id)?.publicKey,
      nowSeconds(),
    );
    if (!verdict.ok) {
      refuse(res, 401, verdict.message);
      return undefined;
    }
    return apps.get(verdict.appId);
  }

  router.post(`${GITHUB_API_PATH}/apps`, json, (req, res) => {
    const parsed = registerAppBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      const problem = parsed.error.issues[0];
      refuse(res, 422, `${problem?.path.join(".") || "body"}: ${problem?.message}`);
      return;
    }
    let publicKey: KeyObject;
    let privateKey: string | undefined;
    try {
      if (parsed.data.publicKey !== undefined) {
        publicKey = createPublicKey(parsed.data.publicKey);
      } else {
        const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
        publicKey = pair.publicKey;
        privateKey = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
      }
    } catch {
      refuse(res, 422, "publicKey must be an RSA public key in PEM");
      return;
    }
    const appId = String(100_000 + apps.size + 1);
    const owners = parsed.data.owners;
    apps.set(appId, {
      appId,
      publicKey,
      owners: owners === undefined ? null : new Set(owners.map((o) => o.toLowerCase())),
      tokenTtlSeconds: parsed.data.tokenTtlSeconds ?? 3600,
    });
    res.status(201).json({ appId, ...(privateKey === undefined ? {} : { privateKey }) });
  });

  // A view for rehearsals and tests: installations and how many tokens each was given.
  router.get(`${GITHUB_API_PATH}/apps`, (_req, res) => {
    res.json(
      [...apps.values()].map((app) => ({
        appId: app.appId,
        installations: [...installations.values()]
          .filter((i) => i.appId === app.appId)
          .map((i) => ({ id: i.id, account: i.account, tokensIssued: i.tokensIssued })),
      })),
    );
  });

  router.get(`${GITHUB_API_PATH}/repos/:owner/:repo/installation`, (req, res) => {
    const app = appOf(req, res);
    if (app === undefined) return;
    const installation = installationFor(app, String(req.params.owner));
    if (installation === undefined) {
      refuse(res, 404, "Not Found");
      return;
    }
    const base = `${req.protocol}://${req.headers.host}${GITHUB_API_PATH}`;
    res.json({
      id: installation.id,
      app_id: Number(app.appId),
      account: { login: req.params.owner, type: "Organization" },
      target_type: "Organization",
      repository_selection: "all",
      permissions: { statuses: "write", metadata: "read" },
      access_tokens_url: `${base}/app/installations/${installation.id}/access_tokens`,
    });
  });

  router.post(`${GITHUB_API_PATH}/app/installations/:id/access_tokens`, json, (req, res) => {
    const app = appOf(req, res);
    if (app === undefined) return;
    const installation = installations.get(Number(req.params.id));
    if (installation === undefined || installation.appId !== app.appId) {
      refuse(res, 404, "Not Found");
      return;
    }
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    const expiresAt = (nowSeconds() + app.tokenTtlSeconds) * 1000;
    tokens.set(token, { installation, expiresAt });
    installation.tokensIssued += 1;
    res.status(201).json({
      token,
      expires_at: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
      permissions: { statuses: "write", metadata: "read" },
      repository_selection: "all",
    });
  });

  // Repository routes in App mode: only a live token of an installation on the owner.
  router.use(
    `${GITHUB_API_PATH}/repos/:owner/:repo`,
    (req: Request, res: Response, next: NextFunction) => {
      if (apps.size === 0) return next();
      const issued = tokens.get(credential(req) ?? "");
      if (issued === undefined || issued.expiresAt <= now().getTime()) {
        refuse(res, 401, "Bad credentials");
        return;
      }
      if (issued.installation.account !== String(req.params.owner).toLowerCase()) {
        refuse(res, 403, "Resource not accessible by integration");
        return;
      }
      next();
    },
  );
  return router;
}
