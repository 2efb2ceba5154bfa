import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runXmllint } from './xmllint.js';

/**
 * The BDX listing feed checked as the listing sites check it: libxml2's `xmllint --noout --schema` against the real
 * NHlist 7.7 schema. The xmllint is xmllint-wasm's (libxml2 compiled to WebAssembly, an npm devDependency), so a
 * fresh clone needs nothing but Node, run in one worker per test process (xmllint.ts); the schema is the
 * repository's copy (test/fixtures/bdx/, see its README).
 */
export const BDX_SCHEMA_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/bdx/NHlist-v7_7.xsd',
);

/**
 * Where the shared specification keeps the schema: `shared/` beside the clone (CI puts it at ../shared) or beside
 * a folder that holds it (a worktree); undefined when there is none.
 */
export function sharedBdxSchemaFile(): string | undefined {
  let folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  for (;;) {
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    const candidate = path.join(parent, 'shared/spec/bdx/NHlist-v7_7.xsd');
    if (fs.existsSync(candidate)) return candidate;
    folder = parent;
  }
}

let schema: string | undefined;

/** xmllint's exit codes for a document it read and found invalid (3) or could not parse (4). */
const REFUSED = new Set([3, 4]);
/** The line xmllint ends with, for each document: "bdx.xml validates" or "bdx.xml fails to validate". */
const VERDICT = /^bdx\.xml (validates|fails to validate)$/;

/**
 * Every problem xmllint finds in `xml` (not well-formed, or not valid against the schema), one line each with its
 * line number; an empty list when the document is valid. Any other outcome (xmllint could not run) throws.
 */
export async function bdxSchemaErrors(xml: string): Promise<string[]> {
  schema ??= fs.readFileSync(BDX_SCHEMA_FILE, 'utf8');
  const { exitCode, stderr } = await runXmllint(
    [
      { fileName: 'bdx.xml', contents: xml },
      { fileName: 'NHlist-v7_7.xsd', contents: schema },
    ],
    ['--schema', 'NHlist-v7_7.xsd', '--noout', 'bdx.xml'],
    // A feed with hostile text in every field runs to a few megabytes; libxml2 needs room to hold it.
    4096,
  );
  if (exitCode === 0) return [];
  if (!REFUSED.has(exitCode)) throw new Error(`xmllint did not run (exit code ${exitCode}): ${stderr.trim()}`);
  const errors = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !VERDICT.test(line));
  return errors.length > 0 ? errors : [stderr.trim() || 'xmllint refused the document'];
}
