import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { schema as published } from "@octokit/graphql-schema";
import { buildClientSchema, type IntrospectionQuery, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { graphqlSubset } from "../../../emulator/github/graphql-subset.ts";
import { GRAPHQL_DOCUMENTS } from "../../../src/action/github/graphql-documents.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const json = published.json as { data?: IntrospectionQuery } & IntrospectionQuery;
const GITHUB = buildClientSchema(json.data ?? json);

/** The TypeScript files under `dir`, relative to the repository. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

describe("GRAPHQL_DOCUMENTS", () => {
  it.each(Object.entries(GRAPHQL_DOCUMENTS))(
    "GRAPHQL_DOCUMENTS.%s validates against GitHub's published schema (@octokit/graphql-schema)",
    (_, document) => {
      expect(validate(GITHUB, parse(document)).map((e) => e.message)).toEqual([]);
    },
  );

  it.each(Object.entries(GRAPHQL_DOCUMENTS))(
    "GRAPHQL_DOCUMENTS.%s is answered by the GitHub stand-in's subset",
    (_, document) => {
      expect(validate(graphqlSubset(), parse(document)).map((e) => e.message)).toEqual([]);
    },
  );

  it("GRAPHQL_DOCUMENTS: the check refuses a document GitHub would refuse", () => {
    const typo = GRAPHQL_DOCUMENTS["REVIEW_THREADS_QUERY"]!.replace("isResolved", "isResolvd");
    expect(validate(GITHUB, parse(typo)).map((e) => e.message)).toEqual([
      'Cannot query field "isResolvd" on type "PullRequestReviewThread". Did you mean "isResolved"?',
    ]);
  });

  it("GRAPHQL_DOCUMENTS holds every GraphQL document the Action sends", () => {
    const elsewhere = sourceFiles("src").filter((file) => {
      if (file.endsWith("github/graphql-documents.ts")) return false;
      const text = readFileSync(join(ROOT, file), "utf8");
      // A document written in place, or a call that does not take one of the constants.
      return (
        /\b(?:query|mutation)\s+[A-Za-z_]\w*\s*[({]/.test(text) ||
        /\.graphql(?:<[^>]*>)?\(\s*[`'"]/.test(text) ||
        (/\.graphql\b/.test(text) && !text.includes('/github/graphql-documents.ts"'))
      );
    });
    expect(elsewhere.map((f) => relative(ROOT, join(ROOT, f)))).toEqual([]);
  });
});

describe("the GitHub stand-in's GraphQL subset", () => {
  it("the GitHub stand-in's GraphQL subset names GitHub's own types, fields and arguments", () => {
    const subset = graphqlSubset();
    const mismatches: string[] = [];
    for (const type of Object.values(subset.getTypeMap())) {
      if (type.name.startsWith("__") || !("getFields" in type)) continue;
      const theirs = GITHUB.getType(type.name);
      if (theirs === undefined || !("getFields" in theirs)) {
        mismatches.push(`${type.name}: not in GitHub's schema`);
        continue;
      }
      for (const field of Object.values(type.getFields())) {
        const their = theirs.getFields()[field.name];
        if (their === undefined || String(their.type) !== String(field.type)) {
          mismatches.push(
            `${type.name}.${field.name}: ${String(field.type)} (GitHub: ${String(their?.type)})`,
          );
          continue;
        }
        for (const arg of "args" in field ? field.args : []) {
          const theirArg =
            "args" in their ? their.args.find((a) => a.name === arg.name) : undefined;
          if (String(theirArg?.type) !== String(arg.type))
            mismatches.push(`${type.name}.${field.name}(${arg.name}): ${String(arg.type)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
