/**
 * Every module a TypeScript source names: imports and re-exports (type-only ones included), imports for their side
 * effects, and dynamic imports; package names and relative paths as written.
 */
const IMPORT =
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importSpecifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}
