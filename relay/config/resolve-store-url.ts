import { isAbsolute, resolve } from "node:path";

/**
 * Resolves `STORE_URL` once: a relative SQLite path against `baseDir`, a Postgres URL checked
 * to parse. A message says why a value cannot be used; it never repeats the value (a Postgres
 * URL holds a password).
 */
export function resolveStoreUrl(
  value: string,
  baseDir: string,
): { ok: true; url: string } | { ok: false; message: string } {
  if (value.startsWith("sqlite:")) {
    const path = value.slice("sqlite:".length);
    if (path.trim() === "") {
      return {
        ok: false,
        message:
          "must name the SQLite file after sqlite: (as in sqlite:./data/relay.db): an empty path would journal in memory, and acknowledged events would be lost on restart",
      };
    }
    // `:memory:` is SQLite's in-memory database, named on purpose (tests): kept as it is.
    if (path === ":memory:" || isAbsolute(path)) return { ok: true, url: value };
    return { ok: true, url: `sqlite:${resolve(baseDir, path)}` };
  }
  try {
    new URL(value);
  } catch {
    return {
      ok: false,
      message:
        "must be a URL that parses, as postgres://user:password@host:5432/database: check the port (digits only), and percent-encode @, :, / and # in the user name and password",
    };
  }
  return { ok: true, url: value };
}

/**
 * The folder a relative `STORE_URL` path is relative to: the working directory, except under
 * `npm run relay`, which runs in the repository root: there, the folder npm was run from
 * (`INIT_CWD`), as a user who typed `sqlite:./relay.db` there means.
 */
export function storeBaseDir(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): string {
  const initCwd = env["INIT_CWD"];
  return env["npm_lifecycle_event"] === "relay" && initCwd ? initCwd : cwd;
}
