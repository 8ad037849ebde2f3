import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One import from a file in one unit to a file in another. */
export interface FolderImport {
  readonly from: string;
  readonly to: string;
  /** The importing file and the imported one, relative to the root. */
  readonly file: string;
  readonly target: string;
}

/** What the folder rules found over one directory: each list empty when the house holds. */
export interface FolderImportReport {
  /** Pairs of units that import each other, as "a <-> b". */
  readonly twoWay: readonly string[];
  /** Circles of three or more units, as "a -> b -> c -> a". */
  readonly circles: readonly string[];
  /** Imports into a folder that bypass its index.ts, as "file -> target". */
  readonly pastFace: readonly string[];
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) yield full;
  }
}

/** Every relative module specifier a file imports or re-exports, types included. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith("."));
}

/**
 * The unit a file belongs to: its first folder under `dir`, or, for a file at the top of
 * `dir`, the file itself (the entry points and shared leaves at a root are units of their own).
 */
function unitOf(dir: string, file: string): string {
  const [first, ...rest] = path.relative(dir, file).split(path.sep);
  return rest.length === 0 ? (first as string) : `${first}/`;
}

/** The imports between units under `dir` (a folder's files importing each other are left out). */
export function folderImports(dir: string): FolderImport[] {
  const found: FolderImport[] = [];
  for (const file of sourceFiles(dir)) {
    for (const spec of specifiers(file)) {
      let target = path.resolve(path.dirname(file), spec);
      if (existsSync(target) && statSync(target).isDirectory())
        target = path.join(target, "index.ts");
      if (!target.startsWith(dir + path.sep)) continue;
      const from = unitOf(dir, file);
      const to = unitOf(dir, target);
      if (from !== to)
        found.push({
          from,
          to,
          file: path.relative(dir, file),
          target: path.relative(dir, target),
        });
    }
  }
  return found;
}

/** Circles in a graph, each found once from its smallest unit (units in sorted order). */
function findCircles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const circles: string[][] = [];
  const units = [...edges.keys()].sort();
  for (const start of units) {
    const walk = (at: string, trail: string[]): void => {
      for (const next of [...(edges.get(at) ?? [])].sort()) {
        if (next === start) circles.push([...trail, start]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return circles;
}

/**
 * The house's folder rules over `dir`: no two units import each other, no circle runs through
 * three or more of them, and an import into a folder goes through that folder's index.ts.
 */
export function checkFolderImports(dir: string): FolderImportReport {
  const imports = folderImports(dir);
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (!edges.has(i.from)) edges.set(i.from, new Set());
    edges.get(i.from)?.add(i.to);
  }
  const circles = findCircles(edges);
  return {
    twoWay: circles.filter((c) => c.length === 3).map(([a, b]) => `${a} <-> ${b}`),
    circles: circles.filter((c) => c.length > 3).map((c) => c.join(" -> ")),
    pastFace: imports
      .filter((i) => i.to.endsWith("/") && i.target !== `${i.to}index.ts`)
      .map((i) => `${i.file} -> ${i.target}`),
  };
}
