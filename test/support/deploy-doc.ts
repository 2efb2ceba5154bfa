import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export const DEPLOY_DOC = path.resolve('docs/deploy.md');

/**
 * The `n`th fenced block in `language` under the heading that starts with `heading` in docs/deploy.md, exactly as
 * an operator would copy it. Throws when the doc has no such block, so a renamed section fails loudly.
 */
export function deployDocBlock(heading: string, language: string, n = 0): string {
  const lines = readFileSync(DEPLOY_DOC, 'utf8').split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && line.replace(/^#+ /, '').startsWith(heading));
  if (start < 0) throw new Error(`docs/deploy.md has no heading starting "${heading}"`);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 2;
  const blocks: string[] = [];
  let current: string[] | undefined;
  // Inside a block in another language, where a `# comment` line is no heading.
  let otherBlock = false;
  for (const line of lines.slice(start + 1)) {
    const nextHeading = /^(#+) /.exec(line);
    if (!current && !otherBlock && nextHeading && (nextHeading[1]?.length ?? 0) <= level) break;
    if (current) {
      if (line.startsWith('```')) {
        blocks.push(`${current.join('\n')}\n`);
        current = undefined;
      } else current.push(line);
    } else if (line === `\`\`\`${language}` && !otherBlock) current = [];
    else if (line.startsWith('```')) otherBlock = !otherBlock;
  }
  const block = blocks[n];
  if (block === undefined) throw new Error(`docs/deploy.md "${heading}" has no ${language} block #${n + 1}`);
  return block;
}

const run = promisify(execFile);

/** Runs a command and returns its exit code and everything it printed, without throwing on failure. */
export async function runTool(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; output: string }> {
  return run(command, args, { ...options, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof error.code === 'number' ? error.code : 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
}
