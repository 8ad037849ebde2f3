/** The key of a submitted blob in `EmulatorContext.claimedBlobPaths`: blob paths are per workspace. */
// @ts-nocheck

export function blobClaim(workspaceId: string, blobPath: string): string {
  return `${workspaceId}\n${blobPath}`;
}
