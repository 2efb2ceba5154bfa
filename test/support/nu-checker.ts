import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/** The Nu Html Checker (the W3C validator's engine), as the vnu-jar package ships it. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** One document for the checker: the HTML and the name its messages are reported under. */
export interface NuDocument {
  label: string;
  html: string;
}

/** The checker needs Java. */
export function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** What a skipped Nu check says, in the title the report shows. */
export const NO_JAVA =
  'skipped: no java on this machine, and the Nu Html Checker is a Java program (apt-get install -y default-jre-headless)';

/**
 * Skips the Nu check when there is no Java, saying so in the title of every test it skips: called in an `it`, that
 * test; in a `before`, each test of the suite. No package of the npm registry ships a Java runtime (vnu-jar's
 * install script downloads one from outside the registry, and does not run unless allowed), so a machine with Node
 * alone reports these checks as skipped, by name and reason, rather than passed; `.ci/run` installs Java.
 */
export function skipWithoutJava(context: Mocha.Context): void {
  if (hasJava()) return;
  const runnable = context.test;
  const inHook = runnable !== undefined && 'type' in runnable && runnable.type === 'hook';
  const tests = inHook ? (runnable.parent?.tests ?? []) : runnable ? [runnable] : [];
  for (const test of tests) test.title = `${test.title} (${NO_JAVA})`;
  context.skip();
}

/** A page with a known error, checked with every run: its errors prove the checker read the files it was given. */
const CANARY = '<!DOCTYPE html><html lang="en"><title>x</title><p><div></p>';

/**
 * Runs the checker once over every document and returns each message with the document it is about. A message
 * about no document given (the checker itself failed), or a run that finds no error in a canary page, throws.
 */
export async function nuMessages<Document extends NuDocument>(
  documents: Document[],
): Promise<{ document: Document; message: VnuMessage }[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vnu-'));
  try {
    const canary = path.join(folder, 'canary.html');
    await fs.writeFile(canary, CANARY);
    const files = new Map<string, Document>();
    for (const [index, document] of documents.entries()) {
      const file = path.join(folder, `page-${index}.html`);
      await fs.writeFile(file, document.html);
      files.set(file, document);
    }
    // One JVM for every page: it takes seconds to start. The quick compiler alone and one GC thread: for a run this
    // short, the optimising compiler costs several times the CPU it saves, and the quick one's deeper stack frames
    // need a bigger thread stack than the checker's 512k minimum.
    const jvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];
    const run = spawnSync('java', [...jvm, '-jar', VNU_JAR, '--format', 'json', '--stdout', canary, ...files.keys()], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const found: { document: Document; message: VnuMessage }[] = [];
    let canaryErrors = 0;
    for (const message of messages) {
      const file = message.url ? fileURLToPath(message.url) : '';
      const document = files.get(file);
      if (file === canary) canaryErrors += message.type === 'error' ? 1 : 0;
      else if (document) found.push({ document, message });
      else throw new Error(`The checker failed: ${message.message}`);
    }
    expect(canaryErrors, 'errors found in the canary page').to.be.greaterThan(0);
    return found;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** A message as a test reports it: the line, the message and the markup it is about. */
export function describeMessage(message: VnuMessage): string {
  return `line ${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` — ${message.extract.trim()}` : ''}`;
}

/** The checker's errors (warnings allowed) on these documents, each as `label line N: message — extract`. */
export async function nuErrors(documents: NuDocument[]): Promise<string[]> {
  return (await nuMessages(documents))
    .filter(({ message }) => message.type !== 'info')
    .map(({ document, message }) => `${document.label} ${describeMessage(message)}`);
}
