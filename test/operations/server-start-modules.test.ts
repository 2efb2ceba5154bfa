import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';

/** The server bundle the run's global setup builds, as `npm start` runs it. */
const SERVER_ENTRY = path.resolve('build/server/server.js');

/** `import … from "x"`, `export … from "x"` and `import "x"`: loaded with the module. */
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";|^import\s*"([^"]+)";/gm;
/** `import("x")`: loaded when that code first runs. */
const DYNAMIC_IMPORT = /\bimport\("([^"]+)"\)/g;

/**
 * The bundle's files a module loads with it, from the entry through its static imports, the packages they import,
 * and what they import on first use (packages by name, the bundle's files by path).
 */
function loadedWith(entry: string): { files: string[]; packages: Set<string>; dynamic: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
    for (const match of source.matchAll(DYNAMIC_IMPORT)) {
      const specifier = match[1]!;
      dynamic.add(specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier);
    }
  };
  visit(entry);
  return { files, packages, dynamic };
}

/**
 * What a start loads: the entry, and the app it imports as soon as the settings are checked (src/server.ts), each
 * with what they import.
 */
function startModules(): ReturnType<typeof loadedWith> {
  const entry = loadedWith(SERVER_ENTRY);
  const app = [...entry.dynamic].filter((file) => path.basename(file).startsWith('start-server-'));
  expect(app, 'the app chunk src/server.ts imports').to.have.lengthOf(1);
  const started = loadedWith(app[0]!);
  return {
    files: [...entry.files, ...started.files],
    packages: new Set([...entry.packages, ...started.packages]),
    dynamic: new Set([...[...entry.dynamic].filter((file) => file !== app[0]), ...started.dynamic]),
  };
}

describe('What the server loads at start', () => {
  const { files, packages, dynamic } = startModules();
  /** The packages imported on first use: by name, or by a bundle file imported then. */
  const onFirstUse = new Set(
    [...dynamic].flatMap((specifier) =>
      path.isAbsolute(specifier) ? [...loadedWith(specifier).packages] : [specifier],
    ),
  );

  it('reads the bundle through its static imports, the app and its packages among them', () => {
    expect(files.length).to.be.greaterThan(1);
    expect([...packages]).to.include.members(['express', 'knex', 'react-dom/server']);
  });

  // Each is a large share of a start's CPU time, and only a few requests (or one configuration) need it.
  for (const [name, when] of [
    ['sharp', 'an image is read or encoded'],
    ['@aws-sdk/client-s3', 'UPLOAD_STORE names a bucket'],
    ['@simplewebauthn/server', 'a passkey is enrolled or used'],
  ] as const) {
    it(`loads ${name} only when ${when}`, () => {
      expect([...packages], 'imported at start').to.not.include(name);
      expect([...onFirstUse], 'imported on first use').to.include(name);
    });
  }
});
