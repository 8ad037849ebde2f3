// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import type { KeyKind } from "../state/emulator-state.ts";
import { hashKey } from "../state/ids.ts";
import { domainError, tierNotAuthorized } from "./api-error.ts";

/** Who is calling: derived from the key alone (part 1 rule 10, part 5). */
export interface Caller {
  readonly workspaceId: string;
  readonly kind: KeyKind;
  readonly keyHash: string;
}

/** The exact 401 details of part 5 rule 5. */
export const AUTH_MESSAGES = Object.freeze({
  missing: "Missing X-API-Key header",
  invalid: "Invalid API key",
  expired: "This API key has expired",
  revoked: "This API key has been revoked",
});

const KEY_FORMAT = /^sk_(?:live|test)_[0-9a-f]{64}$/;

/**
 * Resolves the `X-API-Key` header to a caller, or throws the 401 or 402 of parts 5 and 7.
 * Header names are case-insensitive in HTTP, so `x-api-key` is the same header.
 */
export function authenticate(
  ctx: EmulatorContext,
  header: string | undefined,
  bucket: string,
): Caller {
  if (header === undefined || header === "") throw domainError(401, AUTH_MESSAGES.missing);
  if (!KEY_FORMAT.test(header)) throw domainError(401, AUTH_MESSAGES.invalid);
  const keyHash = hashKey(header);
  const record = ctx.state.keys[keyHash];
  if (!record) throw domainError(401, AUTH_MESSAGES.invalid);
  if (record.revoked) throw domainError(401, AUTH_MESSAGES.revoked);
  if (record.expired) throw domainError(401, AUTH_MESSAGES.expired);
  const workspace = ctx.state.workspaces[record.workspaceId];
  if (!workspace) throw domainError(401, AUTH_MESSAGES.invalid);
  if (workspace.tier !== "api") throw tierNotAuthorized(bucket);
  return { workspaceId: record.workspaceId, kind: record.kind, keyHash };
}
