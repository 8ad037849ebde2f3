import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type ZodType, z } from "zod";
import { decodePathPart } from "./github-routes.ts";

interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: unknown;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
}

interface Route {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly operation: OpenApiOperation;
}

/** A request checked against GitHub's published description: the operation, or what is wrong. */
export type OpenApiVerdict =
  | { readonly ok: true; readonly operationId: string; readonly params: Record<string, string> }
  | { readonly ok: false; readonly problem: string };

let routes: Route[] | null | undefined;
/**
 * The routes by method and number of `/` in the path, in the table's order: a template's
 * parameters never hold a `/`, so only these can match (one lookup instead of a regular
 * expression per operation of GitHub's description on every request).
 */
let routesByShape: Map<string, Route[]> | undefined;
const shapeOf = (method: string, path: string) => `${method} ${path.split("/").length}`;
const bodySchemas = new Map<string, ZodType | null>();

type Paths = Record<string, Record<string, OpenApiOperation>>;

/**
 * The operations of GitHub's description: for each path and method, the operation id, its
 * parameters and its request body, which is all the stand-in checks. The published file is 73 MB,
 * mostly response schemas, and takes most of a second to parse; every test process that starts a
 * stand-in would pay that. So the first process derives this table (about 1.4 MB) and keeps it
 * in `node_modules/.cache`, under the installed version of `@octokit/openapi`.
 * Null when `@octokit/openapi` (a devDependency) is not installed.
 */
function loadPaths(): Paths | null {
  // Resolved at run time, never by the bundler: the 73 MB description must stay out of dist/,
  // and an installed emulator without devDependencies validates with its own schemas only.
  const { createRequire } = process.getBuiltinModule("node:module");
  const require = createRequire(import.meta.url);
  const pkg = ["@octokit", "openapi"].join("/");
  let version: string;
  let root: string;
  try {
    root = dirname(require.resolve(`${pkg}/package.json`));
    version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {
    return null;
  }
  const cache = join(
    root,
    "..",
    "..",
    ".cache",
    "content-review",
    `github-operations-${version}.json`,
  );
  try {
    return JSON.parse(readFileSync(cache, "utf8")) as Paths;
  } catch {
    // Not derived yet (or unreadable): derive it below.
  }
  const file = join(root, "generated", "api.github.com.deref.json");
  const spec = JSON.parse(readFileSync(file, "utf8")) as { paths: Paths };
  const paths: Paths = {};
  for (const [template, methods] of Object.entries(spec.paths)) {
    paths[template] = {};
    for (const [method, operation] of Object.entries(methods)) {
      if (typeof operation !== "object" || !operation.operationId) continue;
      const { operationId, parameters, requestBody } = operation;
      paths[template][method] = { operationId, parameters, requestBody } as OpenApiOperation;
    }
  }
  // Written whole, then renamed: a concurrent reader sees the old state or the new, never half.
  mkdirSync(dirname(cache), { recursive: true });
  const temp = `${cache}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(paths));
  renameSync(temp, cache);
  return paths;
}

/** Whether GitHub's OpenAPI description is installed (`@octokit/openapi`, a devDependency). */
export function openApiAvailable(): boolean {
  return loadRoutes() !== null;
}

function loadRoutes(): Route[] | null {
  if (routes !== undefined) return routes;
  const paths = loadPaths();
  if (paths === null) {
    routes = null;
    return null;
  }
  routes = [];
  for (const [template, methods] of Object.entries(paths)) {
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "([^/]+)")}$`,
    );
    for (const [method, operation] of Object.entries(methods)) {
      if (typeof operation !== "object" || !operation.operationId) continue;
      routes.push({ method: method.toUpperCase(), template, pattern, operation });
    }
  }
  // Literal segments win over parameters (e.g. /pulls/comments/{id} over /pulls/{number}/...).
  routes.sort(
    (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
  );
  routesByShape = new Map();
  for (const route of routes) {
    const shape = shapeOf(route.method, route.template);
    const same = routesByShape.get(shape);
    if (same) same.push(route);
    else routesByShape.set(shape, [route]);
  }
  return routes;
}

function bodySchema(route: Route): ZodType | null {
  const key = `${route.method} ${route.template}`;
  if (!bodySchemas.has(key)) {
    const schema = route.operation.requestBody?.content?.["application/json"]?.schema;
    bodySchemas.set(
      key,
      schema ? z.fromJSONSchema(schema as never, { defaultTarget: "openapi-3.0" }) : null,
    );
  }
  return bodySchemas.get(key) ?? null;
}

function checkScalar(value: string, schema: unknown): boolean {
  const s = schema as { type?: string; enum?: unknown[] } | undefined;
  if (!s) return true;
  if (s.enum && !s.enum.map(String).includes(value)) return false;
  if (s.type === "integer") return /^-?\d+$/.test(value);
  if (s.type === "number") return !Number.isNaN(Number(value));
  if (s.type === "boolean") return value === "true" || value === "false";
  return true;
}

/**
 * Finds the operation of `method path` in `@octokit/openapi`'s description of api.github.com and
 * validates path and query parameters and the JSON body against it. A call the description does
 * not allow is a bug in the caller, so the stand-in answers it with 422 and records the problem.
 */
export function checkAgainstOpenApi(method: string, url: string, body: string): OpenApiVerdict {
  const parsed = new URL(url, "http://fake.invalid");
  loadRoutes();
  const route = (routesByShape?.get(shapeOf(method, parsed.pathname)) ?? []).find(
    (r) => r.method === method && r.pattern.test(parsed.pathname),
  );
  if (!route)
    return {
      ok: false,
      problem: `no operation ${method} ${parsed.pathname} in GitHub's OpenAPI description`,
    };
  const names = [...route.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const values = route.pattern.exec(parsed.pathname)!.slice(1);
  const params: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const value = decodePathPart(values[i] ?? "");
    if (value === null)
      return { ok: false, problem: `malformed escape in ${method} ${parsed.pathname}` };
    params[name] = value;
  }
  const declared = route.operation.parameters ?? [];
  for (const p of declared) {
    const value =
      p.in === "path"
        ? params[p.name]
        : p.in === "query"
          ? parsed.searchParams.get(p.name)
          : undefined;
    if (p.in === "query" && p.required && value === null)
      return {
        ok: false,
        problem: `${route.operation.operationId}: query parameter ${p.name} is required`,
      };
    if (
      (p.in === "path" || p.in === "query") &&
      typeof value === "string" &&
      !checkScalar(value, p.schema)
    ) {
      return {
        ok: false,
        problem: `${route.operation.operationId}: ${p.in} parameter ${p.name}=${value} does not match its schema`,
      };
    }
  }
  for (const name of parsed.searchParams.keys()) {
    if (!declared.some((p) => p.in === "query" && p.name === name)) {
      return {
        ok: false,
        problem: `${route.operation.operationId}: unknown query parameter ${name}`,
      };
    }
  }
  const schema = bodySchema(route);
  if (schema !== null) {
    let json: unknown;
    try {
      json = body === "" ? undefined : JSON.parse(body);
    } catch {
      return { ok: false, problem: `${route.operation.operationId}: the body is not JSON` };
    }
    if (json === undefined) {
      if (route.operation.requestBody?.required)
        return { ok: false, problem: `${route.operation.operationId}: a body is required` };
    } else {
      const result = schema.safeParse(json);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        return {
          ok: false,
          problem: `${route.operation.operationId}: body ${issue.path.join(".") || "(root)"}: ${issue.message}`,
        };
      }
    }
  }
  return { ok: true, operationId: route.operation.operationId, params };
}
