import { createAppAuth } from "@octokit/auth-app";
import type { GithubOctokit } from "../../src/shared/create-octokit.ts";
import { httpStatusOf } from "../../src/shared/http-status-of.ts";
import { raceSignal } from "./race-signal.ts";

/** Installation tokens as a GitHub App: one per installation, found per repository. */
export interface GithubAppAuth {
  /** The `token …` authorization for calls on `owner/repo`, from a cached or new token. */
  authorization(repository: string, signal: AbortSignal): Promise<string>;
  /** Forgets the repository's installation and token (after GitHub refused them). */
  forget(repository: string): void;
}

export interface GithubAppAuthOptions {
  readonly appId: string;
  /** PEM. */
  readonly privateKey: string;
  /** An Octokit without credentials, on the right base URL: the App's calls go through it. */
  readonly octokit: GithubOctokit;
  /** @default Date.now */
  readonly now?: () => number;
}

/**
 * A token is renewed this long before its `expires_at` (GitHub gives an hour), so that no
 * request goes out with a token that expires on the way.
 */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;

const SILENT = { warn: () => undefined };

/** Answers to a token request that mean "no such installation (any more)": look it up again. */
const STALE_INSTALLATION: readonly number[] = Object.freeze([401, 404]);

/**
 * Authenticates as a GitHub App through `@octokit/auth-app`: a JWT signed with the App's key
 * (RS256, `iss` the App id, within GitHub's 10-minute window) finds the installation of a
 * repository (`GET /repos/{owner}/{repo}/installation`) and creates its token
 * (`POST /app/installations/{id}/access_tokens`). Tokens are cached per installation and
 * renewed {@link REFRESH_BEFORE_EXPIRY_MS} before they expire.
 */
export function createGithubAppAuth(options: GithubAppAuthOptions): GithubAppAuth {
  const now = options.now ?? Date.now;
  const auth = createAppAuth({
    appId: options.appId,
    privateKey: options.privateKey,
    request: options.octokit.request,
    log: SILENT,
  });
  const installations = new Map<string, number>();
  const tokens = new Map<number, { token: string; expiresAt: number }>();

  async function installationOf(repository: string, signal: AbortSignal): Promise<number> {
    const key = repository.toLowerCase();
    const known = installations.get(key);
    if (known !== undefined) return known;
    const [owner, repo] = repository.split("/") as [string, string];
    const { token: jwt } = await auth({ type: "app" });
    const { data } = await options.octokit.request("GET /repos/{owner}/{repo}/installation", {
      owner,
      repo,
      headers: { authorization: `bearer ${jwt}` },
      request: { signal },
    });
    installations.set(key, data.id);
    return data.id;
  }

  async function tokenOf(id: number, signal: AbortSignal): Promise<string> {
    const cached = tokens.get(id);
    if (cached !== undefined && cached.expiresAt - now() > REFRESH_BEFORE_EXPIRY_MS) {
      return cached.token;
    }
    // `refresh`: the library's own cache keeps tokens 59 minutes, whatever their expiry.
    const fresh = await raceSignal(
      auth({ type: "installation", installationId: id, refresh: true }),
      signal,
    );
    tokens.set(id, { token: fresh.token, expiresAt: Date.parse(fresh.expiresAt) });
    return fresh.token;
  }

  function forget(repository: string): void {
    const id = installations.get(repository.toLowerCase());
    installations.delete(repository.toLowerCase());
    if (id !== undefined) tokens.delete(id);
  }

  return {
    async authorization(repository, signal) {
      const cached = installations.has(repository.toLowerCase());
      const id = await installationOf(repository, signal);
      try {
        return `token ${await tokenOf(id, signal)}`;
      } catch (error) {
        // A reinstalled App has a new installation id: the cached one's tokens answer 404 (or
        // 401). Look the installation up again, once, within this attempt.
        if (!cached || !STALE_INSTALLATION.includes(httpStatusOf(error) ?? 0)) throw error;
        forget(repository);
        return `token ${await tokenOf(await installationOf(repository, signal), signal)}`;
      }
    },
    forget,
  };
}
