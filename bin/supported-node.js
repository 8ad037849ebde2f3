// Checked before any bundle is loaded: the bundles need Node 24 (node:sqlite and more), and on an
// older Node they would fail with a stack trace instead of saying what to do.

/** The oldest Node major version the commands run on. */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * True on Node 24 or newer. Otherwise prints one line saying that Node 24 is required and how
 * to get it, sets the exit code to 1 and returns false.
 * @param {string} command the command's name, for the message
 * @param {string} [version] the running Node's version @default process.versions.node
 * @param {(line: string) => void} [write] @default a write to stderr
 */
export function supportedNode(
  command,
  version = process.versions.node,
  write = (line) => process.stderr.write(line),
) {
  const major = Number(String(version).split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return true;
  write(
    `${command}: Node ${REQUIRED_NODE_MAJOR} or newer is required (this is Node ${version}); install it from https://nodejs.org/ or with a version manager (nvm install ${REQUIRED_NODE_MAJOR}), then run ${command} again\n`,
  );
  process.exitCode = 1;
  return false;
}
