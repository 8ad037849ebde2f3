import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import type { z } from "zod";
import type { registerAppBody } from "./github-schemas.ts";
import type { GithubState } from "./github-state.ts";

/** GitHub gives installation tokens an hour. */
const TOKEN_TTL_SECONDS = 3600;

/**
 * Registers a GitHub App with the stand-in: its public key (or a key pair made here, whose
 * private key is returned this once), the accounts it is installed on (every account when
 * absent) and the lifetime of its installation tokens. Throws when `publicKey` is not an RSA
 * public key in PEM.
 */
export function registerApp(
  state: GithubState,
  input: z.output<typeof registerAppBody>,
): { appId: string; privateKey?: string } {
  let publicKey: KeyObject;
  let privateKey: string | undefined;
  if (input.publicKey !== undefined) {
    try {
      publicKey = createPublicKey(input.publicKey);
    } catch (error) {
      throw new Error("publicKey must be an RSA public key in PEM", { cause: error });
    }
  } else {
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    publicKey = pair.publicKey;
    privateKey = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  }
  const appId = String(100_000 + state.apps.size + 1);
  state.apps.set(appId, {
    appId,
    app: { id: Number(appId), slug: `emulated-app-${appId}`, name: `Emulated App ${appId}` },
    publicKey,
    owners: input.owners === undefined ? null : new Set(input.owners.map((o) => o.toLowerCase())),
    tokenTtlSeconds: input.tokenTtlSeconds ?? TOKEN_TTL_SECONDS,
  });
  return { appId, ...(privateKey === undefined ? {} : { privateKey }) };
}
