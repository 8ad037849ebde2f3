import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** A function longer than the house allows, by file, name and line count. */
export interface LongFunction {
  readonly file: string;
  readonly name: string;
  readonly lines: number;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) yield full;
  }
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return "(anonymous)";
}

/** Every function (declaration, method, arrow, expression) in `dirs` longer than `limit` lines. */
export function findLongFunctions(
  root: string,
  dirs: readonly string[],
  limit: number,
): LongFunction[] {
  const found: LongFunction[] = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      if (file.includes(`${path.sep}generated${path.sep}`)) continue;
      const source = ts.createSourceFile(
        file,
        readFileSync(file, "utf8"),
        ts.ScriptTarget.Latest,
        true,
      );
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > limit)
            found.push({ file: path.relative(root, file), name: nameOf(node, source), lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

/** A file longer than the house allows, by path and line count. */
export interface LongFile {
  readonly file: string;
  readonly lines: number;
}

/** Every source file in `dirs` longer than `limit` lines (generated code aside). */
export function findLongFiles(root: string, dirs: readonly string[], limit: number): LongFile[] {
  const found: LongFile[] = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      if (file.includes(`${path.sep}generated${path.sep}`)) continue;
      const text = readFileSync(file, "utf8");
      const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
      if (lines > limit) found.push({ file: path.relative(root, file), lines });
    }
  }
  return found;
}
