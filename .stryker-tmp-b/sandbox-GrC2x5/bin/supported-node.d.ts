/** The oldest Node major version the commands run on. */
// @ts-nocheck

export declare const REQUIRED_NODE_MAJOR: number;
/**
 * True on Node 24 or newer. Otherwise prints one line saying that Node 24 is required and how
 * to get it, sets the exit code (2 for the CLI, 1 for the servers) and returns false.
 */
export declare function supportedNode(
  command: string,
  version?: string,
  write?: (line: string) => void,
): boolean;
