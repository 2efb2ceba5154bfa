import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The BDX listing feed checked as the listing sites check it: libxml2's `xmllint --noout --schema` against the real
 * NHlist 7.7 schema. The xmllint is xmllint-wasm (libxml2 compiled to WebAssembly, an npm devDependency), so a
 * fresh clone needs nothing but Node; the schema is the repository's copy (test/fixtures/bdx/, see its README).
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

/**
 * Every problem xmllint finds in `xml` (not well-formed, or not valid against the schema), one line each with its
 * line number; an empty list when the document is valid.
 */
export async function bdxSchemaErrors(xml: string): Promise<string[]> {
  schema ??= fs.readFileSync(BDX_SCHEMA_FILE, 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'bdx.xml', contents: xml }],
    schema: [schema],
    // A feed with hostile text in every field runs to a few megabytes; libxml2 needs room to hold it.
    maxMemoryPages: 4096,
  });
  if (result.valid) return [];
  const errors = result.errors.map((error) => error.rawMessage.trim()).filter(Boolean);
  return errors.length > 0 ? errors : [result.rawOutput.trim() || 'xmllint refused the document'];
}
