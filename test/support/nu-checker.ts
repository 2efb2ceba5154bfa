import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { freePort } from './child-server.js';
import { afterRun, sharedByRunOnce, shellQuoted } from './run-shared.js';

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

let javaRuns: boolean | undefined;

/** The checker needs Java. Asked once per process: a JVM's start costs more than the question is worth each time. */
export function hasJava(): boolean {
  javaRuns ??= spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
  return javaRuns;
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

/** A page with a known error, checked with every run: its errors prove the checker read the documents it was given. */
const CANARY = '<!DOCTYPE html><html lang="en"><title>x</title><p><div></p>';

/**
 * The quick compiler alone and one GC thread: for a JVM this busy for this short, the optimising compiler costs more
 * CPU than it saves. The quick one's deeper stack frames need a bigger thread stack than the checker's 512k minimum.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];

/** How many documents are sent to the checker at a time. */
const AT_A_TIME = 4;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the checker as a web service on a free loopback port, stopped (and its `record` removed) when the run
 * ends, and waits until it answers.
 */
async function startService(record: string): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const java = [...JVM_OPTIONS, '-Dnu.validator.servlet.bind-address=127.0.0.1', '-cp', VNU_JAR];
  const checker = spawn('java', [...java, 'nu.validator.servlet.Main', String(port)], {
    detached: true,
    stdio: 'ignore',
  });
  checker.unref();
  afterRun(`kill ${checker.pid} 2>/dev/null; rm -f ${shellQuoted(record)}`);
  const deadline = Date.now() + 60_000;
  while (!(await answers(url))) {
    if (checker.exitCode !== null || Date.now() > deadline)
      throw new Error(`The Nu Html Checker did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return url;
}

/**
 * The run's one checker service: a JVM takes a second or two of CPU to start, and the checker's classes as long
 * again to load, so the run's workers share one (run-shared.ts), started by the first check.
 */
export const sharedService = sharedByRunOnce('nu-checker', answers, startService);

/** The checker's messages about one document. */
async function checkDocument(serviceUrl: string, html: string): Promise<VnuMessage[]> {
  const response = await fetch(`${serviceUrl}?out=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: html,
  });
  if (!response.ok) throw new Error(`The checker answered ${response.status}`);
  return ((await response.json()) as { messages: VnuMessage[] }).messages;
}

/**
 * Checks every document and returns each message with the document it is about. A message about no document (the
 * checker itself failed), or no error found in a canary page, throws.
 */
export async function nuMessages<Document extends NuDocument>(
  documents: Document[],
): Promise<{ document: Document; message: VnuMessage }[]> {
  const serviceUrl = await sharedService();
  const canaryErrors = (await checkDocument(serviceUrl, CANARY)).filter((message) => message.type === 'error');
  expect(canaryErrors.length, 'errors found in the canary page').to.be.greaterThan(0);
  const found: { document: Document; message: VnuMessage }[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < documents.length) {
      const index = next++;
      const document = documents[index]!;
      const messages = await checkDocument(serviceUrl, document.html);
      const failure = messages.find((message) => message.type === 'non-document-error');
      if (failure) throw new Error(`The checker failed: ${failure.message}`);
      found[index] = messages.map((message) => ({ document, message }));
    }
  };
  await Promise.all(Array.from({ length: AT_A_TIME }, worker));
  return found.flat();
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
