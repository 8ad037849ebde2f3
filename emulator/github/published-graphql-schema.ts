import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

let published: GraphQLSchema | null | undefined;

/**
 * GitHub's published GraphQL schema (`@octokit/graphql-schema`, a devDependency), built once per
 * process (about half a second); null when it is not installed. Resolved at run time, never by
 * the bundler: its 5 MB stay out of dist/, and an installed emulator without devDependencies
 * checks documents against its own subset only.
 */
export function publishedGraphqlSchema(): GraphQLSchema | null {
  if (published !== undefined) return published;
  const { createRequire } = process.getBuiltinModule("node:module");
  const require = createRequire(import.meta.url);
  // The package exports its ESM entry only, so its schema.json is found by the lookup paths.
  const pkg = join("@octokit", "graphql-schema", "schema.json");
  const file = (require.resolve.paths(pkg) ?? [])
    .map((dir) => join(dir, pkg))
    .find((candidate) => existsSync(candidate));
  if (file === undefined) {
    published = null;
    return published;
  }
  try {
    const json = JSON.parse(readFileSync(file, "utf8")) as
      | { data: IntrospectionQuery }
      | IntrospectionQuery;
    published = buildClientSchema("data" in json ? json.data : json);
  } catch {
    published = null;
  }
  return published;
}
