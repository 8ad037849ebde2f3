import type { ExtraOperation } from "./github-operation.ts";

/**
 * Operations the emulator's GitHub answers besides the stand-in's own (for example the GitHub
 * App endpoints `GET /repos/{owner}/{repo}/installation` and
 * `POST /app/installations/{installation_id}/access_tokens`, which verify an RS256 JWT
 * themselves). Each lives in a file of its own and is listed here; tests that start a stand-in
 * pass theirs as `extraOperations`.
 */
export const EXTRA_OPERATIONS: readonly ExtraOperation[] = Object.freeze([]);
