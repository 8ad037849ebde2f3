// @ts-nocheck
// Checked before any bundle is loaded: the bundles need Node 24 (node:sqlite and more), and on an
// older Node they would fail with a stack trace instead of saying what to do.

/** The oldest Node major version the commands run on. */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * The exit code of a Node too old, per command: the CLI's code for a configuration error (its
 * 1 means findings); the servers exit 1, as on any start-up failure.
 */
const EXIT_CODE_BY_COMMAND = Object.freeze({ "content-review": 2 });

/**
 * True on Node 24 or newer. Otherwise prints one line saying that Node 24 is required and how
 * to get it, sets the exit code (2 for the CLI, 1 for the servers) and returns false.
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
  process.exitCode = EXIT_CODE_BY_COMMAND[command] ?? 1;
  return false;
}
