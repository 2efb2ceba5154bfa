import fs from 'node:fs';
import path from 'node:path';

/** The commands among `commands` that no folder of `searchPath` (a PATH value) holds as an executable file. */
export function missingCommands(commands: readonly string[], searchPath = process.env.PATH ?? ''): string[] {
  const folders = searchPath.split(path.delimiter).filter(Boolean);
  const found = (command: string) =>
    folders.some((folder) => {
      const file = path.join(folder, command);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return fs.statSync(file).isFile();
      } catch {
        return false;
      }
    });
  return commands.filter((command) => !found(command));
}

function skippedTitle(title: string, missing: string[]): string {
  return `${title} (skipped: ${missing.join(', ')} not on the PATH)`;
}

/**
 * `describe` for a suite that needs outside tools (nginx, Caddy, pg_dump…). When one is missing the suite is
 * declared skipped: Mocha then runs none of its tests and none of its hooks, so an `after` that cleans up what a
 * skipped `before` never made cannot fail, and the report says which tool was missing.
 */
export function describeWithCommands(
  commands: readonly string[],
  title: string,
  fn: (this: Mocha.Suite) => void,
): Mocha.Suite | void {
  const missing = missingCommands(commands);
  return missing.length > 0 ? describe.skip(skippedTitle(title, missing), fn) : describe(title, fn);
}

/** `it` for one test that needs outside tools: reported as skipped, naming them, when one is missing. */
export function itWithCommands(commands: readonly string[], title: string, fn: Mocha.AsyncFunc): Mocha.Test {
  const missing = missingCommands(commands);
  return missing.length > 0 ? it.skip(skippedTitle(title, missing), fn) : it(title, fn);
}
