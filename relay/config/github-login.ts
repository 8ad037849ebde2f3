/**
 * A GitHub login (a user or an organisation), as GitHub allows new ones: letters, digits and
 * single hyphens, neither first nor last, at most 39 characters. An Enterprise Managed User's
 * login ends in `_` and the enterprise's short code (`mona_octocorp`), within the same 39.
 */
export const GITHUB_LOGIN =
  /^(?=[A-Za-z0-9_-]{1,39}$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?:_[A-Za-z0-9]+)?$/;

/** A pull request's author: a login, or an App's bot account (`dependabot[bot]`). */
export const GITHUB_AUTHOR = new RegExp(
  GITHUB_LOGIN.source.replaceAll("$)", "(?:\\[bot\\])?$)").replace(/\$$/, "(?:\\[bot\\])?$"),
);
