/** A release version: `X.Y.Z`, or `X.Y.Z-label` for a pre-release. */
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** The parts of a version, or null when it is not one. */
export function parseVersion(
  text: string,
): { major: number; minor: number; patch: number; pre: string | null } | null {
  const m = VERSION.exec(text);
  if (m === null) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] ?? null };
}

/** Whether `next` comes after `current` (a pre-release comes before its release). */
export function isNewer(next: string, current: string): boolean {
  const a = parseVersion(next);
  const b = parseVersion(current);
  if (a === null || b === null) return false;
  for (const key of ["major", "minor", "patch"] as const) {
    if (a[key] !== b[key]) return a[key] > b[key];
  }
  if (a.pre === b.pre) return false;
  if (a.pre === null) return true;
  if (b.pre === null) return false;
  return a.pre.localeCompare(b.pre, "en", { numeric: true }) > 0;
}

const UNRELEASED = "## [Unreleased]";

/**
 * The changelog with its Unreleased entries under the release's heading (Keep a Changelog):
 * `## [X.Y.Z] - YYYY-MM-DD` below a new, empty Unreleased section. Throws when the changelog
 * has no Unreleased section, or already has this version.
 */
export function releaseChangelog(text: string, version: string, date: string): string {
  if (!text.includes(UNRELEASED)) {
    throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section to release.`);
  }
  if (text.includes(`## [${version}]`)) {
    throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  }
  return text.replace(UNRELEASED, `${UNRELEASED}\n\n## [${version}] - ${date}`);
}

/** What a release checks first, in order: each names the command that would have to pass. */
export interface ReleaseFacts {
  /** `git status --porcelain`. */
  readonly status: string;
  /** The version in package.json now. */
  readonly current: string;
  /** Whether the tag `vX.Y.Z` exists already. */
  readonly tagExists: boolean;
}

/** Why this release must not go ahead (one line each), or an empty list. */
export function releaseProblems(version: string, facts: ReleaseFacts): string[] {
  const problems: string[] = [];
  if (parseVersion(version) === null) {
    problems.push(`"${version}" is not a version: give X.Y.Z, e.g. npm run release -- 1.0.0.`);
  } else if (!isNewer(version, facts.current)) {
    problems.push(`${version} is not newer than package.json's ${facts.current}.`);
  }
  if (facts.tagExists) problems.push(`The tag v${version} exists already.`);
  if (facts.status.trim() !== "") {
    const files = facts.status.trim().split("\n").length;
    problems.push(
      `The working tree is not clean (${files} ${files === 1 ? "path" : "paths"} in git status): commit or stash first, so that the tag holds exactly what was tested.`,
    );
  }
  return problems;
}
