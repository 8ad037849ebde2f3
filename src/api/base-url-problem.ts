/** The example of a base URL that every message shows. */
const EXAMPLE = "https://review.example.com";

/**
 * Why `value` cannot be the service's base URL (the spec's `{base_url}`, under which every path
 * starts with `/api`), or null when it can. A base URL ending in `/api` or `/api/` is refused:
 * every request would go to `…/api/api/…`, a 404 that reads as a wrong id long after the start.
 * The CLI, the Action and the library check it before any request, each naming its own setting.
 */
export function baseUrlProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol)) {
    return `must be an http(s) URL such as ${EXAMPLE}`;
  }
  const url = new URL(trimmed);
  if (/\/api\/*$/i.test(url.pathname)) {
    url.pathname = url.pathname.replace(/\/api\/*$/i, "");
    const without = url.href.replace(/\/+$/, "");
    return `must not end in /api: every path of the service starts with /api already, so requests would go to …/api/api/… (use ${without})`;
  }
  return null;
}
